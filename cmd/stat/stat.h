/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmuctl stat, shared by its parts: the options, the machine and plan every mode starts from,
 * the modes (--dry-run, counting, --input), and one renderer per record kind.
 */
#ifndef PMUCTL_STAT_H
#define PMUCTL_STAT_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <argp.h>
#include <jansson.h>
#include "lib/cpulist.h"
#include "lib/sysroot.h"
#include "pmu/devmap.h"
#include "pmu/metrics/metric.h"
#include "pmu/metrics/metric_eval.h"
#include "pmu/schedule.h"
#include "topology/pciclass.h"
#include "cmd/report/report.h"
#include "pmu/plan.h"
#include "pmu/tally.h"
#include <pci/pci.h>

struct count_view;
struct render_ctx;
struct repeat;

struct stat_args {
	char **event;
	int nevent;
	bool all_cpus, dry_run, no_rules;
	bool exclusive;		/* no value scaled from part of the time */
	enum iostat_rows iostat;	/* pmuctl iostat: the root ports (--device, or every one), perf iostat's table */
	struct schedule_budget *budgets;	/* --counters PMU=N, each; room for every argument */
	size_t nbudgets;
	const char *cpu_list;	/* -C: the CPUs PMUs without a cpumask count on, as perf's */
	bool metric_no_merge, metric_no_group;	/* perf's options of the same names */
	bool group_all;			/* -g: every -e event in one group */
	char *grouped_text;		/* -g's "{a,b}", made here: freed with the arguments */
	long interval_ms;	/* 0: no intervals */
	long interval_count;	/* 0: unlimited */
	double duration;	/* seconds; 0: until the command ends or SIGINT */
	long repeat;		/* -r N: runs averaged (0, 1: one run); 0 with repeat_forever */
	bool repeat_forever;	/* -r 0: runs until Ctrl-C, each printed, as perf's */
	enum tally_aggr aggr;
	/* read the CPUs' packages to place PMUs whose names give no socket (serve's labels) */
	bool place_sockets;
	const char *aggr_opt;	/* the option that chose aggr, or NULL */
	const char *sep;	/* CSV separator, NULL for the table */
	const char *output;	/* -o FILE; NULL for standard output ("-") */
	bool append;		/* --append: -o FILE is appended to */
	bool output_given;	/* -o, even -o - */
	char **command;		/* after --, NULL-terminated; NULL when none */
	const char *metrics;	/* -M a,b,... */
	const char *metrics_file;
	char **device;		/* --device BDF[,BDF...], each repeat: argv's own strings */
	int ndevice;
	bool root_port;		/* --root-port: the device's whole root port */
	const char *input;	/* --input FILE: metrics from recorded perf stat output */
	bool openmetrics;	/* --format=openmetrics */
	bool csv_table;		/* --format=csv (its separator: -x, or a comma) */
	bool metric_only;	/* --metric-only: the metric values alone, as perf's */
	bool per_device;	/* --per-device: a row per PCI function */
	bool by_destination;	/* --by-destination: its traffic split by where it goes */
	struct pci_filter id;	/* -d VENDOR:DEVICE */
	bool id_given;
	int socket, rc;		/* --socket, --rc; -1: any */
	const char *sort;	/* --sort METRIC: --per-device rows by its value */
	bool metrics_default;	/* -M is --per-device's default: chosen by the machine's PMUs */
	/*
	 * serve's one argument list for every machine (pmuctl-serve(1), FLEET): with no -M, each
	 * family's own defaults (serve_defaults); an -M name that applies nowhere here skipped and
	 * said, not fatal (skip_unavailable); --per-device that selects no function counted system
	 * wide, said (device_fallback)
	 */
	bool serve_defaults, skip_unavailable, device_fallback;
};

/*
 * What takes a counting run's reports instead of stat's output (top's screen): stat_count
 * renders each report as text for it and asks it whether to go on, and knows nothing else of it
 */
struct count_view {
	/* Before counting: the selected metrics (names, its to free), in column order */
	void (*columns)(void *ctx, const char **names, size_t n);
	/* Once the counters are open: 0, or -1 when it cannot start (said) */
	int (*begin)(void *ctx);

	/* The keys typed, or a hang-up of the terminal: true when they end the run */
	bool (*keys)(void *ctx, bool hangup);
	/* The shape of the next report: its sort column, table view and bars */
	void (*shape)(void *ctx, struct render_ctx *c);
	/* One report, rendered, at t seconds */
	/* 0, or -errno when it cannot be shown (a closed pipe, a full disk): the run ends */
	int (*frame)(void *ctx, const char *text, double t);
	/* Leave the terminal as it was; safe to call more than once */
	void (*end)(void *ctx);
	void *ctx;
	bool reads_keys;	/* it reads keys from standard input while counting waits */
};

/* The options that select --per-device rows (device_options.c), and --sort */
enum device_option_key {
	KEY_DEVICE = 0x400,
	KEY_SOCKET,
	KEY_RC,
	KEY_SORT,
	KEY_BY_DESTINATION,
	KEY_DEVICE_CLASS,
	KEY_DEVICE_VENDOR,
};

/* A counting command's arguments with their defaults (no socket, RC or -I): 0, or -1 out of memory */
int stat_args_init(struct stat_args *a, int argc);
/* --counters PMU=N: a PMU's budget for the schedule, by hand; a bad one ends argp */
void stat_args_budget(struct stat_args *a, char *arg, struct argp_state *state);
/* The command's end: its arguments freed, its status through finish_output, then the signal
 * that stopped counting, if any, ends pmuctl */
