// SPDX-License-Identifier: GPL-2.0
/* A hwmon block's changes, written ahead of them, and put back after a run that could not. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pmu/family/hwmon_io.h"
#include "pmu/family/hwmon_record.h"

#define RECORD_MAX 65536

/* The 22nd field of /proc/PID/stat: when the process started, in ticks since boot; 0 unknown */
static unsigned long long start_of(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* the command name may hold spaces and parentheses: fields count from the last ')' */
	p = strrchr(buf, ')');
	if (p && sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
			&start) != 1)
		start = 0;
	return start;
}

/* Whether the run that wrote a record lives: its pid, with the same start time */
static bool alive(pid_t pid, unsigned long long start)
{
	if (pid <= 0 || (kill(pid, 0) && errno == ESRCH))
		return false;
	return start_of(pid) == start;
}

/* FNV-1a of the block's path: the record's name */
static void record_name(const char *path, char *out, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		h = (h ^ *p) * 0x100000001b3ull;
	snprintf(out, size, "%s/hwmon-%016" PRIx64 ".record", HWMON_RECORD_DIR, h);
}

/* The block's absolute path, links resolved, as /proc/self/fd says it */
static int block_path(const struct sysroot *root, const char *dir, char *out, size_t size)
{
	char link[64];
	int fd = sysroot_openat(root, dir, O_PATH | O_DIRECTORY);
	ssize_t n;

	if (fd < 0)
		return fd;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, out, size - 1);
	close(fd);
	if (n <= 0 || (size_t)n >= size - 1)
		return -ENAMETOOLONG;
	out[n] = '\0';
	return 0;
}

int hwmon_record_init(struct hwmon_record *r, const struct sysroot *root, const char *dir)
{
	memset(r, 0, sizeof(*r));
	r->pid = getpid();
	r->start = start_of(r->pid);
	return block_path(root, dir, r->path, sizeof(r->path));
}

/* The record whole into a new file, renamed over the old: never half written */
static int write_record(const struct hwmon_record *r)
{
	char name[PATH_MAX], tmp[PATH_MAX + 16];
	FILE *f;
	int fd;

	if (mkdir(HWMON_RECORD_DIR, 0700) && errno != EEXIST)
		return -errno;
	record_name(r->path, name, sizeof(name));
	snprintf(tmp, sizeof(tmp), "%s.%d", name, (int)r->pid);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
		return -ENOMEM;
	}
	fprintf(f, "pmuctl %d %llu\n%s\n", (int)r->pid, r->start, r->path);
	for (size_t i = 0; i < r->n; i++)
		fprintf(f, "%s %s %s\n", r->e[i].file, r->e[i].before, r->e[i].written);
	if (fclose(f) || rename(tmp, name)) {
		int e = errno;

		unlink(tmp);
		return -e;
	}
	return 0;
}

int hwmon_record_add(struct hwmon_record *r, const char *file, const char *before, const char *written)
{
	struct hwmon_record_entry *e;

	if (!r->path[0])
		return -ENOENT;
	/* a file written twice keeps its first value before */
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->e[i].file, file)) {
			snprintf(r->e[i].written, sizeof(r->e[i].written), "%s", written);
			return write_record(r);
		}
	e = realloc(r->e, (r->n + 1) * sizeof(*e));
	if (!e)
		return -ENOMEM;
	r->e = e;
	e += r->n++;
	snprintf(e->file, sizeof(e->file), "%s", file);
	snprintf(e->before, sizeof(e->before), "%s", before);
	snprintf(e->written, sizeof(e->written), "%s", written);
	return write_record(r);
}

void hwmon_record_done(struct hwmon_record *r)
{
	char name[PATH_MAX];

	if (!r->n)
		return;
	record_name(r->path, name, sizeof(name));
	unlink(name);
	r->n = 0;
}

void hwmon_record_free(struct hwmon_record *r)
{
	free(r->e);
	r->e = NULL;
	r->n = 0;
}

/* A record file parsed; -EINVAL when it is not one */
static int read_record(const char *name, struct hwmon_record *r)
{
	char line[PATH_MAX + 64];
	FILE *f = fopen(name, "re");
	int pid, ret = 0;

	memset(r, 0, sizeof(*r));
	if (!f)
		return -errno;
	if (!fgets(line, sizeof(line), f) || sscanf(line, "pmuctl %d %llu", &pid, &r->start) != 2 ||
	    !fgets(r->path, sizeof(r->path), f)) {
		fclose(f);
		return -EINVAL;
	}
	r->pid = pid;
	r->path[strcspn(r->path, "\n")] = '\0';
	while (!ret && fgets(line, sizeof(line), f)) {
		struct hwmon_record_entry *e = realloc(r->e, (r->n + 1) * sizeof(*e));

		if (!e) {
			ret = -ENOMEM;
			break;
		}
		r->e = e;
		e += r->n;
		if (sscanf(line, "%31s %63s %63s", e->file, e->before, e->written) != 3)
			ret = -EINVAL;
		else
			r->n++;
	}
	fclose(f);
	if (ret)
		hwmon_record_free(r);
	return ret;
}

