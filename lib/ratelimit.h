/* SPDX-License-Identifier: GPL-2.0 */
/*
 * exporter-toolkit's rate_limit: a token bucket of burst tokens, one more every interval
 * (golang.org/x/time/rate's Limiter.Allow with rate.Every(interval)); full at the start.
 */
#ifndef PMUCTL_RATELIMIT_H
#define PMUCTL_RATELIMIT_H

#include <stdbool.h>

struct ratelimit {
	double interval_s;	/* 0: no limit */
	double burst;
	double tokens;
	double last;		/* CLOCK_MONOTONIC seconds of the last refill */
};

void ratelimit_start(struct ratelimit *r, double interval_s, long burst, double now);
/*
 * rate_limit's interval as Go's time.ParseDuration reads it ("1s", "1m30s", "250ms", "0"; units
 * ns, us, µs, ms, s, m, h; decimal fractions): 0, or -1 when it is not one
 */
int ratelimit_duration(const char *text, double *seconds);
/* Whether a request at now may be served; it takes a token if so */
bool ratelimit_allow(struct ratelimit *r, double now);

#endif
