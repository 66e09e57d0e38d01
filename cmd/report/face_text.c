// SPDX-License-Identifier: GPL-2.0
/* The text face: counts as perf's table, metric values in columns, -v's inputs, the device table. */
#include <math.h>
#include <stdio.h>
#include "cmd/pmuctl.h"
#include "cmd/report/device_grid.h"
#include "cmd/report/iostat_render.h"
#include "cmd/report/metric_inputs.h"
#include "cmd/report/report.h"
#include "pmu/family/family.h"
#include "pmu/repeat.h"

static void row_where(const struct render_ctx *c, const struct tally_row *r, char *buf, size_t size)
{
	char pmu[128];

	safe_str(r->pmu ? r->pmu : "-", pmu, sizeof(pmu));
	buf[0] = '\0';
	/* as perf: the socket, then how many CPUs counted for it */
	if (c->aggr == AGGR_SOCKET)
		snprintf(buf, size, "S%-4d %4d ", r->socket, r->ncpu);
	else if (c->aggr == AGGR_NONE && r->cpu >= 0)
		snprintf(buf, size, "%s CPU%d ", pmu, r->cpu);
	else if (c->aggr == AGGR_PMU || c->aggr == AGGR_NONE)
		snprintf(buf, size, "%s ", pmu);
}

static void counts_text(const struct render_ctx *c, const struct tally *t)
{
	FILE *f = c->f;
	char num[48], where[160], label[512];

	if (!c->interval && c->runs)
		fprintf(f, "\n Performance counter stats for '%s' (%ld runs):\n\n", c->target, c->runs->runs);
	else if (!c->interval)
		fprintf(f, "\n Performance counter stats for '%s':\n\n", c->target);
	for (size_t i = 0; i < t->n; i++) {
		const struct tally_row *row = &t->v[i];

		if (c->interval)
			fprintf(f, "%15.9f ", c->time_s);
		row_where(c, row, where, sizeof(where));
		safe_str(row->label, label, sizeof(label));
		if (row->state != COUNT_OK) {
			fprintf(f, "%s%18s      %s\n", where, report_state_name(row->state, false), label);
			continue;
		}
		/* as perf: the unit in a field of 4 ("ns" for duration_time) */
		fprintf(f, "%s%18s %-4s ", where, report_exact(row) ? human_u64(row->value, num, sizeof(num)) :
								human_number(row->count, 0, num, sizeof(num)),
			row->unit ? row->unit : "");
		if (report_row_noise(c, i))
			fprintf(f, "%-44s  ( +-%6.2f%% )", label, run_stats_noise_pct(report_row_noise(c, i)));
		else
			fprintf(f, report_running_pct(row) < 100.0 ? "%-44s" : "%s", label);
		if (report_running_pct(row) < 100.0)
			fprintf(f, " (%.2f%%)", report_running_pct(row));
		fputc('\n', f);
	}
	if (!c->interval && c->runs)
		fprintf(f, "\n%18.9f +- %.9f seconds time elapsed  ( +-%6.2f%% )\n\n", c->time_s,
			run_stats_sd_of_mean(&c->runs->elapsed), run_stats_noise_pct(&c->runs->elapsed));
	else if (!c->interval)
		fprintf(f, "\n%18.9f seconds time elapsed\n\n", c->time_s);
}

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
		/* a family that sums by die says so */
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

/* As perf shows the events beside a metric: under -v, in the table */
static int inputs_text(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		       const struct count_mark *base)
{
	/* every CPU each opened on, summed, each scaled for multiplexing */
	struct metric_input_sum *sum = settings.verbose && !c->metric_only ? metric_inputs_sums(plan, cs, base) : NULL;

	for (size_t ev = 0; sum && ev < plan->n; ev++) {
		const struct plan_event *e = &plan->v[ev];
		const struct metric_input_sum *x = &sum[ev];
		char num[48], label[512];

		if (e->metric < 0)
			continue;
		if (c->interval)
			fprintf(c->f, "%15.9f ", c->time_s);
		safe_str(e->event, label, sizeof(label));
		if (!x->counted)
			fprintf(c->f, "    %-18s %s  (input of %s)\n", "<not counted>", label,
				plan->metric[e->metric].m->name);
		else
			fprintf(c->f, "    %18s %s  (input of %s, %.2f%%)\n",
				human_number(x->count, 0, num, sizeof(num)), label, plan->metric[e->metric].m->name,
				x->enabled ? 100.0 * (double)x->running / (double)x->enabled : 100.0);
	}
	free(sum);
	return 0;
}

const struct report_ops face_text = {
	.counts = counts_text,
	.metrics = metrics_text,
	.devices = devices_text_table,
	.iostat = iostat_render_text,
	.inputs = inputs_text,
};
