/* SPDX-License-Identifier: GPL-2.0 */
/* An error report from pmu/ and topology/: they never print, cmd/ renders it. */
#ifndef PMUCTL_ERR_H
#define PMUCTL_ERR_H

#include <stddef.h>

#define ERR_MSG_MAX 1024

struct err_report {
	int code;		/* -errno */
	int has_pos;		/* pos/len point into the event string */
	int arg;		/* which input string (-e), when several */
	int syntax;		/* malformed text, whatever the machine */
	size_t pos, len;
	char msg[ERR_MSG_MAX];
};

/* Record an error; returns code so callers can 'return err_set(...)'. */
int err_set(struct err_report *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int err_at(struct err_report *e, int code, size_t pos, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
