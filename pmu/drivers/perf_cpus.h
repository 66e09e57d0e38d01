/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The perf driver's counters by CPU, so that an untimed call on a counter (open, close) is
 * made on the counter's own CPU and the kernel needs no cross-call for it: what
 * perf stat does with its affinity iterator (tools/perf/util/evlist.c, evlist__for_each_cpu).
 * A CPU with a single call to make is left alone, as perf's evlist__use_affinity does: one
 * cross-call costs less than a move.
 */
#ifndef PMUCTL_PERF_CPUS_H
#define PMUCTL_PERF_CPUS_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/cpumove.h"
#include "pmu/drivers/count.h"

/* The counters of one CPU (-1: of none, a task's), in the order they were added */
struct perf_cpus_run {
	int cpu;
	size_t start, end;	/* in order */
	size_t leaders;		/* the calls a read makes there */
};

struct perf_cpus {
	size_t *order;		/* counter indices, by CPU, then as added */
	struct perf_cpus_run *runs;
	size_t nruns;
	struct cpumove move;
};

/* Is counter i one of the driver's? Does it lead what one call reads? */
typedef bool perf_cpus_test(const struct count_set *s, size_t i);
/* One call on counter i */
typedef void perf_cpus_op(struct count_set *s, size_t i, void *arg);

/* The driver's counters (mine) of s by CPU: 0 or -ENOMEM */
int perf_cpus_build(struct perf_cpus *pc, const struct count_set *s, perf_cpus_test *mine, perf_cpus_test *leads);
/* op on each, CPU by CPU, each CPU's counters in order (backwards: the other way round) */
void perf_cpus_each(struct perf_cpus *pc, struct count_set *s, bool backwards, perf_cpus_op *op, void *arg);
void perf_cpus_free(struct perf_cpus *pc);

#endif
