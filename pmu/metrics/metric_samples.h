/* SPDX-License-Identifier: GPL-2.0 */
/* What the metric engine evaluates: the counts each metric instance of a plan needs. */
#ifndef PMUCTL_METRIC_SAMPLES_H
#define PMUCTL_METRIC_SAMPLES_H

#include <stddef.h>
#include "pmu/cpu_package.h"
#include "pmu/drivers/count.h"
#include "pmu/metrics/metric_eval.h"
#include "pmu/perfinput.h"
#include "pmu/plan.h"

/*
 * The samples of a plan's metric instances with their counts zero, built once for a plan and
 * pk: what does not change from one interval to the next (names, sockets, formulas)
 */
struct metric_frame {
	struct metric_sample *tmpl;	/* slots of them, then their counts: one block of bytes */
	size_t n, slots, bytes;
	size_t *first;			/* per metric instance, its first sample; nmetric + 1 */
};

int metric_frame_build(const struct plan *plan, const struct cpu_packages *pk, struct metric_frame *fr);
void metric_frame_free(struct metric_frame *fr);

/*
 * From counting: the plan's metric events, counted since base (NULL: since enable); pk, when
 * given, places an instance whose PMU's name says no socket by its cpumask CPU (--per-socket).
 * frame, kept from one report to the next for the same plan and pk, is built at the first and
 * copied after (NULL: built for this report alone)
 */
int metric_samples_counted(const struct plan *plan, const struct count_set *cs,
			   const struct count_mark *base, const struct cpu_packages *pk,
			   struct metric_frame *frame, struct metric_sample **out, size_t *n);

/*
 * From recorded perf output: records whose PMU, event and filter (none, the metric's own,
 * or the --device one) are a metric event's; an instance none of whose events was recorded is
 * left out
 */
int metric_samples_recorded(const struct plan *plan, const struct perf_record *r, size_t nr,
			    struct metric_sample **out, size_t *n);

/* Per metric instance of plan, a bit per formula name (plan_metric.vars) that r records */
void metric_samples_found(const struct plan *plan, const struct perf_record *r, size_t nr, size_t *found);

/* A plan event's records summed: what --input prints on the event's -x line */
struct recorded_input {
	double count, run_ns, enabled_ns;
	bool seen, counted;	/* some record is it; every such record was counted */
	int cpu;		/* the first record's -A CPU; -1 */
};

/* Per plan event (plan->n of out), the records that are it; 0 or -ENOMEM */
int metric_samples_inputs(const struct plan *plan, const struct perf_record *r, size_t nr,
			  struct recorded_input *out);

void metric_samples_free(struct metric_sample *s, size_t n);

#endif
