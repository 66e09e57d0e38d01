// SPDX-License-Identifier: GPL-2.0
/*
 * BlueField hwmon counting (mlxbf-pmc): program eventN with a number (every driver version
 * takes one), read counterN as deltas, start l3cache blocks through enable. Every eventN and
 * enable touched is restored; a counter file is never written; one pmuctl per block (flock).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include "pmu/drv_hwmon.h"
#include "pmu/strnum.h"

struct hwmon_counter {
	const struct sysroot *root;
	const struct bf_block *block;
	char dir[PATH_MAX];	/* class/hwmon/hwmonN/BLOCK */
	uint32_t code;
	const char *reg;	/* register blocks: the file read */
	int slot;		/* eventN/counterN; -1 for registers */
	uint64_t start;
	char *saved_event;	/* "0x45" to write back, NULL when nothing to restore */
	bool programmed;
};

/* per block: the lock and the enable state to restore */
struct hwmon_block {
	char dir[PATH_MAX];
	const struct sysroot *root;
	const struct bf_block *block;
	int lock_fd;
	int saved_enable;	/* -1: not touched */
	int next_slot;
};

struct hwmon_state {
	struct hwmon_block *b;
	size_t n;
};

const char *hwmon_lock_dir(void)
{
	const char *env = getenv("PMUCTL_LOCK_DIR");

	if (env && *env)
		return env;
	return access("/run/lock", W_OK) ? "/tmp" : "/run/lock";
}

struct counter *hwmon_counter_add(struct count_set *s, const struct sysroot *root,
				  const struct bf_request *r, const char *text)
{
	struct hwmon_counter *h = calloc(1, sizeof(*h));
	struct counter *c;

	if (!h)
		return NULL;
	c = count_add(s, &hwmon_driver);
	if (!c) {
		free(h);
		return NULL;
	}
	h->root = root;
	h->block = r->block;
	snprintf(h->dir, sizeof(h->dir), "class/hwmon/%s/%s", r->dev->hwmon, r->block->name);
	h->code = r->event->code;
	h->reg = r->block->kind == BF_BLOCK_REGISTER ? r->event->name : NULL;
	h->slot = -1;
	c->priv = h;
	c->event = strdup(text);
	if (asprintf(&c->pmu, "bfperf/%s", r->block->name) < 0)
		c->pmu = NULL;
	return c;
}

static struct hwmon_counter *hw_of(const struct counter *c)
{
	return c->drv == &hwmon_driver ? c->priv : NULL;
}

static int read_text(const struct sysroot *root, const char *dir, const char *file, char **out)
{
	char rel[PATH_MAX + 64];

	snprintf(rel, sizeof(rel), "%s/%s", dir, file);
	return sysroot_read_trim(root, rel, out);
}

static int read_u64(const struct sysroot *root, const char *dir, const char *file, uint64_t *v)
{
	char *text;
	int ret = read_text(root, dir, file, &text);

	if (ret)
		return ret;
	ret = strnum_u64(text, 0, UINT64_MAX, v);
	free(text);
	return ret;
}

