// SPDX-License-Identifier: GPL-2.0
/*
 * The perf -x face: perf stat -x's fields, unquoted as perf writes them, no header; a metric
 * beside the counts it comes from, which --input reads back.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/report/device_grid.h"
#include "cmd/report/iostat_render.h"
#include "cmd/report/metric_inputs.h"
#include "cmd/report/report.h"
#include "pmu/drivers/tool.h"
#include "pmu/repeat.h"

void face_perf_prefix(const struct render_ctx *c, FILE *f, int socket, int ncpu, int cpu)
{
	/* perf's "%6lu.%09lu" */
	if (c->interval)
		fprintf(f, "%16.9f%s", c->time_s, c->sep);
	/* a line under no socket (duration_time) has no aggregation fields, as perf's */
	if (c->aggr == AGGR_SOCKET && socket >= 0 && ncpu >= 0)
		fprintf(f, "S%d%s%d%s", socket, c->sep, ncpu, c->sep);
	else if (c->aggr == AGGR_SOCKET && socket >= 0)
		fprintf(f, "S%d%s%s", socket, c->sep, c->sep);
	else if (c->aggr == AGGR_NONE && cpu >= 0)
		fprintf(f, "CPU%d%s", cpu, c->sep);
}

/*
 * perf stat -x: [time,][aggregate,]value,unit,event,run-time,pct-running,metric-value,
 * metric-unit, fields unquoted as perf writes them; a row of one PMU instance names it in the
 * event, as perf --no-merge does
 */
static void counts_perf(const struct render_ctx *c, const struct tally *t)
{
	const char *sep = c->sep;

	for (size_t i = 0; i < t->n; i++) {
		const struct tally_row *row = &t->v[i];
		char label[512], pmu[128];
		const char *slash = strchr(safe_str(row->label, label, sizeof(label)), '/');

		face_perf_prefix(c, c->f, row->socket, row->ncpu, row->cpu);
		if (row->state == COUNT_OK && report_exact(row))
			fprintf(c->f, "%" PRIu64, row->value);
		else if (row->state == COUNT_OK)
			fprintf(c->f, "%.0f", round(row->count));
		else
			fputs(report_state_name(row->state, false), c->f);
		/* the unit field: perf's "ns" for duration_time; sysfs units are not applied, so none */
		fprintf(c->f, "%s%s%s", sep, row->unit ? row->unit : "", sep);
		if ((c->aggr == AGGR_PMU || c->aggr == AGGR_NONE) && row->pmu && slash && *label != '{')
			fprintf(c->f, "%s%s", safe_str(row->pmu, pmu, sizeof(pmu)), slash);
		else
			fputs(label, c->f);
		/* as perf -r: the noise in % after the event */
		if (report_row_noise(c, i))
			fprintf(c->f, "%s%.2f%%", sep, run_stats_noise_pct(report_row_noise(c, i)));
		fprintf(c->f, "%s%" PRIu64 "%s%.2f%s%s\n", sep, row->running, sep, report_running_pct(row), sep, sep);
	}
}

/*
 * perf stat -x's line of a metric with no event line to ride on: the count fields empty, then
 * metric-value and perf's metric-unit ("GB/s  NAME"); the event field names the PMU
 * or the device a value is of, which perf's event line would have named
 */
static void metric_line(const struct render_ctx *c, const struct metric_value *v)
{
	const char *sep = c->sep;
	char who[128];

	face_perf_prefix(c, c->f, v->socket, v->instances, -1);
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
		metric_line(c, &v[i]);
}

/* The socket an event's line is under with --per-socket: its PMU's; -1 for a tool event */
static int event_socket(const struct plan_event *e)
{
	return e->pmu ? pmu_socket(e->pmu) : -1;
}

/*
 * The first value of metric m not placed yet that event e can carry: its PMU's at PMU scope,
 * its socket's at socket scope
 */
static size_t value_for(const struct plan_event *e, const struct plan_metric *pm, const struct metric_value *v,
			size_t n, const bool *placed)
{
	for (size_t k = 0; k < n; k++) {
		if (placed[k] || v[k].m != pm->m || !v[k].device != !pm->device)
			continue;
		/* --per-device: a device's value rides on its own events' first line */
		if (v[k].device && strcmp(v[k].device, pm->device))
			continue;
		if (v[k].scope == SCOPE_PMU && (!e->pmu || !v[k].pmu || strcmp(v[k].pmu, e->pmu->name)))
			continue;
		if (v[k].scope == SCOPE_SOCKET && (!e->pmu || v[k].socket != event_socket(e)))
			continue;
		return k;
	}
	return n;
}

void face_perf_duration_line(const struct render_ctx *c, double duration)
{
	uint64_t ns = (uint64_t)llround(duration * 1e9);
	const char *sep = c->sep;

	face_perf_prefix(c, c->f, -1, -1, -1);
	fprintf(c->f, "%" PRIu64 "%sns%sduration_time%s%" PRIu64 "%s100.00%s%s\n", ns, sep, sep, sep, ns, sep, sep, sep);
}

