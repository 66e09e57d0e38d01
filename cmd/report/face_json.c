// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON face: one object per report (interval, time, target, counts, metrics, devices,
 * inputs), every key in every mode, null where it does not apply: schemas/stat.schema.json.
 * JSON Lines with -I.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "cmd/pmuctl.h"
#include "cmd/report/device_grid.h"
#include "cmd/report/iostat_render.h"
#include "cmd/report/metric_inputs.h"
#include "cmd/report/report.h"
#include "pmu/repeat.h"

/* Every key in every mode, null where it does not apply: schemas/stat.schema.json */
static json_t *row_json(const struct render_ctx *c, const struct tally_row *row, const struct run_stats *noise)
{
	json_t *o = json_object();

	json_object_set_new(o, "event", jout_text(row->label));
	json_object_set_new(o, "pmu", jout_text(row->pmu));
	json_object_set_new(o, "socket", jout_int_or_null(row->socket));
	json_object_set_new(o, "rc", jout_int_or_null(row->rc));
	/* only -A splits by CPU, as in perf's JSON */
	json_object_set_new(o, "cpu", jout_int_or_null(c->aggr == AGGR_NONE ? row->cpu : -1));
	/* a count of one PCI function: stat --per-device */
	json_object_set_new(o, "device", json_null());
	json_object_set_new(o, "count", row->state == COUNT_OK ? jout_count(report_exact(row), row->value, row->count) :
								  json_null());
	/* as perf -j: "ns" for duration_time, none for a raw count */
	json_object_set_new(o, "unit", jout_text(row->unit));
	json_object_set_new(o, "running_pct", json_real(round(report_running_pct(row) * 100) / 100));
	/* running over enabled, unrounded: how much of the time the count covers */
	json_object_set_new(o, "coverage", json_real(row->enabled ? (double)row->running / (double)row->enabled :
								     row->state == COUNT_OK ? 1.0 : 0.0));
	/* summed over the row's counters, as perf's CSV prints its run time */
	json_object_set_new(o, "enabled_ns", json_integer((json_int_t)row->enabled));
	json_object_set_new(o, "running_ns", json_integer((json_int_t)row->running));
	/* -r: the standard deviation of the count's mean in % of it (perf -j's "variance") */
	json_object_set_new(o, "noise_pct", noise ? json_real(round(run_stats_noise_pct(noise) * 100) / 100) :
						    json_null());
	json_object_set_new(o, "state", json_string(report_state_name(row->state, true)));
	json_object_set_new(o, "error", jout_text(row->why));
	return o;
}

static void counts_json(const struct render_ctx *c, const struct tally *t)
{
	json_t *arr = json_object_get(c->record, "counts");

	for (size_t i = 0; i < t->n; i++)
		json_array_append_new(arr, row_json(c, &t->v[i], report_row_noise(c, i)));
}

/* A report's wall-clock time as JSON: ISO 8601 UTC with milliseconds, or null */
static json_t *record_timestamp(const struct timespec *wall)
{
	char date[32], text[48];
	struct tm tm;

	if (!wall->tv_sec || !gmtime_r(&wall->tv_sec, &tm))
		return json_null();
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(text, sizeof(text), "%s.%03ldZ", date, wall->tv_nsec / 1000000);
	return json_string(text);
}

static int begin_json(struct render_ctx *c)
{
	c->record = json_pack("{s:o, s:f, s:o, s:o, s:o, s:[], s:[], s:n, s:n, s:n}", "interval",
			 c->interval ? json_integer(c->interval) : json_null(), "time_s", c->time_s,
			 "timestamp", record_timestamp(&c->wall), "target", jout_text(c->target), "runs",
			 /* -r's, one counted run, or none known: a recording (--input) */
			 c->runs ? json_integer(c->runs->runs) : c->target ? json_integer(1) : json_null(),
			 "counts", "metrics", "devices", "subtotals", "inputs");
	return c->record ? 0 : -ENOMEM;
}

/* The record printed whole, then freed */
static int end_json(struct render_ctx *c, bool emit)
{
	size_t flags = JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17);
	char *text;

	/* JSON Lines with -I: one compact object per interval */
	if (settings.pretty && !c->interval)
		flags |= JSON_INDENT(2);
	else
		flags |= JSON_COMPACT;
	text = emit && c->record ? json_dumps(c->record, flags) : NULL;
	json_decref(c->record);
	c->record = NULL;
	if (!emit)
		return 0;
	if (!text)
		return -ENOMEM;
	fprintf(c->f, "%s\n", text);
	free(text);
	return 0;
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

/* What --input needs to evaluate the run again; a --per-device table's would dwarf it */
static int inputs_json(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		       const struct count_mark *base)
{
	struct metric_input_sum *sum;
	json_t *arr;

	if (c->rows || !c->record)
		return 0;
	sum = metric_inputs_sums(plan, cs, base);
	arr = json_array();

	if (!sum || !arr) {
		free(sum);
		json_decref(arr);
		return -ENOMEM;
	}
	for (size_t ev = 0; ev < plan->n; ev++) {
		const struct plan_event *e = &plan->v[ev];

		if (e->metric < 0)
			continue;
		json_array_append_new(arr, json_pack("{s:o, s:s, s:o, s:I, s:I, s:s}", "event",
						     jout_text(e->event), "metric", plan->metric[e->metric].m->name,
						     "count", !sum[ev].counted ? json_null() :
						     sum[ev].count == (double)(json_int_t)sum[ev].count ?
						     json_integer((json_int_t)sum[ev].count) : json_real(sum[ev].count),
						     "enabled_ns", (json_int_t)sum[ev].enabled, "running_ns",
						     (json_int_t)sum[ev].running, "state",
						     sum[ev].counted ? "counted" : "not_counted"));
	}
	free(sum);
	return json_object_set_new(c->record, "inputs", arr) ? -ENOMEM : 0;
}

const struct report_ops face_json = {
	.begin = begin_json,
	.end = end_json,
	.counts = counts_json,
	.metrics = metrics_json,
	.devices = device_json_table,
	.devices_beside_metrics = true,
	.iostat = iostat_render_json,
	.inputs = inputs_json,
	.json_lines = true,
};
