// SPDX-License-Identifier: GPL-2.0
/* stdio streams whose writes wait for room in signals_wait, never in write(). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/monotonic.h"
#include "lib/nbstdio.h"
#include "lib/signals.h"

struct nbfd {
	int fd;
	bool socket;	/* send(MSG_DONTWAIT): a socket's description is shared, not reopened */
};

/* a write was given up on once a stop signal came */
static bool gave_up;

bool nbstdio_gave_up(void)
{
	return gave_up;
}

/* Wait for room, a signal, or the give-up time; false when the write must give up */
static bool wait_room(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLOUT };
	double give_up = signals_give_up_at();

	if (give_up && monotonic_s() >= give_up)
		return false;
	signals_wait(&p, 1, give_up);
	give_up = signals_give_up_at();
	return !(give_up && monotonic_s() >= give_up);
}

/* All of buf, or -1: stdio takes a short write for a failed one */
static ssize_t nb_write(void *cookie, const char *buf, size_t len)
{
	struct nbfd *o = cookie;
	size_t done = 0;

	while (done < len) {
		ssize_t n = o->socket ? send(o->fd, buf + done, len - done, MSG_DONTWAIT | MSG_NOSIGNAL) :
					write(o->fd, buf + done, len - done);

		if (n >= 0) {
			done += (size_t)n;
			continue;
		}
		if (errno == EINTR)
			continue;
		if (errno != EAGAIN && errno != EWOULDBLOCK)
			return -1;
		if (!wait_room(o->fd)) {
			gave_up = true;
			errno = EINTR;
			return -1;
		}
	}
	return (ssize_t)len;
}

static int nb_close(void *cookie)
{
	struct nbfd *o = cookie;
	int ret = close(o->fd);

	free(o);
	return ret;
}

static FILE *wrap(int fd, bool socket, const char *mode)
{
	struct nbfd *o = malloc(sizeof(*o));
	cookie_io_functions_t io = { .write = nb_write, .close = nb_close };
	FILE *f;

	if (!o)
		return NULL;
	*o = (struct nbfd){ .fd = fd, .socket = socket };
	f = fopencookie(o, mode, io);
	if (!f)
		free(o);
	return f;
}

FILE *nbstdio_fdopen(int fd, const char *mode)
{
	struct stat st;

	if (fstat(fd, &st) || S_ISREG(st.st_mode))
		return fdopen(fd, mode);
	if (!S_ISSOCK(st.st_mode) && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK))
		return fdopen(fd, mode);
	return wrap(fd, S_ISSOCK(st.st_mode), mode);
}

/*
 * fd's file on a description of its own, non-blocking, or -1: reopening a pipe whose reader
 * has gone fails (ENXIO), and so does a system without /proc; they are written as they are
 */
static int reopen_nonblocking(int fd)
{
	char path[32];

	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	return open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
}

/* The stream to use instead of std (on fd), or std itself */
static FILE *wrap_std(FILE *std, int fd)
{
	struct stat st;
	int own;
	FILE *f;

	if (fstat(fd, &st) || S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
		return std;
	if (S_ISSOCK(st.st_mode)) {
		own = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		f = own >= 0 ? wrap(own, true, "w") : NULL;
	} else {
		own = reopen_nonblocking(fd);
		f = own >= 0 ? wrap(own, false, "w") : NULL;
	}
	if (!f) {
		if (own >= 0)
			close(own);
		return std;
	}
	/* what std holds goes first, in order */
	fflush(std);
	return f;
}

/* glibc's own streams, while nbstdio's stand in for them */
static FILE *std_out, *std_err;

void nbstdio_wrap_std(bool with_stdout)
{
	static bool out_wrapped, err_wrapped;

	if (!err_wrapped) {
		FILE *err = wrap_std(stderr, STDERR_FILENO);

		err_wrapped = true;
		/* unbuffered as before: a message is out before what follows it happens */
		if (err != stderr) {
			setvbuf(err, NULL, _IONBF, 0);
			std_err = stderr;
		}
		stderr = err;
	}
	if (with_stdout && !out_wrapped) {
		FILE *out = wrap_std(stdout, STDOUT_FILENO);

		out_wrapped = true;
		/* line-buffered on a terminal, as stdio would have it */
		if (out != stdout && isatty(STDOUT_FILENO))
			setvbuf(out, NULL, _IOLBF, 0);
		if (out != stdout)
			std_out = stdout;
		stdout = out;
	}
}

void nbstdio_unwrap_std(void)
{
	FILE *f;

	if (std_out) {
		f = stdout;
		stdout = std_out;
		std_out = NULL;
		fclose(f);
	}
	if (std_err) {
		f = stderr;
		stderr = std_err;
		std_err = NULL;
		fclose(f);
	}
}
