/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The schedule's prediction against the reads: a PMU whose events counted a smaller share of
 * the time than predicted has fewer counters (or filter slots) than the plan assumed, because
 * another perf user holds some, or its driver has fewer than the family says.
 */
#ifndef PMUCTL_COVERAGE_GAP_H
#define PMUCTL_COVERAGE_GAP_H

#include <stddef.h>
#include "pmu/drivers/count.h"
#include "pmu/schedule.h"

struct coverage_gap {
	const struct sched_pmu *sp;	/* the PMU, as scheduled */
	double predicted, measured;	/* the lowest share of its events', predicted and read */
	/* the counters the reads imply, for a PMU whose driver does not say (arm_cspmu's
	 * PMCFGR.N); 0 when its budget is known, or the reads imply none */
	size_t inferred;
};

/*
 * The PMUs of sc whose events counted a smaller share since base (NULL: since enable) than
 * predicted, in the schedule's order: 0 with *out (free it) and *n, or -ENOMEM. Only counters
 * that counted (state OK, some time enabled) are compared.
 */
int coverage_gaps(const struct plan *p, const struct schedule *sc, const struct count_set *cs,
		  const struct count_mark *base, struct coverage_gap **out, size_t *n);

#endif
