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
};

/* One line of output: counters summed by the aggregation key. */
struct stat_row {
	const char *label, *pmu;	/* pmu is NULL when the row spans several */
	int socket, cpu, input;
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

int stat_count(const struct stat_args *a);
void stat_render(FILE *f, const struct stat_args *a, const struct stat_report *r, bool first);

#endif
