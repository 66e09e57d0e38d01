// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "lib/strjoin.h"
#include "lib/sysroot.h"
#include "lib/vercmp.h"

static int openat2_beneath(int dirfd, const char *rel, int flags)
{
	struct open_how how = {
		.flags = (unsigned long long)(flags | O_CLOEXEC),
		.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS,
	};
	long fd = syscall(SYS_openat2, dirfd, rel, &how, sizeof(how));

	return fd < 0 ? -errno : (int)fd;
}

int sysroot_open(struct sysroot *r, const char *path)
{
	int fd;

	memset(r, 0, sizeof(*r));
	r->dirfd = -1;
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	r->dirfd = fd;
	r->path = strdup(path);
	if (!r->path) {
		close(fd);
		r->dirfd = -1;
		return -ENOMEM;
	}
	fd = openat2_beneath(r->dirfd, ".", O_RDONLY | O_DIRECTORY);
	r->beneath = fd >= 0;
	if (fd >= 0)
		close(fd);
	return 0;
}

int sysroot_sub(const struct sysroot *r, const char *rel, struct sysroot *sub)
{
	int fd = sysroot_openat(r, rel, O_RDONLY | O_DIRECTORY);

	memset(sub, 0, sizeof(*sub));
	sub->dirfd = -1;
	if (fd < 0)
		return fd;
	/* joined without asprintf: a directory for each PMU and each PCI function */
	sub->path = strjoin_dup(r->path, "/", rel);
	if (!sub->path) {
		close(fd);
		return -ENOMEM;
	}
	sub->dirfd = fd;
	sub->beneath = r->beneath;
	return 0;
}

void sysroot_close(struct sysroot *r)
{
	if (r->dirfd >= 0)
		close(r->dirfd);
	free(r->path);
	r->dirfd = -1;
	r->path = NULL;
}

/* Fallback for kernels before 5.6: compare the resolved path with the root's. */
static int open_checked(const struct sysroot *r, const char *rel, int flags)
{
	char link[64], root[PATH_MAX], got[PATH_MAX];
	ssize_t n, m;
	int fd = openat(r->dirfd, rel, flags | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", r->dirfd);
	n = readlink(link, root, sizeof(root) - 1);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	m = readlink(link, got, sizeof(got) - 1);
	if (n <= 0 || m <= 0)
		return fd;	/* no /proc: nothing to compare with */
	root[n] = got[m] = '\0';
	if (strcmp(root, "/") && (strncmp(got, root, (size_t)n) || (got[n] && got[n] != '/'))) {
		close(fd);
		return -EXDEV;
	}
	return fd;
}

int sysroot_openat(const struct sysroot *r, const char *rel, int flags)
{
	while (*rel == '/')
		rel++;
	if (!*rel)
		rel = ".";
	if (r->beneath) {
		int fd = openat2_beneath(r->dirfd, rel, flags);

		/* EAGAIN: a concurrent rename raced the lookup; one retry is enough */
		if (fd == -EAGAIN)
			fd = openat2_beneath(r->dirfd, rel, flags);
		return fd;
	}
	return open_checked(r, rel, flags);
}

/* read(2) into buf until size bytes or the end; a short read of a sysfs attribute is its end */
static ssize_t read_some(int fd, char *buf, size_t size)
{
	for (;;) {
		ssize_t got = read(fd, buf, size);

		if (got >= 0 || errno != EINTR)
			return got < 0 ? -errno : got;
	}
}

int sysroot_read(const struct sysroot *r, const char *rel, char **buf, size_t *len)
{
	/* most files fit here: what is kept costs its length, not a buffer's */
	char first[4096];
	size_t cap = 2 * sizeof(first), used;
	char *b, *nb;
	int fd = sysroot_openat(r, rel, O_RDONLY | O_NONBLOCK);
	ssize_t got;

	if (fd < 0)
		return fd;
	got = read_some(fd, first, sizeof(first));
	if (got < 0) {
		close(fd);
		return (int)got;
	}
	used = (size_t)got;
	b = malloc((used < sizeof(first) ? used : cap) + 1);
	if (!b) {
		close(fd);
		return -ENOMEM;
	}
	memcpy(b, first, used);
	/* a file that filled the first buffer goes on in a heap buffer that doubles */
	while (used >= sizeof(first)) {
		if (used == cap) {
			if (cap >= SYSROOT_FILE_MAX) {
				free(b);
				close(fd);
				return -EFBIG;
			}
			cap *= 2;
			nb = realloc(b, cap + 1);
			if (!nb) {
				free(b);
				close(fd);
				return -ENOMEM;
			}
			b = nb;
		}
		got = read_some(fd, b + used, cap - used);
		if (got < 0) {
			free(b);
			close(fd);
			return (int)got;
		}
		used += (size_t)got;
		/* a short read of a regular file or a sysfs attribute is its end */
		if (!got || used < cap)
			break;
	}
	close(fd);
	b[used] = '\0';
	*buf = b;
	if (len)
		*len = used;
	return 0;
}

int sysroot_read_trim(const struct sysroot *r, const char *rel, char **out)
{
	size_t len = 0;
	char *b = NULL;
	int ret = sysroot_read(r, rel, &b, &len);

	if (ret || !b)
		return ret ? ret : -EIO;
	while (len && (b[len - 1] == '\n' || b[len - 1] == ' ' || b[len - 1] == '\t' ||
		       b[len - 1] == '\r'))
		b[--len] = '\0';
	*out = b;
	return 0;
}

int sysroot_readlink(const struct sysroot *r, const char *rel, char *buf, size_t size)
{
	const char *slash = strrchr(rel, '/');
	char dir[4096];
	int fd, ret = 0;
	ssize_t n;

	if (!size || (slash && (size_t)(slash - rel) >= sizeof(dir)))
		return -ENAMETOOLONG;
	/* the directory through the root's rules; the link itself read, not followed */
	if (slash)
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - rel), rel);
	/* a name of r's own directory: its fd, no open (map reads one a PCI function) */
	fd = slash ? sysroot_openat(r, dir, O_RDONLY | O_DIRECTORY) : r->dirfd;
	if (fd < 0)
		return fd;
	n = readlinkat(fd, slash ? slash + 1 : rel, buf, size - 1);
	if (n < 0)
		ret = -errno;
	else
		buf[n] = '\0';
	if (slash)
		close(fd);
	return ret;
}

