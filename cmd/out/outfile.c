// SPDX-License-Identifier: GPL-2.0
/* Output files that never write through a link and never leave a half-written target. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd/out/outfile.h"
#include "cmd/pmuctl.h"
#include "lib/monotonic.h"
#include "lib/nbstdio.h"
#include "lib/signals.h"

/* A new file's mode: readable by all, as a collector may run as another user */
#define NEW_FILE_MODE 0644
/* Not an errno: a target that is neither a regular file, a FIFO nor a character device */
#define EFTYPE_OUT 4096

static void say_why(const char *path, int e)
{
	if (e == ELOOP)
		p_err("cannot write '%s': it is a symbolic link, which pmuctl does not follow "
		      "(whoever can write its directory could point it anywhere); give the file "
		      "itself, or - for standard output", path);
	else if (e == EFTYPE_OUT)
		p_err("cannot write '%s': not a regular file, a FIFO or a character device", path);
	else
		p_err("cannot write '%s': %s", path, strerror(e));
}

/*
 * A FIFO or a device, opened without blocking: a FIFO that nobody reads yet (ENXIO) is tried
 * again every FIFO_RETRY_S in signals_wait, so a stop signal ends the wait as perf's blocking
 * open would not; -EINTR then
 */
#define FIFO_RETRY_S 0.02
static int open_nonblocking(struct outfile *o, int flags)
{
	for (;;) {
		int fd = openat(o->dirfd, o->base, flags | O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);

		if (fd >= 0 || errno != ENXIO)
			return fd < 0 ? -errno : fd;
		signals_wait(NULL, 0, monotonic_s() + FIFO_RETRY_S);
		if (signals_caught())
			return -EINTR;
	}
}

/* The file as it is (a FIFO, a terminal, /dev/null, or perf's -o file); never through a link */
static int open_in_place(struct outfile *o, int flags, bool special)
{
	int fd = special ? open_nonblocking(o, flags) :
			   openat(o->dirfd, o->base, flags | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0666);
	struct stat st;

	if (fd < 0)
		return special ? fd : -errno;
	if (fstat(fd, &st) || !(S_ISREG(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))) {
		close(fd);
		return -EFTYPE_OUT;
	}
	o->had_data = (flags & O_APPEND) && S_ISREG(st.st_mode) && st.st_size > 0;
	/* a FIFO or a terminal that stalls waits where a stop signal is taken */
	o->f = nbstdio_fdopen(fd, (flags & O_APPEND) ? "a" : "w");
	if (!o->f) {
		int e = errno;

		close(fd);
		return -e;
	}
	return 0;
}

