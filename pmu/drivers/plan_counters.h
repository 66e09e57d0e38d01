/* SPDX-License-Identifier: GPL-2.0 */
/* From the plan to counters: which driver, which CPU each opens on, which are read together. */
#ifndef PMUCTL_PLAN_COUNTERS_H
#define PMUCTL_PLAN_COUNTERS_H

#include <sys/types.h>
#include "lib/cpulist.h"
#include "lib/sysroot.h"
#include "pmu/drivers/count.h"
#include "pmu/plan.h"

struct plan_counters_opts {
	pid_t task;			/* >= 0: count this task (and children) instead of CPUs */
	const struct cpulist *online;	/* where PMUs without a cpumask open */
	const struct sysroot *root;	/* where hwmon blocks are read and written */
};

/*
 * Add the counters of every plan event to out. Uncore PMUs open once, on the first CPU of
 * their cpumask (opening on every CPU would multiply the counts); PMUs without a cpumask open
 * on every online CPU and are summed; a source block's events are one counter each.
 * Groups: the user's {} kept, the metrics' groups, and what the families read together
 * (a latency's parts, a counter pair). Counter .ev is the plan event, .group its read.
 */
int plan_counters(const struct plan *plan, const struct plan_counters_opts *o, struct count_set *out);

#endif
