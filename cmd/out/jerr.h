/* SPDX-License-Identifier: GPL-2.0 */
/* The error sink: the first error kept, and printed as one JSON object by a failing -j run. */
#ifndef PMUCTL_CMD_JERR_H
#define PMUCTL_CMD_JERR_H

#include <argp.h>

/* Keep the first error: its message, and the event string and offset it points into */
void jerr_note(const char *message, const char *event, long position);
/* Print the kept error when -j was asked and status is not 0; status */
int jerr_finish(int status);
/* A usage error, said as argp says it ("PROG: MESSAGE" and where help is): exit 64 */
void jerr_usage(const char *prog, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));
/* The same from an option parser, in argp_error's place */
void jerr_argp(const struct argp_state *state, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

#endif
