/* SPDX-License-Identifier: GPL-2.0 */
/* Metrics are data: a formula over the events of one PMU instance, with its unit and source. */
#ifndef PMUCTL_METRIC_H
#define PMUCTL_METRIC_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/diag.h"
#include "lib/err.h"
#include "pmu/pmu.h"

struct metric {
	char *name;
	char *family;		/* a PMU family id, or one its family's metric_family op knows */
	char *expr;		/* event names of that PMU, duration_time (s), hw_clk_freq (Hz) */
	char *unit;
	char *description;
	char *source;		/* the document the formula comes from */
	char *filter;		/* terms every event of it needs (global=1), or NULL */
	bool total_only;	/* perf's ".all" metrics: one value summed over every instance */
	/* a device's PCIe traffic: 1 toward it, -1 from it (its link's two directions); 0 neither */
	int link_dir;
	/*
	 * a --device filter is added to filter (destination filters select what it counts
	 * of a device's traffic); false: it takes filter's place (a global=1 is a scope)
	 */
	bool filter_kept;
	/*
	 * one name for the same quantity in several families (pcie_rd_bw, mem_rd_bw), each with its
	 * own formula: selected by its name, not by -M FAMILY, which keeps to the family's own names
	 */
	bool across;
	/* a part of a device's traffic split by destination, or none */
	enum metric_destination destination;
};

struct metric_list {
	struct metric *v;
	size_t n;
	struct json_t *names;	/* name -> index of the first metric of that name */
};

/* Append a copy of tmpl, its strings its own: 0 or -ENOMEM */
int metric_list_copy(struct metric_list *l, const struct metric *tmpl);
/* The first metric named name, or NULL: by the index, not a scan */
const struct metric *metric_list_find(const struct metric_list *l, const char *name);

/* The built-in catalog: every formula of the documents. */
int metric_catalog(struct metric_list *out);
/* Add a copy of tmpl (its source names where it comes from); its expression must parse */
int metric_add(struct metric_list *l, const struct metric *tmpl, struct err_report *err);
/*
 * Add the metrics of a JSON file: [{"name","family","expr","unit","description"}, ...], each
 * checked: plain text, a metric name, a known family, a formula over the events of pmus'
 * PMUs it applies to (may be NULL: not checked) and constants. The error names FILE:LINE.
 */
int metric_load_file(struct metric_list *l, const char *path, const struct pmu_list *pmus,
		     struct err_report *err);
/* Letters, digits, '_' and '.', not starting with a digit: what OpenMetrics can name */
bool metric_name_valid(const char *name);
void metric_list_free(struct metric_list *l);
/*
 * Mark the metrics a comma list names (names, globs, family ids) in selected. Every name that
 * matches none goes to unknown, the first also to err (-ENOENT); an empty name is -EINVAL.
 */
struct suggest;
/* The names -M takes, metric names and family ids, offered to a "did you mean" */
void metric_suggest(const struct metric_list *ml, struct suggest *sg);
int metric_select(const struct metric_list *ml, const char *list, bool *selected, struct diag *unknown,
		  struct err_report *err);
/* Events counted at the same clock in every instance: averaged, not summed, over instances */
bool metric_name_is_clock(const char *name);

#endif
