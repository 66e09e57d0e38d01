// SPDX-License-Identifier: GPL-2.0
/*
 * BlueField hwmon counting (mlxbf-pmc): program eventN with a number (every driver version
 * takes one), read counterN as deltas, start l3cache and crspace blocks through enable. Every
 * eventN and enable touched is restored; a counter file is never written; one pmuctl per
 * block (hwmon_lock.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "lib/diag.h"
#include "lib/strnum.h"
#include "pmu/family/hwmon.h"
#include "pmu/family/hwmon_io.h"
#include "pmu/family/hwmon_lock.h"
#include "pmu/family/hwmon_record.h"
#include "pmu/family/bluefield.h"
#include "pmu/plan.h"

struct hwmon_counter {
	const struct sysroot *root;
	const struct pmu *block;
	char dir[PATH_MAX];	/* class/hwmon/hwmonN/BLOCK */
	uint32_t code;
	const char *reg;	/* register blocks: the file read */
	int slot;		/* eventN/counterN; -1 for registers */
	uint64_t last;		/* the counter's value at the last read (at enable first) */
	uint64_t start_ns;	/* when counting began, for enabled time */
	uint64_t last_ns;	/* when last was read: the baseline's time */
	uint64_t running_ns;	/* the time between reads that both succeeded */
	uint64_t jump_value;	/* a read no hardware could count (jump_pending): what it read */
	bool jump_pending;
	bool counting;		/* enabled and read once: a failed read is tried again */
	bool read_failed;	/* the last read failed: the next only takes a new baseline */
	char *saved_event;	/* "0x45" to write back, NULL when nothing to restore */
	bool programmed;
};

/* per block: the lock and the enable state to restore */
struct hwmon_block {
	char dir[PATH_MAX];
	const struct sysroot *root;
	const struct pmu *block;
	struct hwmon_lock *lock;	/* NULL until taken */
	int saved_enable;	/* -1: not touched */
	int next_slot;
	bool programmed;	/* an eventN was written: enable must come back */
	bool lock_failed;	/* another pmuctl holds it: its counters failed */
	char skipped[160];	/* a slot left alone because its event could not be saved */
	struct hwmon_record rec;	/* what was changed, written ahead (hwmon_record.h) */
};

struct hwmon_state {
	struct hwmon_block *b;
	size_t n;
	struct diag *notes;	/* the count set's */
};

struct counter *hwmon_counter_add(struct count_set *s, const struct sysroot *root,
				  const struct plan_event *e)
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
	h->block = e->pmu;
	bf_block_dir(e->pmu, h->dir, sizeof(h->dir));
	h->code = (uint32_t)e->config[0];
	h->reg = bf_block_kind(e->pmu) == BF_BLOCK_REGISTER ? e->alias->name : NULL;
	h->slot = -1;
	c->priv = h;
	c->event = e->event;
	return c;
}

static const char *block_name(const struct pmu *p)
{
	return p->name + strlen(BF_PMU_PREFIX);
}