bool sysroot_is_dir(const struct sysroot *r, const char *rel)
{
	int fd = sysroot_openat(r, rel, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

static int natural_cmp(const void *a, const void *b)
{
	return vercmp(*(char *const *)a, *(char *const *)b);
}

void strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

struct list {
	char **v;
	size_t cnt, cap;
};

/* One name into the list, grown by doubling: 0 or -ENOMEM */
static int list_push(const char *name, void *arg)
{
	struct list *l = arg;

	if (l->cnt == l->cap) {
		char **nv = realloc(l->v, 2 * l->cap * sizeof(*l->v));

		if (!nv)
			return -ENOMEM;
		l->v = nv;
		l->cap *= 2;
	}
	l->v[l->cnt] = strdup(name);
	if (!l->v[l->cnt])
		return -ENOMEM;
	l->cnt++;
	return 0;
}

/*
 * getdents64 on the fd just opened: fdopendir's fstat and two fcntl calls check what
 * O_DIRECTORY and O_CLOEXEC already made sure of, three calls a directory
 */
int sysroot_each(const struct sysroot *r, const char *rel, int (*fn)(const char *name, void *arg), void *arg)
{
	char buf[16384] __attribute__((aligned(8)));	/* dirent64 records are 8-aligned */
	ssize_t got = 0;
	int ret = 0, fd = sysroot_openat(r, rel, O_RDONLY | O_DIRECTORY);

	if (fd < 0)
		return fd;
	while (!ret && (got = getdents64(fd, buf, sizeof(buf))) > 0) {
		for (ssize_t at = 0; !ret && at < got;) {
			struct dirent64 *de = (struct dirent64 *)(buf + at);

			/* a record the kernel never writes would loop here for ever */
			if (!de->d_reclen || de->d_reclen > got - at) {
				ret = -EIO;
				break;
			}
			at += de->d_reclen;
			if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
				ret = fn(de->d_name, arg);
		}
	}
	if (!ret && got < 0)
		ret = -errno;
	close(fd);
	return ret;
}

int sysroot_list(const struct sysroot *r, const char *rel, char ***names, size_t *n)
{
	struct list l = { .cap = 16, .v = malloc(16 * sizeof(char *)) };
	int ret;

	if (!l.v)
		return -ENOMEM;
	ret = sysroot_each(r, rel, list_push, &l);
	if (ret) {
		strv_free(l.v, l.cnt);
		return ret;
	}
	qsort(l.v, l.cnt, sizeof(*l.v), natural_cmp);
	*names = l.v;
	*n = l.cnt;
	return 0;
}

int sysroot_path(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

int sysroot_join(char *buf, size_t size, const char *dir, const char *name)
{
	if (strjoin_into(buf, size, dir, "/", name) < size)
		return 0;
	if (size)
		buf[0] = '\0';
	return -ENAMETOOLONG;
}
