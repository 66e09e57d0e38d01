/* SPDX-License-Identifier: GPL-2.0 */
/* The counts each metric value comes from, summed per plan event, for the faces to write. */
#ifndef PMUCTL_METRIC_INPUTS_H
#define PMUCTL_METRIC_INPUTS_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/drivers/count.h"
#include "pmu/plan.h"

/* One plan event's counters summed: each scaled for multiplexing, and their times */
struct metric_input_sum {
	double count;
	uint64_t enabled, running;
	bool counted;
	bool has_cpu;		/* --input: the CPU the recording said it counted on (-A) */
	int cpu;
};

/* Every plan event's sums in one pass over the counters; NULL when out of memory */
struct metric_input_sum *metric_inputs_sums(const struct plan *plan, const struct count_set *cs,
					    const struct count_mark *base);

#endif
