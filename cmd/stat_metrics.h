/* SPDX-License-Identifier: GPL-2.0 */
/* The metric plan of stat -M, shared by planning, live output and --input. */
#ifndef PMUCTL_STAT_METRICS_H
#define PMUCTL_STAT_METRICS_H

#include "cmd/stat.h"
#include "pmu/metric.h"
#include "pmu/metric_eval.h"

/* One metric on one PMU instance: which -e inputs hold its events */
struct metric_spec {
	const struct metric *m;
	char *pmu;
	int socket, rc;
	char *device;
	double hw_clk_freq;
	char **ev;
	size_t nev;
	int input, ninputs;
};

struct metrics_ctx {
	struct metric_list ml;
	bool *selected;
	struct metric_spec *v;
	size_t n;
	int first_input;	/* inputs below it are the user's -e events */
};

struct device_target {
	bool found;
	char name[32], pmu[64], filter[96];
};

/* "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x100/" -> PMU and event name (bfperf/BLOCK/EVENT/ too) */
bool metric_event_split(const char *text, char *pmu, size_t psz, char *ev, size_t esz);

/* Mark the metrics a comma list names (names, globs, family ids); prints unknown ones */
int metrics_select(struct metrics_ctx *mc, const char *list);

/* Text, CSV, JSON or OpenMetrics, by the options */
void metric_render(FILE *f, const struct stat_args *a, const struct metric_value *v, size_t n,
		   double t, long interval, bool first);

#endif
