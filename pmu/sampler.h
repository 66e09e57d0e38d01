/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one counting loop of stat, top and serve: the ticker's deadlines, the wait (where stop
 * signals are taken, beside the sink's own fds), the reads and the marks. What a sample becomes
 * is its sink's: stat's stream, top's screen, serve's publisher.
 */
#ifndef PMUCTL_SAMPLER_H
#define PMUCTL_SAMPLER_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include "pmu/counting.h"

/* What a sink asks for after a wait */
enum sampler_next {
	SAMPLER_GO,		/* on: the sample, if one is due */
	SAMPLER_STOP,		/* end sampling (top's q) */
	SAMPLER_RESTART,	/* the counting was swapped (serve's reload): samples start again now */
};

struct sampler;

struct sampler_sink {
	void *ctx;
	/* Whether sampling ends now (a stop signal, the command's end): before and after each wait */
	bool (*stops)(void *ctx);
	/* The fds to wait on beside the deadline (the sink's array); may move *deadline earlier.
	 * NULL: none */
	size_t (*fds)(void *ctx, struct pollfd **fds, double *deadline);
	/* After a wait, with the fds' events. NULL: SAMPLER_GO */
	enum sampler_next (*woke)(void *ctx, struct sampler *s, struct pollfd *fds, size_t n);
	/*
	 * A sample: every counter read at t (seconds since s->start), after skipped deadlines it
	 * passed over; the marks follow. 0 goes on; anything else ends sampling and is returned.
	 */
	int (*sample)(void *ctx, const struct sampler *s, double t, long skipped);
	/*
	 * Sampling ended, last with status (a sample's, or 0): the counters were disabled at t,
	 * and with 0 read then; with a sample's status they hold what that sample read. Its
	 * result is sampler_run's. NULL: they are left enabled and unread, and status is.
	 */
	int (*end)(void *ctx, const struct sampler *s, double t, int status);
};

struct sampler {
	struct counting *c;	/* read and marked; woke may swap it and answer SAMPLER_RESTART */
	double start;		/* CLOCK_MONOTONIC seconds: the sinks' times count from it */
	double period;		/* seconds between samples; 0: no samples, only the end */
	double end;		/* CLOCK_MONOTONIC seconds when sampling ends; 0: none */
	long samples;		/* taken since the start */
	long skipped;		/* deadlines passed over in all: a sample took longer, or a stop */
};

/* Sample s->c by the sink until it stops, s->end passes, or a sample ends it */
int sampler_run(struct sampler *s, const struct sampler_sink *sink);

#endif
