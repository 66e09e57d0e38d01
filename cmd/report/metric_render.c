// SPDX-License-Identifier: GPL-2.0
/* Metric values as a table, CSV, JSON, or the Prometheus text format for node_exporter. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lib/csv.h"
#include "cmd/pmuctl.h"
#include "lib/expo.h"
#include "pmu/family/family.h"
#include "cmd/stat/stat.h"

/* Where a value was counted, PMU names from sysfs shown safe */
static const char *where(const struct metric_value *v, char *buf, size_t size)
{
	char pmu[128];

	safe_str(v->pmu, pmu, sizeof(pmu));
	switch (v->scope) {
	case SCOPE_PMU:
		if (v->device)
			snprintf(buf, size, "%s (%s)", v->device, pmu);
		else if (v->rc >= 0)
			snprintf(buf, size, "socket %d rc %d (%s)", v->socket, v->rc, pmu);
		else if (v->socket >= 0)
			snprintf(buf, size, "%s %d (%s)", pmu_family_socket_word(v->m->family), v->socket, pmu);
		else
			snprintf(buf, size, "%s", pmu);
		break;
	case SCOPE_SOCKET:
		/* Yitian sums by die, and says so */
		snprintf(buf, size, "%s %d (%d PMU%s)", pmu_family_socket_word(v->m->family), v->socket,
			 v->instances, v->instances == 1 ? "" : "s");
		break;
	default:
		snprintf(buf, size, "total (%d PMU%s)", v->instances, v->instances == 1 ? "" : "s");
	}
	return buf;
}

/* Six significant digits below 100, as %g gave, and two decimals above: never an exponent */
static int decimals(double v)
{
	double a = fabs(v);
	int d;

	if (a == 0)
		return 0;
	if (a >= 100)
		return 2;
	d = 5 - (int)floor(log10(a));
	return d > 12 ? 12 : d;
}

static void metrics_text(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	FILE *f = c->f;
	double t = c->time_s;
	long interval = c->interval;
	char w[160], num[64];

	if (!interval)
		fprintf(f, "\n Metrics (%.3f s):\n\n", t);
	for (size_t i = 0; i < n; i++) {
		if (interval)
			fprintf(f, "%15.9f ", t);
		fprintf(f, "  %-30s %-44s ", v[i].m->name, where(&v[i], w, sizeof(w)));
		if (isnan(v[i].value))
			fprintf(f, "%14s", "n/a");
		else
			fprintf(f, "%14s %s", human_number(v[i].value, decimals(v[i].value), num, sizeof(num)),
				v[i].m->unit);
		/* how far to trust it: the time its inputs ran, and whether they ran together */
		if (v[i].multiplexed)
			fprintf(f, "  (coverage %.2f%%, scaled%s)", 100 * v[i].running,
				v[i].together ? "" : "; its inputs ran at different times");
		fputc('\n', f);
	}
	if (!interval)
		fputc('\n', f);
}

/* Metric rows of the stream's table (stat_csv_header): what a count row has is empty */
static void metrics_csv(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	struct csv w = { .f = c->f, .sep = c->sep };

	for (size_t i = 0; i < n; i++) {
		char pmu[128];

		csv_fmt(&w, "%.9f", c->time_s);
		csv_str(&w, "metric");
		csv_str(&w, v[i].m->name);
		if (isnan(v[i].value))
			csv_str(&w, "n/a");
		else
			csv_fmt(&w, "%.17g", v[i].value);
		csv_str(&w, v[i].m->unit);
		csv_str(&w, safe_str(v[i].pmu, pmu, sizeof(pmu)));
		csv_int_or_empty(&w, v[i].socket);
		csv_int_or_empty(&w, v[i].rc);
		csv_str(&w, "");
		csv_str(&w, v[i].device ? v[i].device : "");
		csv_str(&w, metric_scope_name(v[i].scope));
		csv_fmt(&w, "%.2f", 100 * v[i].running);
		csv_str(&w, isnan(v[i].value) ? "n/a" : "counted");
		csv_str(&w, v[i].multiplexed ? "yes" : "no");
		csv_fmt(&w, "%.6f", v[i].running);
		csv_str(&w, v[i].together ? "yes" : "no");
		csv_end(&w);
	}
}

/*
 * perf stat -x's line of a metric with no event line to ride on: the count fields empty, then
 * metric-value and perf's metric-unit ("GB/s  t410_pcie_rd_bw"); the event field names the PMU
 * or the device a value is of, which perf's event line would have named
 */
