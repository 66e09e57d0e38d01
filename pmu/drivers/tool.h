/* SPDX-License-Identifier: GPL-2.0 */
/* The tool driver: perf's duration_time, counted by the clock, not by a PMU. */
#ifndef PMUCTL_DRV_TOOL_H
#define PMUCTL_DRV_TOOL_H

#include "pmu/drivers/count.h"

/* The type a tool event has in the plan: no perf_event_attr type is so high */
#define TOOL_TYPE 0xffffffffu

struct counter *tool_counter_add(struct count_set *s);

#endif