static int write_text(const struct sysroot *root, const char *dir, const char *file, const char *text)
{
	char rel[PATH_MAX + 64];
	size_t len = strlen(text);
	int fd, ret = 0;

	snprintf(rel, sizeof(rel), "%s/%s", dir, file);
	fd = sysroot_openat(root, rel, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return fd;
	if (write(fd, text, len) != (ssize_t)len)
		ret = -errno ? -errno : -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

static struct hwmon_block *block_for(struct hwmon_state *st, struct hwmon_counter *h)
{
	struct hwmon_block *b;

	if (!h)
		return NULL;
	for (size_t i = 0; i < st->n; i++)
		if (!strcmp(st->b[i].dir, h->dir))
			return &st->b[i];
	b = realloc(st->b, (st->n + 1) * sizeof(*b));
	if (!b)
		return NULL;
	st->b = b;
	b = &st->b[st->n++];
	memset(b, 0, sizeof(*b));
	snprintf(b->dir, sizeof(b->dir), "%s", h->dir);
	b->root = h->root;
	b->block = h->block;
	b->lock_fd = -1;
	b->saved_enable = -1;
	return b;
}

/* Keyed by the block's real path, so two roots naming the same block share the lock */
static int lock_block(struct hwmon_block *b, char *why, size_t n)
{
	char key[PATH_MAX], path[PATH_MAX + 64], pid[32];
	int dfd = sysroot_openat(b->root, b->dir, O_RDONLY | O_DIRECTORY), fd;
	char link[64];
	ssize_t len;

	if (dfd < 0) {
		snprintf(why, n, "cannot open %s: %s", b->dir, strerror(-dfd));
		return dfd;
	}
	snprintf(link, sizeof(link), "/proc/self/fd/%d", dfd);
	len = readlink(link, key, sizeof(key) - 1);
	close(dfd);
	if (len <= 0)
		len = snprintf(key, sizeof(key), "%s", b->dir);
	key[len < (ssize_t)sizeof(key) ? len : (ssize_t)sizeof(key) - 1] = '\0';
	for (char *p = key; *p; p++)
		if (*p == '/')
			*p = '_';
	snprintf(path, sizeof(path), "%s/pmuctl-bfperf%.200s.lock", hwmon_lock_dir(), key);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		snprintf(why, n, "cannot create the lock %s: %s", path, strerror(errno));
		return -errno;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		char other[32] = "";
		ssize_t got = pread(fd, other, sizeof(other) - 1, 0);

		other[got > 0 ? got : 0] = '\0';
		other[strcspn(other, "\n")] = '\0';
		snprintf(why, n, "block %s is being counted by another pmuctl (pid %s; lock %s)",
			 b->block->name, *other ? other : "?", path);
		close(fd);
		return -EBUSY;
	}
	len = snprintf(pid, sizeof(pid), "%d\n", (int)getpid());
	if (ftruncate(fd, 0) || pwrite(fd, pid, (size_t)len, 0) != len)
		(void)0;	/* the pid is for messages only */
	b->lock_fd = fd;
	return 0;
}

/* "0x45: HNF_REQUESTS" -> "0x45"; "No event being monitored" -> NULL */
static char *event_number(const char *text)
{
	uint64_t v;
	size_t len = strcspn(text, ":");

	if (strnum_u64n(text, len, 0, UINT32_MAX, &v))
		return NULL;
	return strndup(text, len);
}

static int program(struct hwmon_block *b, struct hwmon_counter *h, char *why, size_t n)
{
	char file[32], num[32], *old = NULL;
	int ret;

	if (b->next_slot >= b->block->ncounters) {
		snprintf(why, n, "block %s has %d counters; more events were asked for",
			 b->block->name, b->block->ncounters);
		return -ENOSPC;
	}
	h->slot = b->next_slot++;
	snprintf(file, sizeof(file), "event%d", h->slot);
	ret = read_text(h->root, h->dir, file, &old);
	if (ret) {
		snprintf(why, n, "cannot read %s/%s: %s", h->dir, file, strerror(-ret));
		return ret;
	}
	h->saved_event = event_number(old);
	free(old);
	snprintf(num, sizeof(num), "0x%x", h->code);
	ret = write_text(h->root, h->dir, file, num);
	if (ret) {
		snprintf(why, n, "cannot program %s/%s: %s", h->dir, file, strerror(-ret));
		return ret;
	}
	h->programmed = true;
	return 0;
}

static const char *sample_file(const struct hwmon_counter *h, char *buf, size_t size)
{
	if (h->reg)
		return h->reg;
	snprintf(buf, size, "counter%d", h->slot);
	return buf;
}

static int sample(struct counter *c, uint64_t *v)
{
	struct hwmon_counter *h = hw_of(c);
	char file[32];

	return read_u64(h->root, h->dir, sample_file(h, file, sizeof(file)), v);
}

static void sample_failed(struct counter *c, int ret)
{
	struct hwmon_counter *h = hw_of(c);
	char file[32];

	count_fail(c, -EIO, "cannot read %s/%s: %s", h->dir, sample_file(h, file, sizeof(file)),
		   ret == -EINVAL || ret == -ERANGE ? "not a 64-bit number" : strerror(-ret));
}

static int open_counter(struct hwmon_state *st, struct counter *c)
{
	struct hwmon_counter *h = hw_of(c);
	struct hwmon_block *b = block_for(st, h);
	char why[PATH_MAX + 256];
	int ret;

	if (!b)
		return -ENOMEM;
	if (b->lock_fd < 0) {
		ret = lock_block(b, why, sizeof(why));
		if (ret) {
			count_fail(c, ret, "%s", why);
			return 0;
		}
	}
	if (h->reg) {
		uint64_t v;

		/* a register that does not read as a number fails here, with the open failures */
		ret = sample(c, &v);
		if (ret)
			sample_failed(c, ret);
		return 0;
	}
	if (b->block->kind == BF_BLOCK_L3CACHE && b->saved_enable < 0) {
		uint64_t en;

		/* programming an l3cache counter stops the whole block: remember whether it ran */
		if (!read_u64(h->root, h->dir, "enable", &en))
			b->saved_enable = (int)en;
	}
	ret = program(b, h, why, sizeof(why));
	if (ret)
		count_fail(c, ret, "%s", why);
	return 0;
}

static int hwmon_open(struct count_set *s, struct pmu_err *err)
{
	struct hwmon_state *st = calloc(1, sizeof(*st));

	(void)err;
	if (!st)
		return -ENOMEM;
	s->drv_state[1] = st;
	for (size_t i = 0; i < s->n; i++) {
		int ret = hw_of(&s->v[i]) ? open_counter(st, &s->v[i]) : 0;

		if (ret)
			return ret;
	}
	return 0;
}

static int hwmon_enable(struct count_set *s)
{
	struct hwmon_state *st = s->drv_state[1];

	for (size_t i = 0; st && i < st->n; i++)
		if (st->b[i].block->kind == BF_BLOCK_L3CACHE && st->b[i].saved_enable >= 0 &&
		    st->b[i].lock_fd >= 0)
			write_text(st->b[i].root, st->b[i].dir, "enable", "1");
	for (size_t i = 0; i < s->n; i++) {
		struct hwmon_counter *h = hw_of(&s->v[i]);

		if (!h || s->v[i].state == COUNT_FAILED)
			continue;
		int ret = sample(&s->v[i], &h->start);

		if (ret)
			sample_failed(&s->v[i], ret);
	}
	return 0;
}

static int hwmon_read(struct count_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		struct hwmon_counter *h = hw_of(&s->v[i]);
		uint64_t now;

		if (!h || s->v[i].state == COUNT_FAILED)
			continue;
		if (sample(&s->v[i], &now))
			continue;
		s->v[i].value = now - h->start;	/* unsigned: a wrap still gives the delta */
		s->v[i].enabled = s->v[i].running = 1;
	}
	return 0;
}

