/* SPDX-License-Identifier: GPL-2.0 */
/* The one machine root every sysfs read goes through (/sys, --sysfs-root, SYSFS_PATH). */
#ifndef PMUCTL_SYSROOT_H
#define PMUCTL_SYSROOT_H

#include <stdbool.h>
#include <stddef.h>

/* sysfs attributes are at most a page; anything far larger is garbage */
#define SYSROOT_FILE_MAX (1u << 20)

struct sysroot {
	int dirfd;
	char *path;		/* as given, for messages */
	bool beneath;		/* openat2(RESOLVE_BENEATH) is available */
};

int sysroot_open(struct sysroot *r, const char *path);
void sysroot_close(struct sysroot *r);
/*
 * A root for a directory below r (a PMU's): reads relative to it skip the walk from the top,
 * and stay beneath it. The link to it may lead anywhere inside r, not out of it.
 */
int sysroot_sub(const struct sysroot *r, const char *rel, struct sysroot *sub);

/*
 * Open rel (relative to the root) following symlinks, but never out of the root:
 * returns an fd, or -EXDEV when a link leads outside, or another -errno.
 */
int sysroot_openat(const struct sysroot *r, const char *rel, int flags);

/* Read a whole file (NUL-terminated). -EFBIG past SYSROOT_FILE_MAX. */
int sysroot_read(const struct sysroot *r, const char *rel, char **buf, size_t *len);
/* Same, with trailing white space and newlines removed. */
int sysroot_read_trim(const struct sysroot *r, const char *rel, char **out);
/* What the symbolic link rel (relative to the root, its directory followed) says: 0 or -errno */
int sysroot_readlink(const struct sysroot *r, const char *rel, char *buf, size_t size);
bool sysroot_is_dir(const struct sysroot *r, const char *rel);

/* fn for each name in a directory, in the directory's order, without . and ..: 0, or the first
 * non-zero fn returned, or -errno */
int sysroot_each(const struct sysroot *r, const char *rel, int (*fn)(const char *name, void *arg), void *arg);
/* Names in a directory, sorted naturally (rc_2 before rc_10), without . and .. */
int sysroot_list(const struct sysroot *r, const char *rel, char ***names, size_t *n);
void strv_free(char **v, size_t n);

/* snprintf for paths: -ENAMETOOLONG instead of a silently cut path. */
int sysroot_path(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* "dir/name" into buf, as sysroot_path(buf, size, "%s/%s", dir, name) without a format's cost */
int sysroot_join(char *buf, size_t size, const char *dir, const char *name);

#endif
