// SPDX-License-Identifier: GPL-2.0
/* stderr through a bounded buffer, written with non-blocking writes. */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lib/loglines.h"

struct loglines {
	int fd;
	bool socket;		/* send(MSG_DONTWAIT): a socket's description is shared */
	char *buf;
	size_t cap, start, len;	/* the bytes waiting: buf[start..start+len) */
	uint64_t dropped;	/* lines dropped in all */
	uint64_t owed;		/* dropped since the last line that said so */
};

static struct loglines *log_state;
static FILE *glibc_stderr;

/* Write from the front of the buffer until the reader takes no more */
static void drain(struct loglines *l)
{
	while (l->len) {
		ssize_t n = l->socket ? send(l->fd, l->buf + l->start, l->len, MSG_DONTWAIT | MSG_NOSIGNAL) :
					write(l->fd, l->buf + l->start, l->len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		/* a reader gone, or a broken file: what waits is lost, as a write would lose it */
		if (n <= 0) {
			l->len = 0;
			break;
		}
		l->start += (size_t)n;
		l->len -= (size_t)n;
	}
	l->start = 0;
}

/* Whether len bytes fit after what waits; the buffer moved to its front first */
static bool fits(struct loglines *l, size_t len)
{
	if (l->start && l->len)
		memmove(l->buf, l->buf + l->start, l->len);
	l->start = 0;
	return l->len + len <= l->cap;
}

static void append(struct loglines *l, const char *b, size_t len)
{
	memcpy(l->buf + l->len, b, len);
	l->len += len;
}

/* Once there is room again: a line that says how many were lost */
static void say_owed(struct loglines *l)
{
	char line[160];
	int n;

	if (!l->owed)
		return;
	n = snprintf(line, sizeof(line), "pmuctl: warning: %llu log line%s dropped: standard error was not read "
		     "(pmuctl_log_dropped_total)\n", (unsigned long long)l->owed, l->owed == 1 ? "" : "s");
	if (n > 0 && fits(l, (size_t)n)) {
		append(l, line, (size_t)n);
		l->owed = 0;
	}
}

static ssize_t log_write(void *cookie, const char *b, size_t len)
{
	struct loglines *l = cookie;

	drain(l);
	say_owed(l);
	if (l->owed || !fits(l, len)) {
		size_t lines = 0;

		for (size_t i = 0; i < len; i++)
			lines += b[i] == '\n';
		l->dropped += lines ? lines : 1;
		l->owed += lines ? lines : 1;
		/* taken, as far as stdio knows: a dropped line is not a failed stream */
		return (ssize_t)len;
	}
	append(l, b, len);
	drain(l);
	return (ssize_t)len;
}

static int log_close(void *cookie)
{
	struct loglines *l = cookie;
	int ret = close(l->fd);

	free(l->buf);
	free(l);
	return ret;
}

int loglines_take_stderr(size_t cap)
{
	cookie_io_functions_t io = { .write = log_write, .close = log_close };
	struct loglines *l;
	struct stat st;
	char path[32];
	FILE *f;

	if (log_state || fstat(STDERR_FILENO, &st) || S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
		return 0;
	l = calloc(1, sizeof(*l));
	if (!l || !(l->buf = malloc(cap))) {
		free(l);
		return -ENOMEM;
	}
	l->cap = cap;
	l->socket = S_ISSOCK(st.st_mode);
	/* a description of its own, so that a shell sharing the terminal sees no O_NONBLOCK */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", STDERR_FILENO);
	l->fd = l->socket ? fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3) :
			    open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	f = l->fd >= 0 ? fopencookie(l, "w", io) : NULL;
	if (!f) {
		int e = errno;

		if (l->fd >= 0)
			close(l->fd);
		free(l->buf);
		free(l);
		return -e;
	}
	/* a line at a time: a dropped write is a dropped line, never half of one */
	setvbuf(f, NULL, _IOLBF, 0);
	fflush(stderr);
	glibc_stderr = stderr;
	stderr = f;
	log_state = l;
	return 0;
}

int loglines_fd(void)
{
	return log_state && (log_state->len || log_state->owed) ? log_state->fd : -1;
}

void loglines_flush(void)
{
	if (!log_state)
		return;
	drain(log_state);
	say_owed(log_state);
	drain(log_state);
}

uint64_t loglines_dropped(void)
{
	return log_state ? log_state->dropped : 0;
}

void loglines_release(void)
{
	FILE *f;

	if (!log_state)
		return;
	fflush(stderr);
	loglines_flush();
	f = stderr;
	stderr = glibc_stderr;
	log_state = NULL;
	fclose(f);
}
