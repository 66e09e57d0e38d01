// SPDX-License-Identifier: GPL-2.0
/* The OpenMetrics face (--format=openmetrics): -M's values for node_exporter's textfile collector. */
#include "cmd/report/metric_prom.h"
#include "cmd/report/report.h"

static void metrics_openmetrics(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	metric_prom_write(c->f, EXPO_OPENMETRICS, v, n, false);
	/* OpenMetrics ends so; to the Prometheus text format (node_exporter) it is a comment */
	expo_end(c->f, EXPO_OPENMETRICS);
}

const struct report_ops face_openmetrics = {
	.metrics = metrics_openmetrics,
};
