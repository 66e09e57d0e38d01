// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl iostat's report: perf iostat's table of root ports, its four columns in MB (2^20 bytes)
 * counted over the report, from each family's metrics of them (tools/perf/arch/x86/util/iostat.c
 * prints the same names and unit).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/report/iostat_render.h"
#include "cmd/report/report.h"
#include "pmu/family/family.h"
#include "pmu/metrics/metric_eval.h"

static const char *const column_name[IOSTAT_COLUMNS] = {
	"Inbound Read(MB)", "Inbound Write(MB)", "Outbound Read(MB)", "Outbound Write(MB)",
};

static const char *const column_key[IOSTAT_COLUMNS] = {
	"inbound_read_mb", "inbound_write_mb", "outbound_read_mb", "outbound_write_mb",
};

/* One root port's report */
struct iostat_port {
	double mb[IOSTAT_COLUMNS];
	bool have[IOSTAT_COLUMNS];	/* a value was counted for it */
	double coverage;		/* the lowest running share of its values; 1 when none */
	const char *pmu;		/* the first PMU a value came from */
	int socket;
};

/* iostat --per-device: a row that is a function below the port before it, not a port */
static bool is_function(const struct render_ctx *c, size_t i)
{
	return c->ports[i].method && !strcmp(c->ports[i].method, "bdf");
}

/* The root port row i belongs to: itself, or the port above a function's row */
static size_t port_of(const struct render_ctx *c, size_t i)
{
	while (i && is_function(c, i))
		i--;
	return i;
}

/* GB/s over duration seconds, in perf iostat's MB */
static double to_mb(double gbps, double duration)
{
	return gbps * 1e9 * duration / (1024.0 * 1024.0);
}

static struct iostat_port *collect(const struct render_ctx *c, const struct metric_value *v, size_t n,
				   double duration)
{
	struct iostat_port *p = calloc(c->nports + 1, sizeof(*p));

	for (size_t i = 0; p && i < c->nports; i++) {
		p[i].coverage = 1;
		p[i].socket = -1;
	}
	for (size_t i = 0; p && i < n; i++) {
		int col = pmu_family_iostat_column(v[i].m->name);
		struct iostat_port *q;

		if (col < 0 || v[i].device_index < 0 || (size_t)v[i].device_index >= c->nports)
			continue;
		q = &p[v[i].device_index];
		if (!q->pmu) {
			q->pmu = v[i].pmu;
			q->socket = v[i].socket;
		}
		/* a value not counted leaves its column n/a (a warning said why): the coverage is
		 * of the columns that have a value */
		if (isnan(v[i].value))
			continue;
		if (v[i].running < q->coverage)
			q->coverage = v[i].running;
		q->mb[col] += to_mb(v[i].value, duration);
		q->have[col] = true;
	}
	return p;
}

static void text_header(const struct render_ctx *c)
{
	if (c->interval)
		fprintf(c->f, "#          time    port        ");
	else
		fprintf(c->f, "\n Performance counter stats for '%s':\n\n    port        ", c->target);
	for (int k = 0; k < IOSTAT_COLUMNS; k++)
		fprintf(c->f, "%21s", column_name[k]);
	fputc('\n', c->f);
}

static void text_rows(const struct render_ctx *c, const struct iostat_port *p)
{
	for (size_t i = 0; i < c->nports; i++) {
		if (c->interval)
			fprintf(c->f, "%15.9f ", c->time_s);
		/* a function indented under its port, in the port's column */
		fprintf(c->f, is_function(c, i) ? "  %-12s  " : "%-14s  ", c->ports[i].bdf);
		for (int k = 0; k < IOSTAT_COLUMNS; k++) {
			if (p[i].have[k])
				fprintf(c->f, "%21.0f", p[i].mb[k]);
			else
				fprintf(c->f, "%21s", "n/a");
		}
		/* as perf marks a scaled count: the share of the time it ran */
		if (p[i].coverage < 1)
			fprintf(c->f, "  (%.2f%%)", 100 * p[i].coverage);
		fputc('\n', c->f);
	}
	if (!c->interval)
		fprintf(c->f, "\n%18.9f seconds time elapsed\n\n", c->time_s);
}

/* perf -x's habit: the header once, a line per port; pmuctl adds the coverage */
static void sep_rows(const struct render_ctx *c, const struct iostat_port *p)
{
	if (c->first) {
		if (c->interval)
			fprintf(c->f, "time%s", c->sep);
		fputs("port", c->f);
		if (c->iostat == IOSTAT_FUNCTIONS)
			fprintf(c->f, "%sfunction", c->sep);
		for (int k = 0; k < IOSTAT_COLUMNS; k++)
			fprintf(c->f, "%s%s", c->sep, column_name[k]);
		fprintf(c->f, "%scoverage%%\n", c->sep);
	}
	for (size_t i = 0; i < c->nports; i++) {
		if (c->interval)
			fprintf(c->f, "%.9f%s", c->time_s, c->sep);
		fputs(c->ports[port_of(c, i)].bdf, c->f);
		if (c->iostat == IOSTAT_FUNCTIONS)
			fprintf(c->f, "%s%s", c->sep, is_function(c, i) ? c->ports[i].bdf : "");
		for (int k = 0; k < IOSTAT_COLUMNS; k++) {
			fputs(c->sep, c->f);
			if (p[i].have[k])
				fprintf(c->f, "%.0f", p[i].mb[k]);
		}
		fprintf(c->f, "%s%.2f\n", c->sep, 100 * p[i].coverage);
	}
}

static void json_report(const struct render_ctx *c, const struct iostat_port *p)
{
	json_t *ports = json_array(), *root;

	for (size_t i = 0; ports && i < c->nports; i++) {
		json_t *o = json_pack("{s:s, s:o, s:o, s:o}", "port", c->ports[port_of(c, i)].bdf, "function",
				      is_function(c, i) ? json_string(c->ports[i].bdf) : json_null(), "pmu",
				      p[i].pmu ? json_string(p[i].pmu) : json_null(), "socket",
				      jout_int_or_null(p[i].socket));

		for (int k = 0; o && k < IOSTAT_COLUMNS; k++)
			json_object_set_new(o, column_key[k], p[i].have[k] ? json_real(p[i].mb[k]) : json_null());
		if (o)
			json_object_set_new(o, "coverage", json_real(p[i].coverage));
		json_array_append_new(ports, o);
	}
	root = json_pack("{s:o, s:f, s:s, s:o}", "interval", c->interval ? json_integer(c->interval) : json_null(),
			 "time_s", c->time_s, "target", c->target, "ports", ports ? ports : json_array());
	if (root) {
		char *s = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER | (settings.pretty ? JSON_INDENT(2) : 0));

		if (s)
			fprintf(c->f, "%s\n", s);
		free(s);
		json_decref(root);
	}
}

void iostat_render_text(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration)
{
	struct iostat_port *p = collect(c, v, n, duration);

	if (!p)
		return;
	if (!c->interval || c->first)
		text_header(c);
	text_rows(c, p);
	free(p);
}

void iostat_render_sep(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration)
{
	struct iostat_port *p = collect(c, v, n, duration);

	if (p)
		sep_rows(c, p);
	free(p);
}

void iostat_render_json(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration)
{
	struct iostat_port *p = collect(c, v, n, duration);

	if (p)
		json_report(c, p);
	free(p);
}
