/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel will count at once, before anything opens: each PMU's events in the units
 * it schedules (a group, or an event alone), against its counters and the filter slots its
 * events share, and the share of the time each unit will count when they do not all fit and
 * the kernel rotates them (perf's round robin of flexible groups, one step per tick).
 */
#ifndef PMUCTL_SCHEDULE_H
#define PMUCTL_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/plan.h"

struct sched_pmu {
	const struct pmu *pmu;
	int box_cpu;		/* the CPU of the die whose box alone it schedules; -1: the PMU's whole */
	size_t events;		/* plan events on it */
	size_t units;		/* groups and events alone: what the kernel rotates */
	size_t counters;	/* its budget, per bank of counters; 0: not known (the driver does not say) */
	const char *counters_from;	/* where that is from: the family's source, or --counters */
	size_t need;		/* counters all its units take at once in its fullest bank (own-counter events not) */
	size_t own_counters;	/* the family's own counters (one cycle counter); 0: one each */
	size_t own_need;	/* own counters all its units take at once, where they are few */
	size_t slots;		/* filter slots its events share; 0: none */
	size_t values;		/* distinct values its events want in them */
	bool rotates;		/* not everything fits at once */
	double coverage;	/* predicted, the lowest of its units' */
};

struct schedule {
	struct sched_pmu *v;
	size_t n;
	double *coverage;	/* per plan event: the predicted share of the time it counts */
};

/* qsort_r order of plan event indices (plan as its argument): by PMU (and die, for one die's
 * events of a PMU for every die), then plan order, so a PMU's events come together and its
 * groups' members side by side */
int plan_by_pmu(const void *a, const void *b, void *plan);

/* Whether event k opens in one group with event i (a {} group, or the family's pairing) */
bool plan_together(const struct plan *set, size_t i, size_t k);

/* How an event finds the events of its PMU it opens with, in the order the schedule sorts them */
enum together_class {
	TOGETHER_GROUP,		/* a {} group, or a metric's: key[1] is its id */
	TOGETHER_KEY,		/* the family's together key: the events of the same key */
	TOGETHER_PAIRWISE,	/* the family's together, which has no key: asked pair by pair */
	TOGETHER_ALONE,		/* with none */
};

/* Event i's class, and its key (zero where the class has none) */
enum together_class plan_together_class(const struct plan *set, size_t i, uint64_t key[2]);
/* A budget the user gives (--counters PMU=N): the PMUs whose names match the glob pmu have n */
struct schedule_budget {
	const char *pmu;
	size_t n;
	bool used;		/* set when a PMU of the plan matched */
};

/* 0, or -ENOMEM */
int plan_schedule(const struct plan *p, struct schedule *out);
/* The same, with the budgets given by hand in place of the families' (the first that matches) */
int plan_schedule_budgets(const struct plan *p, struct schedule_budget *b, size_t nb, struct schedule *out);
void schedule_free(struct schedule *s);

#endif
