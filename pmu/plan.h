/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plan: what stat will count, typed, built once from what the user asked (-e strings in
 * perf syntax or PREFIX/BLOCK/EVENT/, -M metrics, --device functions). --dry-run prints it,
 * the drivers open it, --input feeds it recorded counts, and the metric engine evaluates it:
 * each event carries the metric and formula name it feeds as numbers, never as a label.
 */
#ifndef PMUCTL_PLAN_H
#define PMUCTL_PLAN_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/cpulist.h"
#include "lib/diag.h"
#include "lib/err.h"
#include "pmu/format.h"
#include "pmu/pmu.h"

struct metric;
struct metric_list;
struct mexpr;
struct fn_pmu;
struct fn_filter;

struct plan_event {
	const struct pmu *pmu;		/* NULL for a perf symbolic event (cycles, cpu-clock) */
	const struct pmu_event *alias;	/* the named event used, if any */
	char *event;			/* concrete string: globs resolved, one PMU */
	char *name;			/* from a name= term, or NULL */
	uint32_t type;
	uint64_t config[FORMAT_WORDS];
	const char **given;		/* the formats a term set, by the PMU's own names */
	size_t ngiven;
	char *mods;
	int group;			/* -1 when not in a {} group */
	int src_group;			/* the {} it was written in, before splitting */
	bool leader;
	int arg;			/* which -e string it came from; -1: made for a metric */
	size_t start, end;		/* its extent in that string */
	int metric, var;		/* the metric instance and the formula name it feeds; -1 */
	struct plan_feed *feeds;	/* more (metric, var) it feeds: merged, counted once */
	size_t nfeeds;
	bool encoded;			/* false: named only (recorded input has no sysfs) */
	struct cpulist cpus;		/* where it opens; cpu -1 means "the command's task" */
	const char *filter_mode;	/* where a family's driver picks one: the mode it will pick */
};

/* A metric instance's input that an event counts besides its first: distinct events count once */
struct plan_feed {
	int metric, var;
};

/* One metric on one PMU instance (and one PCI function with --device) */
struct plan_metric {
	const struct metric *m;
	const struct pmu *pmu;
	char *device;			/* the function's BDF, or NULL */
	int device_index;		/* which of the request's devices it is; -1 */
	const char *method;		/* how filter selects it: "rp", "bdf", "bar"; NULL */
	const struct fn_filter *filter;	/* the filter that selects it, or NULL */
	const char **vars;		/* the formula's event names, each once */
	size_t nvars;
	bool *clock;			/* per var: a clock every instance counts alike (averaged) */
	bool grouped;			/* its inputs are one group (or one input): read together */
	struct mexpr *expr;		/* bound to vars by index */
	bool shared;			/* vars, clock and expr are the previous instance's, of the same metric */
	char *absent;			/* why the PMU lacks an input: no events, values n/a */
	int die;			/* one die's unit of a PMU for every die: its cpumask CPU; -1 */
};

struct plan_index;

struct plan {
	struct plan_event *v;
	size_t n;
	int ngroups;
	struct plan_metric *metric;
	size_t nmetric;
	struct plan_index *index;	/* while it is built: its events by PMU (plan_index.h) */
};

/*
 * --device: a PCI function counted alone, through the PMU that sees the traffic it sends and
 * its filter, and the PMU that sees the traffic sent to it (PCIE-TGT) with one filter per BAR
 */
struct plan_device {
	const char *bdf;
	const struct fn_pmu *pmu;
	const struct fn_filter *filter;
	const struct fn_pmu *target;		/* NULL: no such PMU */
	const struct fn_filter *target_filters;	/* one metric instance each, summed per device */
	size_t ntarget_filters;			/* 0: nothing selects traffic to it */
	const char *method;			/* --per-device: how filter selects it, or NULL */
};

struct plan_request {
	char *const *events;		/* -e strings, as written */
	size_t nevents;
	const struct metric_list *metrics;	/* the catalog, and which -M selected */
	const bool *selected;
	const char *named;		/* the -M list: a metric named there exactly must apply somewhere */
	const struct plan_device *devices;	/* metrics count only these functions */
	size_t ndevices;
	bool system_wide;		/* PMUs without a cpumask open on every online CPU */
	const struct cpulist *online;
	bool check_rules;		/* the drivers' rules, before anything opens */
	bool no_merge;			/* perf's --metric-no-merge: each metric's events its own */
	bool no_group;			/* perf's --metric-no-group: a metric's inputs not grouped */
	bool named_only;		/* metric events by name only: recorded input, no sysfs */
	/* a name of named that applies nowhere goes here ("NAME\tWHY") instead of failing */
	struct diag *unavailable;
	/* with devices: a metric of a family that selects no function counts system wide */
	bool others_system_wide;
	/* the metrics are the machine's defaults: one that applies nowhere is not said */
	bool quiet_none;
	const char *where;		/* "on this machine" (default), "in the recording" */
	/* perf iostat's: a device's events on one PMU and CPU, of every metric, one group */
	bool group_devices;
};

/*
 * Build the plan. On error err says why: err.arg is the -e string it points into, or -1 for
 * what a metric made. Metrics that apply to no PMU are warnings, all of them an error.
 */
int plan_build(const struct pmu_list *pmus, const struct plan_request *rq, struct plan *out,
	       struct err_report *err, struct diag *warn);
void plan_free(struct plan *p);

#endif
