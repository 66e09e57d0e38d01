// SPDX-License-Identifier: GPL-2.0
/* Seconds as doubles: the loops add intervals and compare deadlines in them. */
#include "lib/monotonic.h"

double monotonic_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct timespec timespec_of(double s)
{
	struct timespec ts = { 0 };

	if (s <= 0)
		return ts;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	return ts;
}
