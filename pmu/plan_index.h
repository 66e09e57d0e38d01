/* SPDX-License-Identifier: GPL-2.0 */
/* The events of a plan being built, by PMU: merging a metric's inputs looks at one PMU's only. */
#ifndef PMUCTL_PLAN_INDEX_H
#define PMUCTL_PLAN_INDEX_H

#include <stddef.h>

struct plan;
struct pmu;
struct plan_index;

/* Index the events plan->v[0..upto) not indexed yet (all again if the plan shrank); -ENOMEM */
int plan_index_sync(struct plan *plan, size_t upto);
/* The indices of the indexed events on pmu, in plan order; *n of them */
const size_t *plan_index_on(const struct plan *plan, const struct pmu *pmu, size_t *n);
void plan_index_free(struct plan *plan);

#endif
