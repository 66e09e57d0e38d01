/* SPDX-License-Identifier: GPL-2.0 */
/* Counts summed the way the user asked: per event as written, per PMU, per socket, or none. */
#ifndef PMUCTL_TALLY_H
#define PMUCTL_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/cpu_package.h"
#include "pmu/drivers/count.h"
#include "pmu/plan.h"

enum tally_aggr {
	AGGR_TOTAL,	/* each event as written: globbed instances summed */
	AGGR_PMU,	/* --per-pmu */
	AGGR_SOCKET,	/* --per-socket */
	AGGR_NONE,	/* -A: every PMU and CPU */
};

/* One line of output: counters summed by the aggregation key. */
struct tally_row {
	char *label;		/* name=, or the part of the -e string it came from (the glob) */
	const char *pmu;	/* NULL when the row spans several */
	int socket, rc, cpu;	/* -1 when it spans several, or the PMU does not say */
	int ncpu;		/* how many CPUs it sums (perf's --per-socket "S0  2") */
	int arg;		/* which -e string */
	size_t start;		/* where in it: an event given twice is two rows */
	uint64_t value;		/* the counts as read, summed: exact while running == enabled */
	double count;		/* scaled for multiplexing */
	uint64_t enabled, running;
	enum count_state state;
	const char *why;
	const char *unit;	/* what its count is in, as perf's CSV says it ("ns" for duration_time); NULL none */
};

struct tally {
	struct tally_row *v;
	size_t n;
};

struct tally_opts {
	enum tally_aggr aggr;
	const struct cpu_packages *packages;	/* the socket of a PMU that has none; may be NULL */
};

/*
 * Rows for the events of the -e strings args (metrics' events are the metrics'), counted
 * since base (one mark per counter; NULL: since enable).
 */
int tally_build(const struct plan *plan, char *const *args, const struct count_set *cs,
		const struct count_mark *base, const struct tally_opts *o, struct tally *out);
void tally_free(struct tally *t);

#endif
