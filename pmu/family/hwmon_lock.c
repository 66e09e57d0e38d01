// SPDX-License-Identifier: GPL-2.0
/* flock on the block's directory, counted per process, and who holds it, from /proc/locks. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "pmu/family/hwmon_lock.h"

struct hwmon_lock {
	dev_t dev;
	ino_t ino;
	int fd;
	unsigned refs;
	struct hwmon_lock *next;
};

/* The blocks this process holds: a BlueField has a few dozen at most */
static struct hwmon_lock *held;

/* The pid /proc/locks names for an flock on dev:ino, or "?" */
static void holder_pid(dev_t dev, ino_t ino, char *pid, size_t n)
{
	FILE *f = fopen("/proc/locks", "re");
	char line[256], want[64];

	snprintf(pid, n, "?");
	if (!f)
		return;
	snprintf(want, sizeof(want), "%02x:%02x:%lu", major(dev), minor(dev), (unsigned long)ino);
	while (fgets(line, sizeof(line), f)) {
		char kind[16], node[64];
		long p;

		/* "1: FLOCK  ADVISORY  WRITE 12345 00:1f:1234 0 EOF" */
		if (sscanf(line, "%*s %15s %*s %*s %ld %63s", kind, &p, node) == 3 && !strcmp(kind, "FLOCK") &&
		    !strcmp(node, want)) {
			snprintf(pid, n, "%ld", p);
			break;
		}
	}
	fclose(f);
}

int hwmon_lock_take(const struct sysroot *root, const char *dir, const char *block,
		    struct hwmon_lock **out, char *why, size_t n)
{
	int fd = sysroot_openat(root, dir, O_RDONLY | O_DIRECTORY);
	struct hwmon_lock *l;
	struct stat st;

	if (fd < 0) {
		snprintf(why, n, "cannot open %s: %s", dir, strerror(-fd));
		return fd;
	}
	if (fstat(fd, &st)) {
		int e = errno;

		close(fd);
		snprintf(why, n, "cannot open %s: %s", dir, strerror(e));
		return -e;
	}
	for (l = held; l; l = l->next)
		if (l->dev == st.st_dev && l->ino == st.st_ino) {
			close(fd);
			l->refs++;
			*out = l;
			return 0;
		}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;
		char pid[32];

		holder_pid(st.st_dev, st.st_ino, pid, sizeof(pid));
		close(fd);
		if (e == EWOULDBLOCK)
			snprintf(why, n, "block %s is being counted by another pmuctl (pid %s, which holds "
				 "its lock)", block, pid);
		else
			snprintf(why, n, "cannot lock %s: %s", dir, strerror(e));
		return e == EWOULDBLOCK ? -EBUSY : -e;
	}
	l = calloc(1, sizeof(*l));
	if (!l) {
		close(fd);
		snprintf(why, n, "out of memory");
		return -ENOMEM;
	}
	*l = (struct hwmon_lock){ .dev = st.st_dev, .ino = st.st_ino, .fd = fd, .refs = 1, .next = held };
	held = l;
	*out = l;
	return 0;
}

void hwmon_lock_drop(struct hwmon_lock *l)
{
	if (!l || --l->refs)
		return;
	for (struct hwmon_lock **p = &held; *p; p = &(*p)->next)
		if (*p == l) {
			*p = l->next;
			break;
		}
	close(l->fd);
	free(l);
}
