/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl stat, shared by its parts: options, the counting run, the renderers. */
#ifndef PMUCTL_STAT_H
#define PMUCTL_STAT_H

#include <stdbool.h>
#include <stdio.h>
#include "pmu/count.h"

enum stat_aggr {
	AGGR_TOTAL,	/* each event as written: globbed instances summed */
	AGGR_PMU,	/* --per-pmu */
	AGGR_SOCKET,	/* --per-socket */
	AGGR_NONE,	/* -A: every PMU and CPU */
};

struct stat_args {
	char **event;
	int nevent;
	bool all_cpus, dry_run, no_rules;
	long interval_ms;	/* 0: no intervals */
	long interval_count;	/* 0: unlimited */
	double duration;	/* seconds; 0: until the command ends or SIGINT */
	enum stat_aggr aggr;
	const char *sep;	/* CSV separator, NULL for the table */
	const char *output;	/* -o FILE, written atomically */
	char **command;		/* after --, NULL-terminated; NULL when none */
	const char *metrics;	/* -M a,b,... */
	const char *metrics_file;
	const char *device;	/* --device BDF */
	bool root_port;		/* --root-port: the device's whole root port */
	const char *input;	/* --input FILE: metrics from recorded perf stat output */
	bool openmetrics;	/* --format=openmetrics */
};

struct metrics_ctx;

/* -M: resolve metrics on this machine and append the event strings they need */
struct pmu_list;
struct bf_list;
struct sysroot;
int metrics_prepare(struct metrics_ctx **mc, const struct stat_args *a, const struct pmu_list *pmus,
		    const struct bf_list *bf, const struct sysroot *root, char ***events, int *nevents);
/* Render the metric values from the counters (deltas since prev when delta) */
int metrics_emit(struct metrics_ctx *mc, FILE *f, const struct stat_args *a, const struct count_set *cs,
		 const uint64_t *prev, bool delta, double duration, double t, long interval, bool first);
void metrics_free(struct metrics_ctx *mc);
/* --input: metrics from perf stat -x, or -j output */
int metrics_offline(const struct stat_args *a);

/* One line of output: counters summed by the aggregation key. */
struct stat_row {
	const char *label, *pmu;	/* pmu is NULL when the row spans several */
	int socket, cpu, input;
	size_t pos;		/* with input, which event of the -e list */
	double count;
	uint64_t enabled, running;
	enum count_state state;
	const char *why;
};

struct stat_report {
	struct stat_row *rows;
	size_t n;
	double time_s;		/* since counting began */
	long interval;		/* 1.. with -I, 0 for the totals */
	const char *target;	/* "system wide" or the command */
};

/* Count; *die_signal is a signal pmuctl must die by once it has cleaned up, or 0 */
int stat_count(const struct stat_args *a, int *die_signal);
void stat_render(FILE *f, const struct stat_args *a, const struct stat_report *r, bool first);

#endif