/* A file with no name in the directory, to name when kept; -1 where the file system has none */
static int create_anonymous(struct outfile *o, mode_t mode)
{
	int fd = openat(o->dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	if (fchmod(fd, mode))
		(void)0;	/* 0600 is still a usable file */
	o->f = fdopen(fd, "w");
	if (!o->f) {
		close(fd);
		return -1;
	}
	o->anonymous = true;
	return 0;
}

/* ".NAME.XXXXXXXX" in o->tmp, unused until made: 0 or -ENOMEM */
static int temporary_name(struct outfile *o, unsigned int tries)
{
	size_t size = strlen(o->base) + 16;
	unsigned int r = tries * 2654435761u;

	if (!o->tmp && !(o->tmp = malloc(size)))
		return -ENOMEM;
	if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
		r ^= (unsigned int)getpid();
	snprintf(o->tmp, size, ".%s.%08x", o->base, r);
	return 0;
}

/*
 * The new file: nameless where the file system allows (a SIGKILL then leaves nothing), else
 * ".NAME.XXXXXXXX" beside the target, made with O_EXCL: no link is followed, nothing reused
 */
static int create_temporary(struct outfile *o, mode_t mode)
{
	int e = EEXIST;

	if (!create_anonymous(o, mode))
		return 0;
	for (unsigned int tries = 0; e == EEXIST && tries < 100; tries++) {
		int fd;

		if (temporary_name(o, tries))
			return -ENOMEM;
		fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		e = fd < 0 ? errno : 0;
		if (fd < 0)
			continue;
		/* the mode the old file had, or NEW_FILE_MODE, whatever the umask */
		if (fchmod(fd, mode))
			(void)0;	/* 0600 is still a usable file */
		o->f = fdopen(fd, "w");
		if (o->f)
			return 0;
		e = errno;
		close(fd);
		unlinkat(o->dirfd, o->tmp, 0);
	}
	free(o->tmp);
	o->tmp = NULL;
	return -e;
}

/* The directory of path, opened once, and the target's name in it */
static int open_dir(struct outfile *o)
{
	char *d = strdup(o->path), *b = strdup(o->path);
	int ret = 0;

	if (d && b)
		o->base = strdup(basename(b));
	if (!o->base)
		ret = -ENOMEM;
	else if (!strcmp(o->base, "/") || !strcmp(o->base, ".") || !strcmp(o->base, ".."))
		ret = -EISDIR;
	else if ((o->dirfd = open(dirname(d), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		ret = -errno;
	free(d);
	free(b);
	return ret;
}

static int open_target(struct outfile *o, enum outfile_mode mode)
{
	int ret = open_dir(o), append = mode == OUTFILE_APPEND ? O_APPEND : 0;
	struct stat st;

	if (ret)
		return ret;
	if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno != ENOENT)
			return -errno;
		if (mode == OUTFILE_REPLACE)
			return create_temporary(o, NEW_FILE_MODE);
		/* as perf's fopen "w" / "a": created 0666 less the umask */
		return open_in_place(o, O_CREAT | (append ?: O_TRUNC), false);
	}
	if (S_ISLNK(st.st_mode))
		return -ELOOP;
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	/* renaming over a FIFO or a device would replace it: they are written as they are */
	if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		return open_in_place(o, append, true);
	if (!S_ISREG(st.st_mode))
		return -EFTYPE_OUT;
	if (mode == OUTFILE_REPLACE)
		return create_temporary(o, st.st_mode & 0777);
	return open_in_place(o, append ?: O_TRUNC, false);
}

int outfile_open(struct outfile *o, const char *path, enum outfile_mode mode)
{
	int ret;

	*o = (struct outfile){ .path = path, .dirfd = -1 };
	if (!strcmp(path, "-")) {
		o->f = stdout;
		return 0;
	}
	ret = open_target(o, mode);
	if (ret) {
		/* a stop signal while a FIFO waited for its reader is no error to tell */
		if (ret != -EINTR)
			say_why(path, -ret);
		if (o->dirfd >= 0)
			close(o->dirfd);
		free(o->base);
		*o = (struct outfile){ .path = path, .dirfd = -1 };
		return ret;
	}
	/* only a replacement renames within the directory */
	if (!o->tmp && !o->anonymous) {
		close(o->dirfd);
		o->dirfd = -1;
	}
	return 0;
}

/* Link the nameless file into the directory under a temporary name (o->tmp): 0 or -errno */
static int name_anonymous(struct outfile *o)
{
	char proc[32];
	int e = EEXIST;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fileno(o->f));
	for (unsigned int tries = 0; e == EEXIST && tries < 100; tries++) {
		if (temporary_name(o, tries))
			return -ENOMEM;
		e = linkat(AT_FDCWD, proc, o->dirfd, o->tmp, AT_SYMLINK_FOLLOW) ? errno : 0;
	}
	if (e) {
		free(o->tmp);
		o->tmp = NULL;
	}
	return -e;
}

int outfile_close(struct outfile *o, bool keep)
{
	int ret = 0;

	if (!o->f)
		return 0;
	if (o->f == stdout) {
		o->f = NULL;
		return 0;
	}
	/* a renderer's own fflush may have met the error already: ferror remembers it */
	if (fflush(o->f) || ferror(o->f))
		ret = errno ? -errno : -EIO;
	else if ((o->tmp || o->anonymous) && keep && fsync(fileno(o->f)))
		ret = -errno;
	/* a nameless file kept gets its temporary name now, a moment before the rename */
	if (o->anonymous && keep && !ret)
		ret = name_anonymous(o);
	if (fclose(o->f) && !ret)
		ret = -errno;
	o->f = NULL;
	o->anonymous = false;
	if (o->tmp) {
		/* renameat within the directory opened at the start: the name, never a link's target */
		if (keep && !ret && renameat(o->dirfd, o->tmp, o->dirfd, o->base))
			ret = -errno;
		if (!keep || ret)
			unlinkat(o->dirfd, o->tmp, 0);
		else if (fsync(o->dirfd))
			(void)0;	/* the rename is done; only its durability is not known */
	}
	if (o->dirfd >= 0)
		close(o->dirfd);
	/* a file given up on was failed already, and said so */
	if (ret && keep)
		say_why(o->path, -ret);
	free(o->tmp);
	free(o->base);
	o->tmp = o->base = NULL;
	o->dirfd = -1;
	return ret;
}
