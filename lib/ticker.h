/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The schedule of a periodic command (stat -I, top, serve): deadlines at start + k * period.
 * A loop that falls behind, or was stopped (SIGSTOP, a paused VM), skips the deadlines it
 * missed instead of catching up in a burst, as perf does: the next report then covers all the
 * time since the last one.
 */
#ifndef PMUCTL_TICKER_H
#define PMUCTL_TICKER_H

#include <stdbool.h>

struct ticker {
	double start, period;	/* seconds, CLOCK_MONOTONIC */
	long next;		/* the index k of the next deadline */
	long skipped;		/* deadlines skipped so far */
};

void ticker_start(struct ticker *t, double start, double period);
/* When the next report is due */
double ticker_deadline(const struct ticker *t);
/*
 * Whether a report is due at now. If so, the next deadline becomes the first after now, and
 * *skipped (may be NULL) says how many deadlines were passed over besides the one due.
 */
bool ticker_due(struct ticker *t, double now, long *skipped);

#endif
