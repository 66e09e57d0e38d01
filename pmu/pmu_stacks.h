/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stacks of PMUs that count the same unit of every die at once (one PMU for the machine),
 * each die's named by its root bus: perf iostat's ports, in its order.
 */
#ifndef PMUCTL_PMU_STACKS_H
#define PMUCTL_PMU_STACKS_H

#include <stddef.h>
#include <stdint.h>
#include "pmu/pmu.h"

struct pmu_stack {
	const struct pmu *pmu;
	int die;		/* the index of its counter's CPU in the PMU's cpumask */
	uint32_t domain;	/* its root bus */
	uint8_t bus;
};

/*
 * Every stack of pmus' iostat families, by family, PMU index, then die (a PMU's dies until the
 * first it names no root bus for, as perf reads dieN); *silent, when given, gets the PMUs of
 * such families that name none. 0 or -ENOMEM; *out freed by the caller.
 */
int pmu_stacks(const struct pmu_list *pmus, struct pmu_stack **out, size_t *n,
	       const struct pmu ***silent, size_t *nsilent);

#endif