/* perf's aggregation fields of an input's line: "S<socket>,1," (--per-socket --no-merge), "CPU<n>," (-A) */
static void input_prefix(const struct render_ctx *c, const struct plan_event *e, const struct metric_input_sum *x)
{
	if (c->aggr == AGGR_SOCKET && event_socket(e) >= 0)
		face_perf_prefix(c, c->f, event_socket(e), 1, -1);
	else if (c->aggr == AGGR_NONE && e->cpus.n && e->cpus.cpu[0] >= 0)
		face_perf_prefix(c, c->f, -1, -1, e->cpus.cpu[0]);
	/* --input plans open nothing: the CPU is the recording's */
	else if (c->aggr == AGGR_NONE && x->has_cpu)
		face_perf_prefix(c, c->f, -1, -1, x->cpu);
	else if (c->interval)
		fprintf(c->f, "%16.9f%s", c->time_s, c->sep);
}

/*
 * The sockets of the plan's events, ascending, each once, then -1 when a tool event is under
 * none: --per-socket prints socket by socket
 */
static size_t plan_sockets(const struct plan *plan, int *out)
{
	bool tool = false;
	size_t n = 0;

	for (size_t ev = 0; ev < plan->n; ev++) {
		int s = event_socket(&plan->v[ev]), k = (int)n;

		tool |= s < 0;
		if (s < 0)
			continue;
		while (k > 0 && out[k - 1] > s)
			k--;
		if (k > 0 && out[k - 1] == s)
			continue;
		memmove(&out[k + 1], &out[k], (n - (size_t)k) * sizeof(*out));
		out[k] = s;
		n++;
	}
	if (tool)
		out[n++] = -1;
	return n;
}

/* The lines of the metrics' inputs under one socket (all of them when not --per-socket) */
static void inline_lines(const struct render_ctx *c, const struct metric_input_sum *sum, const struct metric_value *v,
			 size_t n, bool *placed, int socket)
{
	const char *sep = c->sep;

	for (size_t ev = 0; ev < c->plan->n; ev++) {
		const struct plan_event *e = &c->plan->v[ev];
		const struct metric_input_sum *x = &sum[ev];
		char label[512];
		size_t k;

		/* an -e event that is an input too has its line already: twice, --input summed both */
		if (e->metric < 0 || e->arg >= 0)
			continue;
		if (c->aggr == AGGR_SOCKET && event_socket(e) != socket)
			continue;
		input_prefix(c, e, x);
		if (x->counted)
			fprintf(c->f, "%.0f", x->count);
		else
			fputs("<not counted>", c->f);
		/* duration_time is in ns, as perf's unit field says */
		fprintf(c->f, "%s%s%s%s%s%" PRIu64 "%s%.2f%s", sep, e->type == TOOL_TYPE && !e->pmu ? "ns" : "", sep,
			safe_str(e->event, label, sizeof(label)), sep, x->running, sep,
			x->enabled ? 100.0 * (double)x->running / (double)x->enabled : x->counted ? 100.0 : 0.0, sep);
		k = value_for(e, &c->plan->metric[e->metric], v, n, placed);
		if (k < n) {
			placed[k] = true;
			if (!isnan(v[k].value))
				fprintf(c->f, "%.17g", v[k].value);
			fprintf(c->f, "%s%s  %s", sep, v[k].m->unit, v[k].m->name);
		} else {
			fputs(sep, c->f);
		}
		fputc('\n', c->f);
	}
}

static void metrics_inline(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration)
{
	struct metric_input_sum *own = c->sums ? NULL : metric_inputs_sums(c->plan, c->cs, c->base);
	const struct metric_input_sum *sum = c->sums ? c->sums : own;
	bool *placed = calloc(n + 1, sizeof(*placed));
	/* at most one socket per event, and -1 for the tool events */
	int *sockets = calloc(c->plan->n + 1, sizeof(*sockets));
	size_t nsockets = 0;

	if (sockets) {
		sockets[0] = -1;
		nsockets = c->aggr == AGGR_SOCKET ? plan_sockets(c->plan, sockets) : 1;
	}
	for (size_t si = 0; sum && placed && si < nsockets; si++)
		inline_lines(c, sum, v, n, placed, sockets[si]);
	if (sum && placed && duration > 0)
		face_perf_duration_line(c, duration);
	/* a value no input line carries (a device's): its own line, as before */
	for (size_t k = 0; placed && k < n; k++)
		if (!placed[k])
			metric_line(c, &v[k]);
	free(sockets);
	free(placed);
	free(own);
}

const struct report_ops face_perf = {
	.counts = counts_perf,
	.metrics = metrics_perf,
	.metrics_inline = metrics_inline,
	/* --per-device: perf's metric lines, a device's named in the event field; the table is --format=csv's */
	.iostat = iostat_render_sep,
	.separated = true,
};
