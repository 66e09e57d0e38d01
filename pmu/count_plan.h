/* SPDX-License-Identifier: GPL-2.0 */
/* From encoded events to counters: which CPU each opens on and which are read together. */
#ifndef PMUCTL_COUNT_PLAN_H
#define PMUCTL_COUNT_PLAN_H

#include <sys/types.h>
#include "pmu/count.h"
#include "pmu/encode.h"

struct count_plan_opts {
	pid_t task;			/* >= 0: count this task (and children) instead of CPUs */
	const struct cpulist *online;	/* where PMUs without a cpumask open */
};

/*
 * Add one perf counter per event and CPU to out. Uncore PMUs open once, on the first CPU of
 * their cpumask (opening on every CPU would multiply the counts); PMUs without a cpumask open
 * on every online CPU and are summed. Groups: the user's {} kept; a latency's *_cum_outs,
 * *_req and cycles together; HNS3 events sharing a hardware event (counter and ext_counter)
 * together; Yitian DRW events always alone. Counter .input is the event's -e index plus
 * input_base, .label the text of inputs[] it came from (the glob, not each match);
 * .group says which counters form one read.
 */
int count_plan(const struct ev_set *set, const struct count_plan_opts *o, int input_base,
	       char *const *inputs, struct count_set *out);

#endif
