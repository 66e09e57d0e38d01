/* SPDX-License-Identifier: GPL-2.0 */
/* Prometheus recording rules for the catalog's formulas, over the counters serve exports. */
#ifndef PMUCTL_METRIC_RULES_H
#define PMUCTL_METRIC_RULES_H

#include <stdio.h>
#include "pmu/metrics/metric.h"

/* A rule file: a recording rule per metric m[i] (its counters named for pmus' PMUs), and alerts */
void metric_rules_render(FILE *f, const struct metric *const *m, size_t n, const struct pmu_list *pmus);

#endif
