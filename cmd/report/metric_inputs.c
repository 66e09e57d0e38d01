// SPDX-License-Identifier: GPL-2.0
/*
 * The counts each metric value comes from: beside it under -v, as perf prints the events,
 * and in -j's inputs, so that --input can evaluate a recorded run again.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "lib/csv.h"
#include "pmu/metrics/metric_eval.h"
#include "pmu/drivers/tool.h"

/* One plan event's counters summed: each scaled for multiplexing, and their times */
struct input_sum {
	double count;
	uint64_t enabled, running;
	bool counted;
};

/* Every plan event's sums in one pass over the counters; NULL when out of memory */
static struct input_sum *input_sums(const struct plan *plan, const struct count_set *cs,
				    const struct count_mark *base)
{
	struct input_sum *v = calloc(plan->n ? plan->n : 1, sizeof(*v));

	for (size_t i = 0; v && i < cs->n; i++) {
		struct input_sum *s = &v[cs->v[i].ev];
		struct count_mark d;

		if (count_state_since(cs, i, base) != COUNT_OK)
			continue;
		d = count_since(cs, i, base);
		s->count += count_scaled(d.value, d.enabled, d.running);
		s->enabled += d.enabled;
		s->running += d.running;
		s->counted = true;
	}
	return v;
}

int metric_inputs_json(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		       const struct count_mark *base)
{
	struct input_sum *sum = input_sums(plan, cs, base);
	json_t *arr = json_array();

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

int metric_inputs_csv(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
		      const struct count_mark *base)
{
	struct input_sum *sum = input_sums(plan, cs, base);
	struct csv w = { .f = c->f, .sep = c->sep };

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
		for (int k = 0; k < 5; k++)
			csv_str(&w, "");	/* socket, rc, cpu, device, scope: its metric's */
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

void render_metric_inputs(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
			  const struct count_mark *base)
{
	/* every CPU each opened on, summed, each scaled for multiplexing */
	struct input_sum *sum = input_sums(plan, cs, base);

	for (size_t ev = 0; sum && ev < plan->n; ev++) {
		const struct plan_event *e = &plan->v[ev];
		const struct input_sum *x = &sum[ev];
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
}

/* The first value of metric m not placed yet that event e can carry: its PMU's at PMU scope */
static size_t value_for(const struct plan_event *e, const struct metric *m, const struct metric_value *v,
			size_t n, const bool *placed)
{
	for (size_t k = 0; k < n; k++) {
		if (placed[k] || v[k].m != m || v[k].device)
			continue;
		if (v[k].scope == SCOPE_PMU && (!e->pmu || !v[k].pmu || strcmp(v[k].pmu, e->pmu->name)))
			continue;
		return k;
	}
	return n;
}

void metric_duration_line(const struct render_ctx *c, double duration)
{
	uint64_t ns = (uint64_t)llround(duration * 1e9);
	const char *sep = c->sep;

	stat_perf_prefix(c, c->f, -1, -1, -1);
	fprintf(c->f, "%" PRIu64 "%sns%sduration_time%s%" PRIu64 "%s100.00%s%s\n", ns, sep, sep, sep, ns, sep, sep, sep);
}

void metric_inputs_perf(const struct render_ctx *c, const struct metric_value *v, size_t n, double duration)
{
	struct input_sum *sum = input_sums(c->plan, c->cs, c->base);
	bool *placed = calloc(n + 1, sizeof(*placed));
	const char *sep = c->sep;

	for (size_t ev = 0; sum && placed && ev < c->plan->n; ev++) {
		const struct plan_event *e = &c->plan->v[ev];
		const struct input_sum *x = &sum[ev];
		char label[512];
		size_t k;

		/* an -e event that is an input too has its line already: twice, --input summed both */
		if (e->metric < 0 || e->arg >= 0)
			continue;
		stat_perf_prefix(c, c->f, -1, -1, -1);
		if (x->counted)
			fprintf(c->f, "%.0f", x->count);
		else
			fputs("<not counted>", c->f);
		/* duration_time is in ns, as perf's unit field says */
		fprintf(c->f, "%s%s%s%s%s%" PRIu64 "%s%.2f%s", sep, e->type == TOOL_TYPE && !e->pmu ? "ns" : "", sep,
			safe_str(e->event, label, sizeof(label)), sep, x->running, sep,
			x->enabled ? 100.0 * (double)x->running / (double)x->enabled : 100.0, sep);
		k = value_for(e, c->plan->metric[e->metric].m, v, n, placed);
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
	if (sum && placed && duration > 0)
		metric_duration_line(c, duration);
	/* a value no input line carries (a device's): its own line, as before */
	for (size_t k = 0; placed && k < n; k++)
		if (!placed[k])
			metric_perf_line(c, &v[k]);
	free(placed);
	free(sum);
}

