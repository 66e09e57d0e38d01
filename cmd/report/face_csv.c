// SPDX-License-Identifier: GPL-2.0
/*
 * The CSV face (--format=csv): one RFC 4180 table per stream, with a header: a row per count,
 * metric value and metric input, the fields a row's kind lacks left empty.
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include "cmd/pmuctl.h"
#include "cmd/report/device_grid.h"
#include "cmd/report/iostat_render.h"
#include "cmd/report/metric_inputs.h"
#include "cmd/report/report.h"
#include "lib/csv.h"

/*
 * The header of the stream's one table, before its first report's rows (a --per-device table
 * has its own): time,kind,name,value,unit,pmu,socket,rc,cpu,device,scope,running_pct,state,
 * multiplexed,coverage,together
 */
static int begin_csv(struct render_ctx *c)
{
	static const char *const head[] = { "kind", "name", "value", "unit", "pmu", "socket", "rc", "cpu",
					     "device", "scope", "running_pct", "state", "multiplexed",
					     "coverage", "together" };
	struct csv w = { .f = c->f, .sep = c->sep };

	/* the time always: the totals' is the run's length, and a stream of both is one table */
	if (c->first && !c->rows)
		csv_header(&w, "time", head, sizeof(head) / sizeof(head[0]));
	return 0;
}

/* A count row of the stream's table (stat_csv_header): what a metric row has is empty */
static void counts_csv(const struct render_ctx *c, const struct tally *t)
{
	struct csv w = { .f = c->f, .sep = c->sep };

	for (size_t i = 0; i < t->n; i++) {
		const struct tally_row *row = &t->v[i];
		char label[512];

		csv_fmt(&w, "%.9f", c->time_s);
		csv_str(&w, "count");
		csv_str(&w, safe_str(row->label, label, sizeof(label)));
		if (row->state == COUNT_OK && report_exact(row))
			csv_fmt(&w, "%" PRIu64, row->value);
		else if (row->state == COUNT_OK)
			csv_fmt(&w, "%.0f", round(row->count));
		else
			csv_str(&w, report_state_name(row->state, false));
		csv_str(&w, "");
		csv_str(&w, row->pmu ? safe_str(row->pmu, label, sizeof(label)) : "");
		csv_int_or_empty(&w, row->socket);
		csv_int_or_empty(&w, row->rc);
		csv_int_or_empty(&w, row->cpu);
		csv_str(&w, "");
		csv_str(&w, "");
		csv_fmt(&w, "%.2f", report_running_pct(row));
		csv_str(&w, row->state == COUNT_OK ? "counted" : report_state_name(row->state, false));
		csv_str(&w, row->running < row->enabled ? "yes" : "no");
		csv_fmt(&w, "%.6f", report_running_pct(row) / 100);
		csv_str(&w, "");
		csv_end(&w);
	}
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

/* The metrics' inputs as rows of kind input: what --input needs; a --per-device table's would dwarf it */
static int inputs_csv(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		      const struct count_mark *base)
{
	struct metric_input_sum *sum;
	struct csv w = { .f = c->f, .sep = c->sep };

	if (c->rows || c->metric_only)
		return 0;
	sum = metric_inputs_sums(plan, cs, base);
	if (!sum)
		return -ENOMEM;
	for (size_t ev = 0; ev < plan->n; ev++) {
		const struct plan_event *e = &plan->v[ev];
		double share = sum[ev].enabled ? (double)sum[ev].running / (double)sum[ev].enabled :
				sum[ev].counted;
		char label[512];

		if (e->metric < 0)
			continue;
		csv_fmt(&w, "%.9f", c->time_s);
		csv_str(&w, "input");
		csv_str(&w, safe_str(e->event, label, sizeof(label)));
		if (sum[ev].counted)
			csv_fmt(&w, "%.17g", sum[ev].count);
		else
			csv_str(&w, "<not counted>");
		csv_str(&w, "");
		csv_str(&w, e->pmu ? safe_str(e->pmu->name, label, sizeof(label)) : "");
		/* every location the PMU gives; device and scope are its metric's */
		csv_int_or_empty(&w, e->pmu ? pmu_socket(e->pmu) : -1);
		csv_int_or_empty(&w, e->pmu ? e->pmu->rc : -1);
		csv_int_or_empty(&w, c->aggr == AGGR_NONE && e->cpus.n ? e->cpus.cpu[0] : -1);
		csv_str(&w, "");
		csv_str(&w, "");
		csv_fmt(&w, "%.2f", 100 * share);
		csv_str(&w, sum[ev].counted ? "counted" : "<not counted>");
		csv_str(&w, sum[ev].running < sum[ev].enabled ? "yes" : "no");
		csv_fmt(&w, "%.6f", share);
		csv_str(&w, "");
		csv_end(&w);
	}
	free(sum);
	return 0;
}

const struct report_ops face_csv = {
	.begin = begin_csv,
	.counts = counts_csv,
	.metrics = metrics_csv,
	.devices = device_csv_table,
	.iostat = iostat_render_sep,
	.inputs = inputs_csv,
	.csv_header = true,
	.separated = true,
};