static struct hwmon_counter *hw_of(const struct counter *c)
{
	return c->drv == &hwmon_driver ? c->priv : NULL;
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
	b->saved_enable = -1;
	return b;
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

/*
 * The next counter of the block whose event can be saved: a slot whose eventN does not read
 * as "0xN: NAME" (the driver prints "No event being monitored" when the hardware read fails)
 * could not be put back, so it is left alone.
 */
static int next_slot(struct hwmon_block *b, struct hwmon_counter *h, char *why, size_t n)
{
	while (b->next_slot < b->block->ncounters) {
		char file[32], *old = NULL;
		int slot = b->next_slot++, ret;

		snprintf(file, sizeof(file), "event%d", slot);
		ret = hwmon_read_text(h->root, h->dir, file, &old);
		if (ret) {
			snprintf(why, n, "cannot read %s/%s: %s", h->dir, file, strerror(-ret));
			return ret;
		}
		h->saved_event = event_number(old);
		if (h->saved_event) {
			free(old);
			h->slot = slot;
			return 0;
		}
		snprintf(b->skipped, sizeof(b->skipped), "%s reads '%.80s', which could not be restored",
			 file, old);
		free(old);
	}
	if (b->skipped[0])
		snprintf(why, n, "block %s has no free counter: %s", block_name(b->block), b->skipped);
	else
		snprintf(why, n, "block %s has %d counter%s; more events were asked for",
			 block_name(b->block), b->block->ncounters, plural(b->block->ncounters));
	return -ENOSPC;
}

/*
 * What is about to be written, written down first, so that a run killed before it restores
 * is undone by the next (hwmon_record.h); a record that cannot be kept is said once
 */
static void record(struct hwmon_state *st, struct hwmon_block *b, const char *file, const char *before,
		   const char *written)
{
	int ret = hwmon_record_add(&b->rec, file, before, written);

	if (!ret || b->rec.unwritable)
		return;
	b->rec.unwritable = true;
	diag_add(st->notes, "block %s: cannot keep a record of what it programs in %s (%s): a run killed "
		 "before it restores leaves the block programmed, and the next cannot undo it",
		 block_name(b->block), HWMON_RECORD_DIR, strerror(-ret));
}

static int program(struct hwmon_state *st, struct hwmon_block *b, struct hwmon_counter *h, char *why, size_t n)
{
	char file[32], num[32];
	int ret = next_slot(b, h, why, n);

	if (ret)
		return ret;
	snprintf(file, sizeof(file), "event%d", h->slot);
	snprintf(num, sizeof(num), "0x%x", h->code);
	record(st, b, file, h->saved_event, num);
	ret = hwmon_write_text(h->root, h->dir, file, num);
	if (ret) {
		snprintf(why, n, "cannot program %s/%s: %s", h->dir, file, strerror(-ret));
		return ret;
	}
	h->programmed = b->programmed = true;
	return 0;
}

static const char *sample_file(const struct hwmon_counter *h, char *buf, size_t size)
{
	if (h->reg)
		return h->reg;
	snprintf(buf, size, "counter%d", h->slot);
	return buf;
}

/* crspace counters are 32-bit registers (mlxbf_pmc_read_crspace_counter); the others 64 */
static uint64_t counter_mask(const struct pmu *block)
{
	return bf_block_kind(block) == BF_BLOCK_CRSPACE ? UINT32_MAX : UINT64_MAX;
}

/* A value wider than the register is a bad read, not a count: -ERANGE */
static int sample(struct counter *c, uint64_t *v)
{
	struct hwmon_counter *h = hw_of(c);
	char file[32];

	return hwmon_read_u64(h->root, h->dir, sample_file(h, file, sizeof(file)), v) ?:
	       (*v > counter_mask(h->block) && !h->reg ? -ERANGE : 0);
}

static void sample_failed(struct counter *c, int ret)
{
	struct hwmon_counter *h = hw_of(c);
	char file[32];

	count_fail(c, -EIO, "cannot read %s/%s: %s", h->dir, sample_file(h, file, sizeof(file)),
		   ret == -EINVAL || ret == -ERANGE ?
			   (counter_mask(h->block) == UINT32_MAX && !h->reg ? "not a 32-bit number" :
									      "not a 64-bit number") :
			   strerror(-ret));
}

/*
 * l3cache and BF3 crspace blocks count only while their enable is set: one bit for all their
 * counters (mlxbf_pmc_enable_store); other counter blocks start as each eventN is written
 */
static bool started_together(const struct pmu *block)
{
	return bf_block_kind(block) == BF_BLOCK_L3CACHE || bf_block_kind(block) == BF_BLOCK_CRSPACE;
}

static int open_counter(struct hwmon_state *st, struct counter *c)
{
	struct hwmon_counter *h = hw_of(c);
	struct hwmon_block *b = block_for(st, h);
	char why[PATH_MAX + 256];
	int ret;

	if (!b)
		return -ENOMEM;
	if (!b->lock)
		return 0;	/* its reservation failed, and said why */
	if (h->reg) {
		uint64_t v;

		/* a register that does not read as a number fails here, with the open failures */
		ret = sample(c, &v);
		if (ret)
			sample_failed(c, ret);
		return 0;
	}
	if (started_together(b->block) && b->saved_enable < 0) {
		uint64_t en;

		/* the block's enable is ours while counting: what it was must come back */
		ret = hwmon_read_u64(h->root, h->dir, "enable", &en);
		if (ret || en > 1) {
			count_fail(c, ret ? ret : -EINVAL, "cannot save %s/enable: %s; not programmed",
				   h->dir, ret && ret != -EINVAL ? strerror(-ret) : "not 0 or 1");
			return 0;
		}
		b->saved_enable = (int)en;
	}
	ret = program(st, b, h, why, sizeof(why));
	if (ret)
		count_fail(c, ret, "%s", why);
	return 0;
}

static struct hwmon_state **state_of(struct count_set *s)
{
	return (struct hwmon_state **)count_driver_state(s, &hwmon_driver);
}

/* Every block's lock, taken before anything is written: a block another pmuctl holds fails
 * its counters */
static int hwmon_reserve(struct count_set *s)
{
	struct hwmon_state *st = *state_of(s);

	if (st)
		return 0;
	st = calloc(1, sizeof(*st));
	if (!st)
		return -ENOMEM;
	st->notes = &s->notes;
	*state_of(s) = st;
	for (size_t i = 0; i < s->n; i++) {
		struct hwmon_counter *h = hw_of(&s->v[i]);
		struct hwmon_block *b = h ? block_for(st, h) : NULL;
		char why[PATH_MAX + 256];
		int ret;

		if (h && !b)
			return -ENOMEM;
		if (!b || b->lock || b->lock_failed)
			continue;
		ret = hwmon_lock_take(b->root, b->dir, block_name(b->block), &b->lock, why, sizeof(why));
		if (!ret) {
			/* a run that ended without restoring left its record: undone first */
			hwmon_record_recover(b->root, b->dir, block_name(b->block), &s->notes);
			hwmon_record_init(&b->rec, b->root, b->dir);
			continue;
		}
		b->lock_failed = true;
		for (size_t k = 0; k < s->n; k++) {
			const struct hwmon_counter *other = hw_of(&s->v[k]);

			if (other && !strcmp(other->dir, b->dir))
				count_fail(&s->v[k], ret, "%s", why);
		}
	}
	return 0;
}

static int hwmon_open(struct count_set *s)
{
	int ret = hwmon_reserve(s);

	for (size_t i = 0; !ret && i < s->n; i++)
		if (hw_of(&s->v[i]) && s->v[i].state != COUNT_FAILED)
			ret = open_counter(*state_of(s), &s->v[i]);
	return ret;
}

/* Start or stop the l3cache and crspace blocks; a block that does not take it fails its counters */
static void set_enable(struct count_set *s, const char *value)
{
	struct hwmon_state *st = *state_of(s);

	for (size_t i = 0; st && i < st->n; i++) {
		struct hwmon_block *b = &st->b[i];
		int ret;

		if (!started_together(b->block) || !b->programmed)
			continue;
		record(st, b, "enable", b->saved_enable ? "1" : "0", value);
		ret = hwmon_write_text(b->root, b->dir, "enable", value);
		for (size_t k = 0; ret && k < s->n; k++) {
			struct hwmon_counter *h = hw_of(&s->v[k]);

			if (h && !strcmp(h->dir, b->dir) && s->v[k].state != COUNT_FAILED)
				count_fail(&s->v[k], ret, "cannot write %s to %s/enable: %s", value,
					   b->dir, strerror(-ret));
		}
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int hwmon_enable(struct count_set *s)
{
	set_enable(s, "1");
	for (size_t i = 0; i < s->n; i++) {
		struct hwmon_counter *h = hw_of(&s->v[i]);

		if (!h || s->v[i].state == COUNT_FAILED)
			continue;
		int ret = sample(&s->v[i], &h->last);

		h->start_ns = h->last_ns = now_ns();
		h->counting = !ret;
		if (ret)
			sample_failed(&s->v[i], ret);
	}
	return 0;
}

/* Whether a counter of block can advance by d in elapsed_ns (a millisecond of slack for the clocks) */
static bool plausible(const struct pmu *block, uint64_t d, uint64_t elapsed_ns)
{
	double rate = bf_block_kind(block) == BF_BLOCK_CRSPACE ? BF_CRSPACE_COUNT_MAX_PER_S : BF_COUNT_MAX_PER_S;

	return (double)d <= rate * ((double)elapsed_ns / 1e9 + 1e-3);
}

/*
 * What the counter counted since the last good read, elapsed_ns ago. Unsigned at its width, a
 * wrap still gives the delta. A 64-bit counter that went backwards was cleared by another
 * writer of eventN or counterN: it restarts from what it reads. A delta larger than the block
 * could count in the time (BF_COUNT_MAX_PER_S) is a bad read or a jump, never a count (300,
 * then 2^63): not added, and the last good read stays the baseline, so a read that goes on
 * from it (1300) counts exactly, and one that goes on from the jump counts from there. Each
 * of these is in resets, so the report that holds it has no count; nothing is ever taken
 * away, so a total only grows.
 */
static uint64_t delta(struct counter *c, struct hwmon_counter *h, uint64_t now, uint64_t elapsed_ns)
{
	uint64_t mask = counter_mask(h->block), d = (now - h->last) & mask;
	bool backwards = mask == UINT64_MAX && now < h->last, jumped = h->jump_pending;

	h->jump_pending = false;
	if (!backwards && plausible(h->block, d, elapsed_ns)) {
		h->last = now;
		c->resets += jumped;
		return d;
	}
	c->resets++;
	/* after a jump, a read that goes on from it: the jump was the counter's own */
	if (jumped && now >= h->jump_value && plausible(h->block, now - h->jump_value, elapsed_ns)) {
		h->last = now;
		return now - h->jump_value;
	}
	c->jumped = !backwards || !plausible(h->block, now, elapsed_ns);
	if (!c->jumped) {
		h->last = now;
		return now;
	}
	h->jump_pending = true;
	h->jump_value = now;
	return 0;
}

/*
 * One counter's read. A read that fails leaves the counter failed for that report and is
 * tried again at the next; the first that succeeds after it takes a new baseline (what the
 * hardware counted meanwhile is not known to have been counted in that report's time), and
 * the one after counts again. The time between failed reads is not running time.
 */
static int read_one(struct counter *c, struct hwmon_counter *h)
{
	uint64_t now, t;
	int ret = sample(c, &now);

	t = now_ns();
	/* a block counts all the time it is programmed: enabled is the whole time */
	c->enabled = t - h->start_ns;
	if (ret) {
		sample_failed(c, ret);
		h->read_failed = true;
		return ret;
	}
	if (h->read_failed) {
		h->read_failed = false;
		h->last = now;
		h->last_ns = t;
		c->running = h->running_ns;
		c->state = COUNT_NOT_COUNTED;
		free(c->why);
		c->why = strdup("its read before failed: this report takes a new baseline, and the next counts again");
		return 0;
	}
	c->value += delta(c, h, now, t - h->last_ns);
	/* a jump not counted leaves the baseline where it was, and its time with it */
	if (!h->jump_pending) {
		h->running_ns += t - h->last_ns;
		h->last_ns = t;
	}
	c->running = h->running_ns;
	c->state = COUNT_OK;
	c->error = 0;
	free(c->why);
	c->why = NULL;
	return 0;
}

static int hwmon_read(struct count_set *s)
{
	int first = 0;

	for (size_t i = 0; i < s->n; i++) {
		struct hwmon_counter *h = hw_of(&s->v[i]);
		int ret;

		if (!h || !h->counting)
			continue;
		ret = read_one(&s->v[i], h);
		first = first ? first : ret;
	}
	return first;
}

static int hwmon_disable(struct count_set *s)
{
	set_enable(s, "0");
	return 0;
}

/* A restore the driver refused: what the file should hold, and what it holds now */
static void restore_failed(const struct sysroot *root, const char *dir, const char *file,
			   const char *value, int ret, struct diag *errors)
{
	char *now = NULL;

	if (hwmon_read_text(root, dir, file, &now))
		now = NULL;
	diag_add(errors, "cannot restore %s/%s to %s: %s; it reads '%.80s'", dir, file, value,
		 strerror(-ret), now ? now : "?");
	free(now);
}

/* Put back every eventN, then each block's enable, then let go of the locks */
static int hwmon_close(struct count_set *s, struct diag *errors)
{
	struct hwmon_state *st = *state_of(s);
	int failed = 0;

	for (size_t i = s->n; i-- > 0;) {
		struct hwmon_counter *h = hw_of(&s->v[i]);
		char file[32];
		int ret;

		if (!h)
			continue;
		if (h->programmed) {
			snprintf(file, sizeof(file), "event%d", h->slot);
			ret = hwmon_write_text(h->root, h->dir, file, h->saved_event);
			if (ret) {
				restore_failed(h->root, h->dir, file, h->saved_event, ret, errors);
				failed = -EIO;
			}
		}
		free(h->saved_event);
		free(h);
		s->v[i].priv = NULL;
	}
	for (size_t i = 0; st && i < st->n; i++) {
		struct hwmon_block *b = &st->b[i];
		const char *value = b->saved_enable ? "1" : "0";

		if (b->programmed && b->saved_enable >= 0) {
			int ret = hwmon_write_text(b->root, b->dir, "enable", value);

			if (ret) {
				restore_failed(b->root, b->dir, "enable", value, ret, errors);
				failed = -EIO;
			}
		}
		/* every value back: the record goes; else it stays for the next run to try */
		if (!failed)
			hwmon_record_done(&b->rec);
		hwmon_record_free(&b->rec);
		hwmon_lock_drop(b->lock);
	}
	if (st)
		free(st->b);
	free(st);
	*state_of(s) = NULL;
	return failed;
}

const struct count_driver hwmon_driver = {
	.reserve = hwmon_reserve,
	.open = hwmon_open,
	.enable = hwmon_enable,
	.read = hwmon_read,
	.disable = hwmon_disable,
	.close = hwmon_close,
	.add = hwmon_counter_add,
	.stale = hwmon_record_stale,
};
