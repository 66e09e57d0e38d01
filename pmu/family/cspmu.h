/* SPDX-License-Identifier: GPL-2.0 */
/* What every vendor's PMU on the Arm CoreSight PMU architecture shares (drivers/perf/arm_cspmu). */
#ifndef PMUCTL_CSPMU_H
#define PMUCTL_CSPMU_H

#include <stdbool.h>
#include "pmu/encode.h"
#include "pmu/pmu.h"

/* arm_cspmu: the cycle counter is event 0x100000000, outside every filter */
#define CSPMU_CYCLES (1ULL << 32)
/* arm_cspmu_get_event_idx(): one cycle counter; a second cycles event waits, or fails its group */
#define CSPMU_CYCLE_COUNTER_FROM "one cycle counter: arm_cspmu_get_event_idx, and arm_cspmu_validate_group refuses a group needing two"
/* PMCFGR.N, the number of counters, is the hardware's, read at probe and shown nowhere */
#define CSPMU_COUNTERS_FROM "arm_cspmu reads PMCFGR.N from the hardware, and sysfs does not show it"

/*
 * The cycles event on the core's cycle counter. Without one (PMCFGR.CC 0) the driver hides
 * the cycles event (arm_cspmu_event_attr_is_visible) and arm_cspmu_get_event_idx puts
 * 0x100000000 on a normal counter like any other; a PMU with no events to read (a
 * recording's) is taken to have one: the look-up lists them when the name is not there
 */
static inline bool cspmu_is_cycles(const struct plan_event *e)
{
	const struct pmu *p = e->pmu;

	return e->config[0] == CSPMU_CYCLES && (!p || pmu_find_event(p, "cycles") || !p->nevents);
}

#endif
