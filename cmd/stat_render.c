// SPDX-License-Identifier: GPL-2.0
/* stat output: a table like perf's, CSV with a header (-x), JSON (one object per interval). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"

static double running_pct(const struct stat_row *r)
{
	if (!r->enabled)
		return r->state == COUNT_OK ? 100.0 : 0.0;
	return 100.0 * (double)r->running / (double)r->enabled;
}

static const char *state_text(enum count_state s)
{
	switch (s) {
	case COUNT_OK:
		return "counted";
	case COUNT_NOT_COUNTED:
		return "<not counted>";
	case COUNT_NOT_SUPPORTED:
		return "<not supported>";
	default:
		return "<not counted>";
	}
}

/* 12345678 -> "12,345,678", as perf prints counts */
static const char *grouped(double v, char *buf, size_t size)
{
	char digits[32];
	size_t n, o = 0;

	snprintf(digits, sizeof(digits), "%.0f", v < 0 ? 0 : round(v));
	n = strlen(digits);
	for (size_t i = 0; i < n && o + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = digits[i];
	}
	buf[o] = '\0';
	return buf;
}

static void row_where(const struct stat_args *a, const struct stat_row *r, char *buf, size_t size)
{
	buf[0] = '\0';
	if (a->aggr == AGGR_SOCKET)
		snprintf(buf, size, r->socket >= 0 ? "S%d " : "S- ", r->socket);
	else if (a->aggr == AGGR_NONE && r->cpu >= 0)
		snprintf(buf, size, "%s CPU%d ", r->pmu ? r->pmu : "-", r->cpu);
	else if (a->aggr == AGGR_PMU || a->aggr == AGGR_NONE)
		snprintf(buf, size, "%s ", r->pmu ? r->pmu : "-");
}

static void render_table(FILE *f, const struct stat_args *a, const struct stat_report *r)
{
	char num[48], where[160], label[512];

	if (!r->interval)
		fprintf(f, "\n Performance counter stats for '%s':\n\n", r->target);
	for (size_t i = 0; i < r->n; i++) {
		const struct stat_row *row = &r->rows[i];

		if (r->interval)
			fprintf(f, "%15.9f ", r->time_s);
		row_where(a, row, where, sizeof(where));
		safe_str(row->label, label, sizeof(label));
		if (row->state != COUNT_OK) {
			fprintf(f, "%s%18s      %s\n", where, state_text(row->state), label);
			continue;
		}
		fprintf(f, "%s%18s      ", where, grouped(row->count, num, sizeof(num)));
		if (running_pct(row) < 100.0)
			fprintf(f, "%-44s (%.2f%%)\n", label, running_pct(row));
		else
			fprintf(f, "%s\n", label);
	}
	if (!r->interval)
		fprintf(f, "\n%18.9f seconds time elapsed\n\n", r->time_s);
}

static void render_csv(FILE *f, const struct stat_args *a, const struct stat_report *r, bool first)
{
	const char *s = a->sep;

	if (first)
		fprintf(f, "%s%scount%sevent%spmu%ssocket%scpu%srunning_pct%sstate\n",
			r->interval ? "time" : "", r->interval ? s : "", s, s, s, s, s, s);
	for (size_t i = 0; i < r->n; i++) {
		const struct stat_row *row = &r->rows[i];
		char label[512];

		if (r->interval)
			fprintf(f, "%.9f%s", r->time_s, s);
		if (row->state == COUNT_OK)
			fprintf(f, "%.0f", round(row->count));
		else
			fputs(state_text(row->state), f);
		fprintf(f, "%s%s%s%s%s", s, safe_str(row->label, label, sizeof(label)), s,
			row->pmu ? row->pmu : "", s);
		if (row->socket >= 0)
			fprintf(f, "%d", row->socket);
		fputs(s, f);
		if (row->cpu >= 0)
			fprintf(f, "%d", row->cpu);
		fprintf(f, "%s%.2f%s%s\n", s, running_pct(row), s,
			row->state == COUNT_OK ? "counted" : state_text(row->state));
	}
}

static json_t *row_json(const struct stat_args *a, const struct stat_row *row)
{
	json_t *o = json_object();

	json_object_set_new(o, "event", json_text(row->label));
	json_object_set_new(o, "pmu", row->pmu ? json_text(row->pmu) : json_null());
	json_object_set_new(o, "count", row->state == COUNT_OK ? json_integer((json_int_t)llround(row->count)) : json_null());
	json_object_set_new(o, "running_pct", json_real(round(running_pct(row) * 100) / 100));
	/* summed over the row's counters, as perf's CSV prints its run time */
	json_object_set_new(o, "enabled_ns", json_integer((json_int_t)row->enabled));
	json_object_set_new(o, "running_ns", json_integer((json_int_t)row->running));
	json_object_set_new(o, "state", json_string(row->state == COUNT_OK ? "counted" : state_text(row->state)));
	if (a->aggr == AGGR_SOCKET || row->socket >= 0)
		json_object_set_new(o, "socket", row->socket >= 0 ? json_integer(row->socket) : json_null());
	if (a->aggr == AGGR_NONE)
		json_object_set_new(o, "cpu", row->cpu >= 0 ? json_integer(row->cpu) : json_null());
	if (row->why)
		json_object_set_new(o, "error", json_text(row->why));
	return o;
}

static void render_json(FILE *f, const struct stat_args *a, const struct stat_report *r)
{
	json_t *root = json_object(), *arr = json_array();
	size_t flags = JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17);
	char *text;

	if (r->interval)
		json_object_set_new(root, "interval", json_integer(r->interval));
	json_object_set_new(root, "time_s", json_real(r->time_s));
	json_object_set_new(root, "target", json_text(r->target));
	for (size_t i = 0; i < r->n; i++)
		json_array_append_new(arr, row_json(a, &r->rows[i]));
	json_object_set_new(root, "counts", arr);
	/* JSON Lines with -I: one compact object per interval */
	if (settings.pretty && !r->interval)
		flags |= JSON_INDENT(2);
	else
		flags |= JSON_COMPACT;
	text = json_dumps(root, flags);
	if (text)
		fprintf(f, "%s\n", text);
	free(text);
	json_decref(root);
}

void stat_render(FILE *f, const struct stat_args *a, const struct stat_report *r, bool first)
{
	if (settings.json)
		render_json(f, a, r);
	else if (a->sep)
		render_csv(f, a, r, first);
	else
		render_table(f, a, r);
	fflush(f);
}
