/* SPDX-License-Identifier: GPL-2.0 */
/* Counters that could not count, reported once per cause rather than once per PMU and event. */
#ifndef PMUCTL_FAILURES_H
#define PMUCTL_FAILURES_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/drivers/count.h"
#include "pmu/plan.h"
#include "pmu/schedule.h"

/*
 * Warn about every failed counter not warned about yet (warned: one flag per counter), one
 * line per cause: the events and PMUs it hit, then the cause with the PMU's name taken out.
 * Returns how many counters have failed, warned before or not.
 */
size_t warn_failures(const struct plan *plan, const struct count_set *cs, bool *warned);
/*
 * Warn, once per PMU, where the reads since mark show a smaller share of the time counted than
 * the schedule predicted: another perf user, or fewer counters than the plan assumed
 */
void warn_coverage(const struct plan *plan, const struct schedule *sc, const struct count_set *cs,
		   const struct count_mark *mark);
/* Warn about every counter reset since its mark: that report has no count for it */
void warn_resets(const struct count_set *cs, const struct count_mark *mark);

#endif
