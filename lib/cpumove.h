/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running on a given CPU for a while, as perf stat does (tools/perf/util/affinity.c): a perf
 * call on a counter of another CPU costs the kernel a cross-call (smp_call_function_single);
 * made on the counter's own CPU it costs none. Only the CPUs the thread is allowed (taskset,
 * a cpuset) are used; where moving fails, the calls are made from where it runs.
 */
#ifndef PMUCTL_CPUMOVE_H
#define PMUCTL_CPUMOVE_H

#include <sched.h>
#include <stdbool.h>

struct cpumove {
	cpu_set_t *allowed;	/* the thread's affinity at cpumove_begin */
	cpu_set_t *one;		/* the mask of a move */
	bool known;		/* allowed was read: moves can be made and undone */
	bool moved;		/* allowed is to be put back */
};

/* 0 or -ENOMEM */
int cpumove_init(struct cpumove *m);
void cpumove_free(struct cpumove *m);
/* Before a round of moves: the affinity to keep to and to put back, read now */
void cpumove_begin(struct cpumove *m);
/* The CPU the thread runs on (-1: unknown) */
int cpumove_here(void);
/* Run on cpu from now: whether the thread is there (false: not allowed there, or refused) */
bool cpumove_to(struct cpumove *m, int cpu);
/* The affinity of cpumove_begin, back */
void cpumove_end(struct cpumove *m);

#endif
