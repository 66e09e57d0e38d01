/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A report, as perf's perf_stat_output_ctx: its records (counts, metric values, the
 * --per-device table, perf iostat's table, the metrics' inputs) and one set of ops per face,
 * chosen once from the options. Each face is its own file: face_text.c, face_csv.c,
 * face_perf.c (perf stat -x), face_json.c and face_openmetrics.c; top's screen is the text
 * face's, serve writes its exposition itself (metric_prom.h).
 */
#ifndef PMUCTL_REPORT_H
#define PMUCTL_REPORT_H

#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <jansson.h>
#include "pmu/drivers/count.h"
#include "pmu/metrics/metric_eval.h"
#include "pmu/plan.h"
#include "pmu/tally.h"
#include "topology/pciclass.h"
#include "topology/pcilink.h"

struct metric_input_sum;

struct repeat;
struct run_stats;
struct report_ops;

/* pmuctl iostat's rows: none (stat), the root ports, or each port and its functions (--per-device) */
enum iostat_rows { IOSTAT_NONE, IOSTAT_PORTS, IOSTAT_FUNCTIONS };

/* A --per-device row: the function, where it sits, and how each PMU selects it */
struct device_row {
	const char *bdf;	/* the plan_device's */
	char name[128];		/* vendor and device, from pci.ids */
	size_t fn;		/* its function in the topology, whose name it shows */
	int socket, rc, rp;	/* -1 where the topology gives none */
	char root_port[16];	/* that root port's BDF, as map -j gives it; "" */
	struct pci_class_devices classdev;	/* its netdev, nvme, infiniband and drm names (serve) */
	const char *method;	/* requester: "rp" (alone below its port), "bdf", or its family's device_method ("port") */
	size_t nbars;		/* target: the BARs an address filter selects */
	struct pcilink link;	/* its PCIe link, as map reads it */
	/* the text table's columns no interval changes, rendered once (devices_text_fixed); n 0: not */
	struct {
		char lead[64], link[32];
		unsigned char nlead, nlink, nname;
	} text;
};

/* The rows of the --per-device table: all (stat), or one kind (top's d key) */
enum table_view { VIEW_ALL, VIEW_DEVICES, VIEW_RC, VIEW_SOCKET };

struct render_ctx {
	FILE *f;
	const struct report_ops *ops;	/* the face */
	const char *sep;	/* CSV's and perf -x's separator */
	enum tally_aggr aggr;
	double time_s;		/* since counting began */
	long interval;		/* 1.. with -I, 0 for the totals */
	bool frame;		/* a view's frame: time_s is when its interval ended */
	/* --input: each plan event's recorded counts, for its -x line; NULL: counted (cs) */
	const struct metric_input_sum *sums;
	bool first;		/* the stream's first report: CSV's header */
	bool metric_only;	/* --metric-only: no counts, no inputs */
	const char *target;	/* "system wide" or the command */
	struct timespec wall;	/* the wall-clock time of the report; 0 when recorded (--input) */
	json_t *record;		/* JSON: the report's object, which counts and metrics fill */
	const struct device_row *rows;	/* --per-device: the table's rows, in topology order */
	size_t nrows;
	const char *sort;	/* --sort: the metric the rows are ordered by, or NULL */
	enum table_view view;	/* which rows of the table */
	bool bars;		/* top: a bar of the sort column's share of its largest value */
	enum iostat_rows iostat;	/* the metrics as perf iostat's table of root ports */
	/* -x with -M: each metric's input events as perf's lines, the value beside the first */
	const struct plan *plan;
	const struct count_set *cs;
	const struct count_mark *base;
	const struct plan_device *ports;	/* iostat: its rows, the --device functions */
	size_t nports;
	const struct repeat *runs;	/* -r: the counts are the means of these runs, rows with their noise */
};

struct grid;

/* A face: how each record of a report is written */
struct report_ops {
	/* The report's start and end (JSON's object; CSV's header before a stream's first) */
	int (*begin)(struct render_ctx *c);
	/* emit: the report is whole (false: an error cut it short, nothing more is written) */
	int (*end)(struct render_ctx *c, bool emit);
	/* -e counts; NULL: the face writes metric values only */
	void (*counts)(const struct render_ctx *c, const struct tally *t);
	void (*metrics)(const struct render_ctx *c, const struct metric_value *v, size_t n);
	/* perf -x with -M: each value beside its input counts (c->plan), which --input reads back */
	void (*metrics_inline)(const struct render_ctx *c, const struct metric_value *v, size_t n,
			       double duration);
	/* --per-device's table, its rows in order; NULL: the values are written as metrics */
	void (*devices)(const struct render_ctx *c, const struct grid *g, const size_t *order);
	bool devices_beside_metrics;	/* the metric values written too (JSON) */
	/* perf iostat's table of root ports */
	void (*iostat)(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration);
	/* What the metrics read, after their values (-v's lines, CSV's input rows, JSON's inputs) */
	int (*inputs)(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		      const struct count_mark *base);
	/* What -o --append checks in the file it continues: JSON lines, CSV's header, -x's separator */
	bool json_lines, csv_header, separated;
};

extern const struct report_ops face_text, face_csv, face_perf, face_json, face_openmetrics;

/* The values of metric samples over duration seconds, evaluated and written in c's face */
int report_values(const struct render_ctx *c, const struct metric_sample *samples, size_t n, double duration);
/* A count row's share of the time it ran, in percent, and whether its count is exact */
double report_running_pct(const struct tally_row *r);
bool report_exact(const struct tally_row *r);
/* perf's words for a count's state ("<not counted>"), or JSON's identifiers ("not_counted") */
const char *report_state_name(enum count_state s, bool json);
/* -r: the noise of count row i of the averaged runs; NULL when not averaged */
const struct run_stats *report_row_noise(const struct render_ctx *c, size_t i);

/* perf -x's [time,][aggregate,] fields, before value */
void face_perf_prefix(const struct render_ctx *c, FILE *f, int socket, int ncpu, int cpu);
/* perf -x's line of the time the formulas divided by, in ns: --input reads it back */
void face_perf_duration_line(const struct render_ctx *c, double duration);

#endif