/* A file of the block, as a number is written: eventN reads "0x45: NAME"; NULL when unreadable */
static char *read_value(const struct sysroot *root, const char *dir, const char *file)
{
	char *text;

	if (hwmon_read_text(root, dir, file, &text))
		return NULL;
	text[strcspn(text, ":")] = '\0';
	return text;
}

/* "0x46" and "70" are the same number: the driver prints what it was given its own way */
static bool same_number(const char *a, const char *b)
{
	char *ea, *eb;
	unsigned long long va, vb;

	errno = 0;
	va = strtoull(a, &ea, 0);
	vb = strtoull(b, &eb, 0);
	return !errno && ea != a && eb != b && !*ea && !*eb && va == vb;
}

/*
 * Put back what a dead run wrote where it still holds that, each file read before any is
 * written: in the reverse order it wrote them, enable last, as a run's own close does
 * (writing an event stops a block that counts together, mlxbf-pmc)
 */
static void put_back(const struct hwmon_record *r, const struct sysroot *root, const char *dir,
		     const char *block, struct diag *notes)
{
	bool *ours = calloc(r->n ? r->n : 1, sizeof(*ours));
	char done[512] = "";
	size_t n = 0;

	if (!ours)
		return;
	for (size_t i = 0; i < r->n; i++) {
		const struct hwmon_record_entry *e = &r->e[i];
		char *now = read_value(root, dir, e->file);

		ours[i] = now && same_number(now, e->written);
		if (!ours[i])
			diag_add(notes, "block %s: %s reads '%s', not the %s that pmuctl pid %d wrote before it ended "
				 "without restoring: someone changed it since, so it stays (it held %s before that run)",
				 block, e->file, now ? now : "?", e->written, (int)r->pid, e->before);
		free(now);
	}
	for (size_t k = 0; k < 2 * r->n; k++) {
		size_t i = r->n - 1 - k % r->n;
		const struct hwmon_record_entry *e = &r->e[i];
		int ret;

		/* the first pass every file but enable, the second enable */
		if (!ours[i] || (k < r->n) == !strcmp(e->file, "enable"))
			continue;
		ret = hwmon_write_text(root, dir, e->file, e->before);
		if (ret) {
			diag_add(notes, "block %s: cannot restore %s to %s, which pmuctl pid %d left at %s: %s",
				 block, e->file, e->before, (int)r->pid, e->written, strerror(-ret));
			continue;
		}
		n += (size_t)snprintf(done + n, n < sizeof(done) ? sizeof(done) - n : 0, "%s%s to %s",
				      n ? ", " : "", e->file, e->before);
	}
	free(ours);
	if (n)
		diag_add(notes, "block %s: pmuctl pid %d ended without restoring what it programmed (killed, or a "
			 "crash): restored %s", block, (int)r->pid, done);
}

void hwmon_record_recover(const struct sysroot *root, const char *dir, const char *block, struct diag *notes)
{
	char path[4096], name[PATH_MAX];
	struct hwmon_record r;

	if (block_path(root, dir, path, sizeof(path)))
		return;
	record_name(path, name, sizeof(name));
	if (read_record(name, &r))
		return;
	if (strcmp(r.path, path) || alive(r.pid, r.start)) {
		hwmon_record_free(&r);
		return;
	}
	put_back(&r, root, dir, block, notes);
	unlink(name);
	hwmon_record_free(&r);
}

void hwmon_record_stale(const struct sysroot *root, struct diag *out)
{
	char top[4096];
	size_t len;
	DIR *d;
	struct dirent *de;

	if (block_path(root, ".", top, sizeof(top)))
		return;
	len = strlen(top);
	d = opendir(HWMON_RECORD_DIR);
	if (!d)
		return;
	while ((de = readdir(d))) {
		char name[PATH_MAX + 300];
		struct hwmon_record r;

		if (strncmp(de->d_name, "hwmon-", 6) || !strstr(de->d_name, ".record") ||
		    strstr(de->d_name, ".record."))
			continue;
		snprintf(name, sizeof(name), "%s/%s", HWMON_RECORD_DIR, de->d_name);
		if (read_record(name, &r))
			continue;
		/* only this root's blocks: a test's tree is not the machine's */
		if (!strncmp(r.path, top, len) && r.path[len] == '/' && !alive(r.pid, r.start) && r.n)
			diag_add(out, "%s: pmuctl pid %d ended without restoring %zu file%s it programmed (%s %s, "
				 "before %s): the next pmuctl run on the block restores them", r.path, (int)r.pid,
				 r.n, r.n == 1 ? "" : "s", r.e[0].file, r.e[0].written, r.e[0].before);
		hwmon_record_free(&r);
	}
	closedir(d);
}
