/* SPDX-License-Identifier: GPL-2.0 */
/* Metric values in the exposition formats: Prometheus names, and every value's family. */
#ifndef PMUCTL_METRIC_PROM_H
#define PMUCTL_METRIC_PROM_H

#include <stdbool.h>
#include <stdio.h>
#include "lib/expo.h"
#include "pmu/metrics/metric.h"
#include "pmu/metrics/metric_eval.h"

/*
 * A metric's name in Prometheus, in base units (pmuctl_t410_pcie_rd_latency_seconds), and
 * what its value is multiplied by to be in them (1e-9 from ns)
 */
void metric_prom_name(const struct metric *m, char *buf, size_t size, double *scale);
/* The factor to its base unit alone (GB/s: 1e9), without building the name */
double metric_prom_scale(const struct metric *m);
/*
 * The values as gauges in format fmt, a family per name, then their coverage ratios; a value
 * with no count is NaN, or left out with omit_uncounted (its coverage says why). No # EOF.
 */
void metric_prom_write(FILE *f, enum expo_format fmt, const struct metric_value *v, size_t n,
		       bool omit_uncounted);

#endif
