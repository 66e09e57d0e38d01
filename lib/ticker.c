// SPDX-License-Identifier: GPL-2.0
/* Deadlines on a fixed grid, so that intervals never drift and a late loop never bursts. */
#include <math.h>
#include "lib/ticker.h"

void ticker_start(struct ticker *t, double start, double period)
{
	*t = (struct ticker){ .start = start, .period = period, .next = 1 };
}

double ticker_deadline(const struct ticker *t)
{
	return t->start + (double)t->next * t->period;
}

bool ticker_due(struct ticker *t, double now, long *skipped)
{
	long first_after;

	if (now < ticker_deadline(t))
		return false;
	/* the grid index of the first deadline after now: every one before it has passed */
	first_after = (long)floor((now - t->start) / t->period) + 1;
	if (first_after <= t->next)
		first_after = t->next + 1;
	/* rounding in the division must never leave a deadline at or before now */
	while (t->start + (double)first_after * t->period <= now)
		first_after++;
	if (skipped)
		*skipped = first_after - t->next - 1;
	t->skipped += first_after - t->next - 1;
	t->next = first_after;
	return true;
}