void metric_perf_line(const struct render_ctx *c, const struct metric_value *v)
{
	const char *sep = c->sep;
	char who[128];

	stat_perf_prefix(c, c->f, v->socket, v->instances, -1);
	safe_str(v->device ? v->device : v->pmu, who, sizeof(who));
	/* its coverage in perf's percent-running field: how far to trust it, in every line */
	fprintf(c->f, "%s%s%s%s%s%.2f%s", sep, sep, who, sep, sep, 100 * v->running, sep);
	if (!isnan(v->value))
		fprintf(c->f, "%.17g", v->value);
	fprintf(c->f, "%s%s  %s\n", sep, v->m->unit, v->m->name);
}

static void metrics_perf(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		metric_perf_line(c, &v[i]);
}

/* Every key in every mode, null where it does not apply: schemas/stat.schema.json */
static void metrics_json(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	json_t *arr = json_object_get(c->record, "metrics");

	for (size_t i = 0; i < n; i++)
		json_array_append_new(arr, json_pack("{s:s, s:o, s:s, s:s, s:o, s:o, s:o, s:o, s:b, s:f, s:b}", "metric",
						     v[i].m->name, "value",
						     isnan(v[i].value) ? json_null() : json_real(v[i].value),
						     "unit", v[i].m->unit, "scope",
						     metric_scope_name(v[i].scope), "pmu", jout_text(v[i].pmu),
						     "socket", jout_int_or_null(v[i].socket), "rc",
						     jout_int_or_null(v[i].rc), "device", jout_text(v[i].device),
						     "multiplexed", v[i].multiplexed, "coverage", v[i].running,
						     "together", v[i].together));
}

/* The document's units in Prometheus's base units: its names end in the unit they are in */
struct prom_unit {
	const char *unit, *suffix, *drop;	/* drop: a name's own unit suffix that suffix replaces */
	double scale;
};

static const struct prom_unit prom_units[] = {
	{ "GB/s", "_bytes_per_second", "", 1e9 },
	{ "MB/s", "_bytes_per_second", "", 1e6 },
	{ "ns", "_seconds", "_ns", 1e-9 },
	{ "GHz", "_hertz", "", 1e9 },
	{ "%", "_ratio", "_pct", 0.01 },
	{ "1/s", "_per_second", "", 1 },
	{ "packets/s", "_packets_per_second", "", 1 },
	{ "req/cycle", "_requests_per_cycle", "", 1 },
	{ "cycles", "_cycles", "_cycles", 1 },
};

static const struct prom_unit *prom_unit_of(const char *unit)
{
	for (size_t i = 0; i < sizeof(prom_units) / sizeof(prom_units[0]); i++)
		if (!strcmp(prom_units[i].unit, unit))
			return &prom_units[i];
	return NULL;
}

/*
 * Prometheus names in lib/expo.c's one rule, [a-z0-9_] (serve's counters have it too), ending in
 * the base unit, as promtool's lint asks:
 * t410_pcie_rd_latency_ns -> pmuctl_t410_pcie_rd_latency_seconds, t410_pcie_rd_bw ->
 * pmuctl_t410_pcie_rd_bw_bytes_per_second, ddr_read_bandwidth.all -> ..._all_bytes_per_second
 */
void metric_prom_name(const struct metric *m, char *buf, size_t size, double *scale)
{
	const struct prom_unit *u = prom_unit_of(m->unit);
	size_t o = (size_t)snprintf(buf, size, "pmuctl_"), len;

	for (const char *c = m->name; *c && o + 1 < size; c++)
		buf[o++] = expo_name_char(*c);
	buf[o] = '\0';
	*scale = u ? u->scale : 1;
	if (!u)
		return;
	len = strlen(u->drop);
	if (len && o > len && !strcmp(buf + o - len, u->drop))
		buf[o -= len] = '\0';
	snprintf(buf + o, size - o, "%s", u->suffix);
}

/*
 * A value's labels, those that apply only (no empty label: a socket total has socket alone),
 * and the closing brace; first: no label before them
 */
static void put_labels(FILE *f, const struct metric_value *v, bool first)
{
	char bus_id[32];

	expo_put_label(f, "pmu", v->pmu, &first);
	expo_put_label_int(f, "socket", v->socket, &first);
	expo_put_label_int(f, "rc", v->rc, &first);
	expo_put_label(f, "pci_bus_id", v->device ? expo_pci_bus_id(v->device, bus_id, sizeof(bus_id)) : NULL, &first);
	expo_put_label_int(f, "channel", v->channel, &first);
	fputc('}', f);
}

/* Value indices in the order of their Prometheus names, each name's values in evaluation order */
struct by_name {
	char name[160];
	double scale;	/* the value's unit to the name's base unit */
	size_t i;
};

static int by_name_cmp(const void *a, const void *b)
{
	const struct by_name *x = a, *y = b;

	return strcmp(x->name, y->name) ?: (x->i > y->i) - (x->i < y->i);
}

