/* SPDX-License-Identifier: GPL-2.0 */
/* The perf_event_open driver: what a counter needs to be opened. */
#ifndef PMUCTL_DRV_PERF_H
#define PMUCTL_DRV_PERF_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "pmu/drivers/count.h"
#include "pmu/pmu.h"

struct perf_spec {
	const struct pmu *pmu;	/* NULL for perf's symbolic events */
	uint32_t type;
	uint64_t config[3];
	bool exclude_user, exclude_kernel, exclude_hv;
	pid_t pid;		/* -1 system-wide on cpu; else the task, with inherit */
	size_t leader;		/* index of the group leader's counter (itself when alone) */
	bool alone;		/* a leader of no member: read without PERF_FORMAT_GROUP, as perf does */
	int fd;
	uint64_t id;		/* a group member's, which its group's read names it by; 0 alone */
};

/* Add a counter for the perf driver; spec is copied. */
struct counter *perf_counter_add(struct count_set *s, const struct perf_spec *spec);

#endif
