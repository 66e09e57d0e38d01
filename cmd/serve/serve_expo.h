/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What pmuctl serve exposes, in the Prometheus text format or OpenMetrics: every counter as
 * a total since the counters opened (type counter, for rate()), how long each ran over the
 * last interval, the -M metrics over the last interval (gauges, named as stat
 * --format=openmetrics names them), and the exporter's own health.
 */
#ifndef PMUCTL_SERVE_EXPO_H
#define PMUCTL_SERVE_EXPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "cmd/stat/stat.h"
#include "lib/accept.h"

/* The exporter's own state */
struct expo_self {
	bool sampled;		/* a sample exists: counters and metrics are exposed */
	bool up;		/* the last sample read at least one counter */
	double sample_s;	/* how long reading every counter took at the last sample */
	uint64_t samples;
	uint64_t read_failures;	/* counter reads that failed, summed over the samples */
	uint64_t reloads[2];	/* SIGHUP reloads: [0] failed, [1] done */
	size_t states[COUNT_FAILED + 1];	/* counters in each count_state at the last sample */
	uint64_t renders[2];	/* expositions built, per format: once a scrape after a sample */
};

struct expo_input {
	const struct plan *plan;
	const struct count_set *cs;
	const struct count_mark *mark;	/* the sample before: metrics and running shares since */
	const uint64_t *carried;	/* per counter: its totals in plans before a reload */
	double duration;		/* seconds since that sample */
	const struct expo_self *self;
	const struct device_row *rows;	/* --per-device: what each function is, for its _info series */
	const struct cpu_packages *packages;	/* for a PMU whose name gives no socket */
	size_t nrows;
	const struct diag *unavailable;	/* -M names that apply nowhere here: "NAME\tWHY" each */
};

/* The exposition in one format, malloc'd in *buf (*len bytes): 0, or -ENOMEM and none */
int expo_render_format(const struct expo_input *in, enum expo_format fmt, char **buf, size_t *len);

#endif
