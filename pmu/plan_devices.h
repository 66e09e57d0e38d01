/* SPDX-License-Identifier: GPL-2.0 */
/* --device functions by the PMU that sees them: each PMU finds its devices without a scan. */
#ifndef PMUCTL_PLAN_DEVICES_H
#define PMUCTL_PLAN_DEVICES_H

#include <stddef.h>
#include "pmu/plan.h"

/* A node is 2 * device for its requester PMU, 2 * device + 1 for its target PMU */
struct plan_devices {
	size_t *first;	/* per PMU of the list: its first node, or SIZE_MAX */
	size_t *next;	/* per node: the next one under the same PMU, or SIZE_MAX */
};

/*
 * Each of rq's devices under the PMU of pmus named as its requester PMU and under the one
 * named as its target PMU (by name: recorded input has PMUs of its own), in device order.
 * 0 or -ENOMEM.
 */
int plan_devices_index(const struct pmu_list *pmus, const struct plan_request *rq,
		       struct plan_devices *out);
void plan_devices_free(struct plan_devices *d);

#endif
