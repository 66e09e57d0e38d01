/* SPDX-License-Identifier: GPL-2.0 */
/* Metric values from event counts: per PMU instance, per socket, and in total. */
#ifndef PMUCTL_METRIC_EVAL_H
#define PMUCTL_METRIC_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/metrics/metric.h"

/* One metric on one PMU instance: the counts of the events its formula names. */
struct metric_sample {
	const struct metric *m;
	const char *pmu;
	int socket, rc;		/* -1 when the PMU does not say */
	int channel;		/* a DDR channel the PMU's name gives; -1 elsewhere */
	const char *device;	/* --device BDF, or NULL */
	int device_index;	/* which --device function: the samples of one device sum */
	size_t nev;
	const char **ev;	/* event names as in the formula */
	const struct mexpr *expr;	/* the formula bound to ev by index; NULL: parsed here */
	const bool *clock;	/* per ev: a clock, averaged over instances; NULL: by name */
	double *count;		/* NaN when not counted */
	bool multiplexed;	/* some count ran less than 100% of the time */
	double running;		/* the lowest share of time one of its counts ran: 0..1 */
	bool grouped;		/* its inputs were read as one group: counted over the same time */
	double hw_clk_freq;	/* the PMU's clock, where its family reads one; NaN elsewhere */
	bool absent;		/* the PMU has no event for an input: n/a, and left out of sums */
};

enum metric_scope { SCOPE_PMU, SCOPE_SOCKET, SCOPE_TOTAL };

struct metric_value {
	const struct metric *m;
	enum metric_scope scope;
	const char *pmu;	/* SCOPE_PMU */
	int socket, rc;
	int channel;		/* SCOPE_PMU on a DDR channel; -1 */
	const char *device;
	int device_index;	/* which --device function (a --per-device row); -1 */
	double value;		/* NaN: n/a (a division by zero, or an event not counted) */
	bool multiplexed;
	double running;		/* the lowest running share of its samples: 0..1 (coverage) */
	/*
	 * its inputs were counted over the same time: each instance's were one group, or ran
	 * all the time; false: a ratio of counts that may come from different moments
	 */
	bool together;
	int instances;		/* how many PMU instances it covers */
};

/*
 * Evaluate the samples at scope (SCOPE_TOTAL: one value per metric for the machine, as perf
 * merges uncore instances; SCOPE_SOCKET: one per socket (or die); SCOPE_PMU: one per
 * instance) over duration seconds. The samples of one PCI function (--device) on one PMU are
 * a value of their own at every scope (PCIE-TGT has one per BAR: they sum), and a total-only metric (perf's ".all") is one value at every scope.
 * Values sum the counts of their instances (clocks like cycles are averaged: every instance
 * counts the same clock), then apply the formula, so a latency is weighted by requests and a
 * bandwidth adds up. Values come in sample order: a metric's values where it first comes, each
 * where its first sample does. No name is compared: samples are grouped by sorting on numbers
 * (n log n), and bound formulas evaluated on arrays.
 */
int metric_evaluate(const struct metric_sample *s, size_t n, enum metric_scope scope, double duration,
		    struct metric_value **out, size_t *nout);
const char *metric_scope_name(enum metric_scope s);

/* A function's traffic by destination, summed from its values of destination metrics */
struct destination_sum {
	double remote, all;
	bool missing;		/* a part was not counted */
};

/* Add v when it is a part of the split (other values are not) */
void destination_add(struct destination_sum *s, const struct metric_value *v);
/* The share that goes to the remote socket: NaN when a part was not counted or there was none */
double destination_remote_share(const struct destination_sum *s);

#endif