/* A name's HELP: a metric's own, or, for a name several families share, what it means in all */
static char *help_of(const struct metric *m)
{
	char *help;

	const char *meaning = m->across ? pmu_across_meaning(m->name) : NULL;
	int n = meaning ?
		asprintf(&help, "%s (%s, a name every family that has it shares, each with its own formula: "
			 "the family label says whose; over the interval it was counted in (serve: its last -I), "
			 "not a scrape's window)", meaning, m->name) :
		asprintf(&help, "%s (%s; %s; over the interval it was counted in (serve: its last -I), not a scrape's window)",
			 m->description, m->name, m->source);

	return n < 0 ? NULL : help;
}

static void metrics_openmetrics(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	struct by_name *order = calloc(n ? n : 1, sizeof(*order));
	FILE *f = c->f;

	if (!order)
		return;
	for (size_t i = 0; i < n; i++) {
		metric_prom_name(v[i].m, order[i].name, sizeof(order[i].name), &order[i].scale);
		order[i].i = i;
	}
	/* one HELP and TYPE a name, whichever families give it (pcie_rd_bw: DesignWare's and CMN's) */
	qsort(order, n, sizeof(*order), by_name_cmp);
	for (size_t k = 0; k < n; k++) {
		const struct metric_value *x = &v[order[k].i];
		char *help;

		if ((!k || strcmp(order[k - 1].name, order[k].name)) && (help = help_of(x->m))) {
			/* a gauge's lines are the same in both dialects */
			expo_family(f, EXPO_OPENMETRICS, order[k].name, EXPO_GAUGE, help);
			free(help);
		}
		if (isnan(x->value) && c->omit_uncounted)
			continue;	/* its coverage ratio below says why */
		fprintf(f, "%s{", order[k].name);
		if (x->m->across) {
			bool first = true;

			expo_put_label(f, "family", x->m->family, &first);
			put_labels(f, x, false);
		} else {
			put_labels(f, x, true);
		}
		if (isnan(x->value))
			fputs(" NaN\n", f);
		else
			fprintf(f, " %.17g\n", x->value * order[k].scale);
	}
	/* how far to trust each value: one family for all, a series per value, labelled alike */
	if (n)
		expo_family(f, EXPO_OPENMETRICS, "pmuctl_metric_coverage_ratio", EXPO_GAUGE,
			    "share of the time a metric value's inputs were counted (running over enabled, the lowest of its inputs'); below 1 the value is scaled");
	for (size_t k = 0; k < n; k++) {
		const struct metric_value *x = &v[order[k].i];

		fputs("pmuctl_metric_coverage_ratio{metric=\"", f);
		expo_put_label_value(f, x->m->name);
		fputc('"', f);
		if (x->m->across) {
			fputs(",family=\"", f);
			expo_put_label_value(f, x->m->family);
			fputc('"', f);
		}
		put_labels(f, x, false);
		fprintf(f, " %.17g\n", x->running);
	}
	free(order);
	/* OpenMetrics ends so; to the Prometheus text format (node_exporter) it is a comment */
	if (!c->in_exposition)
		expo_end(f, EXPO_OPENMETRICS);
}

void render_metrics(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	switch (c->face) {
	case FACE_OPENMETRICS:
		metrics_openmetrics(c, v, n);
		break;
	case FACE_JSON:
		metrics_json(c, v, n);
		break;
	case FACE_CSV:
		metrics_csv(c, v, n);
		break;
	case FACE_PERF:
		metrics_perf(c, v, n);
		break;
	default:
		metrics_text(c, v, n);
	}
	fflush(c->f);
}

/* Metrics take the scopes of counts: -A is --per-pmu, as no metric is per CPU */
static enum metric_scope metric_scope_of(enum tally_aggr aggr)
{
	switch (aggr) {
	case AGGR_PMU:
	case AGGR_NONE:
		return SCOPE_PMU;
	case AGGR_SOCKET:
		return SCOPE_SOCKET;
	default:
		return SCOPE_TOTAL;
	}
}

int render_metric_samples(const struct render_ctx *c, const struct metric_sample *samples, size_t n,
			  double duration)
{
	struct metric_value *vals = NULL;
	size_t nvals = 0;
	int ret = metric_evaluate(samples, n, metric_scope_of(c->aggr), duration, &vals, &nvals);

	if (!ret && c->plan && c->face == FACE_PERF) {
		metric_inputs_perf(c, vals, nvals, duration);
		free(vals);
		return ret;
	}
	if (!ret && c->iostat) {
		render_iostat(c, vals, nvals, duration);
		free(vals);
		return ret;
	}
	/* --per-device: the table in text, -x and CSV, beside the metric records in JSON */
	if (!ret && c->rows)
		render_device_table(c, vals, nvals);
	if (!ret && !(c->rows && (c->face == FACE_TEXT || c->face == FACE_CSV || c->face == FACE_PERF)))
		render_metrics(c, vals, nvals);
	free(vals);
	return ret;
}