static int hwmon_disable(struct count_set *s)
{
	struct hwmon_state *st = s->drv_state[1];

	for (size_t i = 0; st && i < st->n; i++)
		if (st->b[i].block->kind == BF_BLOCK_L3CACHE && st->b[i].saved_enable >= 0 &&
		    st->b[i].lock_fd >= 0)
			write_text(st->b[i].root, st->b[i].dir, "enable", "0");
	return 0;
}

/* Put back every eventN, then each l3cache block's enable, then let go of the locks */
static void hwmon_close(struct count_set *s)
{
	struct hwmon_state *st = s->drv_state[1];

	for (size_t i = s->n; i-- > 0;) {
		struct hwmon_counter *h = hw_of(&s->v[i]);
		char file[32];

		if (!h)
			continue;
		if (h->programmed && h->saved_event) {
			snprintf(file, sizeof(file), "event%d", h->slot);
			write_text(h->root, h->dir, file, h->saved_event);
		}
		free(h->saved_event);
		free(h);
		s->v[i].priv = NULL;
	}
	for (size_t i = 0; st && i < st->n; i++) {
		struct hwmon_block *b = &st->b[i];

		if (b->saved_enable >= 0 && b->lock_fd >= 0)
			write_text(b->root, b->dir, "enable", b->saved_enable ? "1" : "0");
		if (b->lock_fd >= 0)
			close(b->lock_fd);
	}
	if (st)
		free(st->b);
	free(st);
	s->drv_state[1] = NULL;
}

static const char *hwmon_describe(const struct counter *c)
{
	(void)c;
	return "BlueField hwmon";
}

const struct count_driver hwmon_driver = {
	.name = "hwmon",
	.open = hwmon_open,
	.enable = hwmon_enable,
	.read = hwmon_read,
	.disable = hwmon_disable,
	.close = hwmon_close,
	.describe = hwmon_describe,
};
