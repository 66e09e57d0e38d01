/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -r: runs of one plan averaged as perf stat -r averages them: each counter's mean over the
 * runs, and each row's noise, the standard deviation of that mean as a share of it.
 */
#ifndef PMUCTL_REPEAT_H
#define PMUCTL_REPEAT_H

#include <stddef.h>
#include "pmu/drivers/count.h"
#include "pmu/tally.h"

/* A running mean and spread (Welford's), one value per run */
struct run_stats {
	long n;
	double mean, m2;
};

void run_stats_add(struct run_stats *s, double x);
/* The standard deviation of the mean, perf's stddev_stats(): 0 under two runs */
double run_stats_sd_of_mean(const struct run_stats *s);
/* That over the mean in %, perf's rel_stddev_stats(): 0 under two runs or for a mean of 0 */
double run_stats_noise_pct(const struct run_stats *s);

/* What a counter counted, summed over the runs */
struct repeat_counter {
	double value, enabled, running;
	uint32_t resets;
	enum count_state state;	/* COUNT_OK, or the last run's state that was not */
};

struct repeat {
	long runs;
	struct repeat_counter *counters;
	size_t ncounter;
	struct run_stats *rows;	/* per row of the runs' tallies, of its (scaled) count */
	size_t nrow;
	struct run_stats elapsed;	/* seconds */
};

/*
 * One more run: its counters cs as read at its end, its rows (NULL when none are shown) and
 * how long it counted. Every run counts the same plan: -EINVAL when cs or rows differ in size
 * from the first run's, -ENOMEM.
 */
int repeat_add(struct repeat *rp, const struct count_set *cs, const struct tally *rows, double seconds);
/* Set cs's counters to their means over the runs, as if one run had counted them */
void repeat_mean(const struct repeat *rp, struct count_set *cs);
void repeat_free(struct repeat *rp);

#endif
