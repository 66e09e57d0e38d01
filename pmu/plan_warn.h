/* SPDX-License-Identifier: GPL-2.0 */
/* The plan's warnings about itself, one per family, PMU or reason however many metrics share it. */
#ifndef PMUCTL_PLAN_WARN_H
#define PMUCTL_PLAN_WARN_H

#include <stdbool.h>
#include "lib/diag.h"
#include "pmu/metrics/metric.h"
#include "pmu/plan.h"

/* Whether the -M list names metric name itself, not through its family or a glob */
bool plan_named_exactly(const char *list, const char *name);
/* Whether pmus has a PMU of family id mf (whose metric may still apply to none of them) */
bool plan_family_present(const struct pmu_list *pmus, const char *mf);
/* One warning per family whose metrics have no PMU here (none: per metric of ml) */
void plan_warn_no_pmu(const struct metric_list *ml, const bool *none, const struct plan_request *rq,
		 struct diag *warn);
/* One warning per PMU and reason, however many metrics lack an input there */
void plan_warn_absent(const struct plan *plan, struct diag *warn);
/* Traffic to a function without a sized memory BAR has no address filter to select it */
void plan_warn_barless(const struct plan_request *rq, const bool *barless, struct diag *warn);
/* The families that define metric name, joined by ", " in buf: "a, b" */
const char *plan_families_of(const struct metric_list *ml, const char *name, char *buf, size_t size);
/* A PMU whose cpumask is no CPU list counts once per CPU */
void plan_warn_garbled_cpumasks(const struct plan *plan, struct diag *warn);

#endif