int stat_args_end(struct stat_args *a, int ret, int die_signal);

/* An argp number option: min..max, else argp's usage error naming what and the range */
long arg_number(const char *arg, const char *what, long min, long max, struct argp_state *state);
/* Decimal seconds, more than 0, as perf and sleep(1) take them */
double arg_seconds(const char *arg, struct argp_state *state);
/* perf -x's separator: one or more characters, '\t' a tab; no newline or quote */
const char *arg_separator(const char *arg, struct argp_state *state);
/*
 * --device, -d, --socket, --rc and --by-destination, the same in stat, top and serve: an argp
 * child whose input the command sets to its struct stat_args (DEVICE_CHILD, at ARGP_KEY_INIT)
 */
extern const struct argp device_argp;
#define DEVICE_CHILD 1
#define DEVICE_CHILDREN(header, group) \
	{ { &global_argp, 0, NULL, 0 }, { &device_argp, 0, header, group }, { 0 } }
/*
 * -e, -M, --metrics-file, --no-rules, --exclusive, --counters and --per-device, the same in
 * stat and serve: an argp child whose input the command sets to its struct stat_args, as the
 * device child's (COUNT_CHILD)
 */
extern const struct argp count_argp;
#define COUNT_CHILD 2
#define COUNT_DEVICE_CHILDREN(count_header, header, group) \
	{ { &global_argp, 0, NULL, 0 }, { &device_argp, 0, header, group }, { &count_argp, 0, count_header, 0 }, { 0 } }
/*
 * At the end of the options: --by-destination needs --per-device and chooses the metrics
 * itself (rows and columns: what the command calls them); argp's usage error otherwise
 */
void by_destination_check(struct argp_state *state, const struct stat_args *a, const char *rows,
			  const char *columns);


/* What every mode starts from: the machine, the metrics, the devices, and the plan */
struct stat_setup {
	struct sysroot root;
	bool have_root;
	struct pmu_list pmus;
	struct cpulist online;
	struct cpu_packages packages;	/* the socket of each online CPU (--per-socket) */
	struct metric_list ml;
	bool *selected;		/* per metric of ml: named by -M */
	struct pcitopo topo;	/* --device */
	struct devmap_fn *maps;
	struct plan_device *devices;	/* one per --device function (its root port with --root-port) */
	size_t ndevices;
	struct device_row *rows;	/* --per-device: one per device */
	bool *named;		/* per function of topo: a device of its name was added */
	size_t *below;		/* per function of topo: the functions below it, when a root port */
	struct fn_pmu *stacks;	/* iostat: the PMUs of stacks no PCI function is on */
	struct plan plan;
	struct schedule sched;	/* what the kernel will count at once, predicted */
	/* skip_unavailable: one "NAME\tWHY" per -M name that applies nowhere here */
	struct diag unavailable;
	bool per_device_off;	/* device_fallback: --per-device selected nothing */
};

/*
 * Read the machine (only the PMUs the -e strings can name, unless -M asks for every
 * instance), select the metrics, find the --device function, and build the plan. Prints
 * its errors and returns an exit code.
 */
int stat_setup(const struct stat_args *a, struct stat_setup *s);
/* The metrics and the --device function alone: --input's machine is its recording */
int stat_setup_metrics(const struct stat_args *a, struct stat_setup *s);
/* -M as given, or --per-device's default for the PMUs of pmus */
const char *stat_metric_list(const struct stat_args *a, const struct pmu_list *pmus);
void stat_setup_free(struct stat_setup *s);

int stat_dry_run(const struct stat_args *a);
/*
 * Count, reporting to view (top's screen), or to stat's output when it is NULL; *die_signal is a
 * signal pmuctl must die by once it has cleaned up, or 0
 */
int stat_count(const struct stat_args *a, struct count_view *view, int *die_signal);
struct stream;
/* -o FILE before counting: 0, or -errno (refused, or not appendable to) */
int stat_output_open(const struct stat_args *a, struct stream *out);
/* --input: metrics from recorded perf stat -x, or -j output */
int stat_input(const struct stat_args *a);

/* After s->maps: what the devices below need of each function, kept once: 0 or -ENOMEM */
int devices_prepare(struct stat_setup *s);
/* --device and --per-device: function i of s->topo, named text by the user */
int devices_add(const struct stat_args *a, struct stat_setup *s, size_t i, const char *text);
/* iostat: p's stack of die that no function of s->topo is on, counted whole through r (which
 * it fills, and which lives as long as s), as perf counts it by its file */
int devices_add_stack(struct stat_setup *s, struct fn_pmu *r, const struct pmu *p, int die);
/* --per-device: every function a PMU sees that -d, --socket and --rc select (none more when
 * --device named them), after checking --sort */
int devices_select(const struct stat_args *a, struct stat_setup *s);
/* How function i is selected alone in its requester PMU: *filter is set to that filter */
const char *devices_method(const struct stat_setup *s, size_t i, const struct fn_filter **filter);
/* The row of the device just added for function i */
int devices_row(struct stat_setup *s, size_t i);
void devices_names(struct stat_setup *s);

/* The report's face the options chose: text, CSV, perf -x, JSON or OpenMetrics, once */
const struct report_ops *stat_report_ops(const struct stat_args *a);

#endif
