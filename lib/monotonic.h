/* SPDX-License-Identifier: GPL-2.0 */
/* Time for the counting loops: CLOCK_MONOTONIC in seconds, and back to what ppoll waits. */
#ifndef PMUCTL_MONOTONIC_H
#define PMUCTL_MONOTONIC_H

#include <time.h>

double monotonic_s(void);
/* s seconds (0 when negative) as a timespec */
struct timespec timespec_of(double s);

#endif
