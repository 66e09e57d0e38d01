// SPDX-License-Identifier: GPL-2.0
/* Count rows: a table like perf's, perf's -x fields, rows of the CSV table, JSON (one object per interval). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lib/csv.h"
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "pmu/repeat.h"

static double running_pct(const struct tally_row *r)
{
	if (!r->enabled)
		return r->state == COUNT_OK ? 100.0 : 0.0;
	return 100.0 * (double)r->running / (double)r->enabled;
}

/* perf's words in the table and CSV ("<not counted>"); identifiers in JSON ("not_counted") */
static const char *state_name(enum count_state s, bool json)
{
	if (s == COUNT_OK)
		return "counted";
	if (s == COUNT_NOT_SUPPORTED)
		return json ? "not_supported" : "<not supported>";
	if (s == COUNT_RESET)
		return json ? "reset" : "<reset>";
	if (s == COUNT_SHARED)
		return json ? "multiplexed" : "<multiplexed>";
	return json ? "not_counted" : "<not counted>";
}

static const char *state_text(enum count_state s)
{
	return state_name(s, false);
}

/* Whether the row's count is the counters' own sum, not an estimate scaled for multiplexing */
static bool exact(const struct tally_row *r)
{
	return r->running >= r->enabled;
}

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

/* -r: the noise of row i of the averaged runs, perf's "variance"; NULL when not averaged */
static const struct run_stats *row_noise(const struct render_ctx *c, size_t i)
{
	return c->runs && i < c->runs->nrow ? &c->runs->rows[i] : NULL;
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
			fprintf(f, "%s%18s      %s\n", where, state_text(row->state), label);
			continue;
		}
		/* as perf: the unit in a field of 4 ("ns" for duration_time) */
		fprintf(f, "%s%18s %-4s ", where, exact(row) ? human_u64(row->value, num, sizeof(num)) :
								human_number(row->count, 0, num, sizeof(num)),
			row->unit ? row->unit : "");
		if (row_noise(c, i))
			fprintf(f, "%-44s  ( +-%6.2f%% )", label, run_stats_noise_pct(row_noise(c, i)));
		else
			fprintf(f, running_pct(row) < 100.0 ? "%-44s" : "%s", label);
		if (running_pct(row) < 100.0)
			fprintf(f, " (%.2f%%)", running_pct(row));
		fputc('\n', f);
	}
	if (!c->interval && c->runs)
		fprintf(f, "\n%18.9f +- %.9f seconds time elapsed  ( +-%6.2f%% )\n\n", c->time_s,
			run_stats_sd_of_mean(&c->runs->elapsed), run_stats_noise_pct(&c->runs->elapsed));
	else if (!c->interval)
		fprintf(f, "\n%18.9f seconds time elapsed\n\n", c->time_s);
}

void stat_csv_header(const struct render_ctx *c)
{
	static const char *const head[] = { "kind", "name", "value", "unit", "pmu", "socket", "rc", "cpu",
					     "device", "scope", "running_pct", "state", "multiplexed",
					     "coverage", "together" };
	struct csv w = { .f = c->f, .sep = c->sep };

	/* the time always: the totals' is the run's length, and a stream of both is one table */
	csv_header(&w, "time", head, sizeof(head) / sizeof(head[0]));
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
		if (row->state == COUNT_OK && exact(row))
			csv_fmt(&w, "%" PRIu64, row->value);
		else if (row->state == COUNT_OK)
			csv_fmt(&w, "%.0f", round(row->count));
		else
			csv_str(&w, state_text(row->state));
		csv_str(&w, "");
		csv_str(&w, row->pmu ? safe_str(row->pmu, label, sizeof(label)) : "");
		csv_int_or_empty(&w, row->socket);
		csv_int_or_empty(&w, row->rc);
		csv_int_or_empty(&w, row->cpu);
		csv_str(&w, "");
		csv_str(&w, "");
		csv_fmt(&w, "%.2f", running_pct(row));
		csv_str(&w, row->state == COUNT_OK ? "counted" : state_text(row->state));
		csv_str(&w, row->running < row->enabled ? "yes" : "no");
		csv_fmt(&w, "%.6f", running_pct(row) / 100);
		csv_str(&w, "");
		csv_end(&w);
	}
}

void stat_perf_prefix(const struct render_ctx *c, FILE *f, int socket, int ncpu, int cpu)
{
	/* perf's "%6lu.%09lu" */
	if (c->interval)
		fprintf(f, "%16.9f%s", c->time_s, c->sep);
	if (c->aggr == AGGR_SOCKET && ncpu >= 0)
		fprintf(f, "S%d%s%d%s", socket, c->sep, ncpu, c->sep);
	else if (c->aggr == AGGR_SOCKET)
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

		stat_perf_prefix(c, c->f, row->socket, row->ncpu, row->cpu);
		if (row->state == COUNT_OK && exact(row))
			fprintf(c->f, "%" PRIu64, row->value);
		else if (row->state == COUNT_OK)
			fprintf(c->f, "%.0f", round(row->count));
		else
			fputs(state_text(row->state), c->f);
		/* the unit field: perf's "ns" for duration_time; sysfs units are not applied, so none */
		fprintf(c->f, "%s%s%s", sep, row->unit ? row->unit : "", sep);
		if ((c->aggr == AGGR_PMU || c->aggr == AGGR_NONE) && row->pmu && slash && *label != '{')
			fprintf(c->f, "%s%s", safe_str(row->pmu, pmu, sizeof(pmu)), slash);
		else
			fputs(label, c->f);
		/* as perf -r: the noise in % after the event */
		if (row_noise(c, i))
			fprintf(c->f, "%s%.2f%%", sep, run_stats_noise_pct(row_noise(c, i)));
		fprintf(c->f, "%s%" PRIu64 "%s%.2f%s%s\n", sep, row->running, sep, running_pct(row), sep, sep);
	}
}

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
	json_object_set_new(o, "count", row->state == COUNT_OK ? jout_count(exact(row), row->value, row->count) :
								  json_null());
	json_object_set_new(o, "running_pct", json_real(round(running_pct(row) * 100) / 100));
	/* running over enabled, unrounded: how much of the time the count covers */
	json_object_set_new(o, "coverage", json_real(row->enabled ? (double)row->running / (double)row->enabled :
								     row->state == COUNT_OK ? 1.0 : 0.0));
	/* summed over the row's counters, as perf's CSV prints its run time */
	json_object_set_new(o, "enabled_ns", json_integer((json_int_t)row->enabled));
	json_object_set_new(o, "running_ns", json_integer((json_int_t)row->running));
	/* -r: the standard deviation of the count's mean in % of it (perf -j's "variance") */
	json_object_set_new(o, "noise_pct", noise ? json_real(round(run_stats_noise_pct(noise) * 100) / 100) :
						    json_null());
	json_object_set_new(o, "state", json_string(state_name(row->state, true)));
	json_object_set_new(o, "error", jout_text(row->why));
	return o;
}

static void counts_json(const struct render_ctx *c, const struct tally *t)
{
	json_t *arr = json_object_get(c->record, "counts");

	for (size_t i = 0; i < t->n; i++)
		json_array_append_new(arr, row_json(c, &t->v[i], row_noise(c, i)));
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

json_t *stat_record_new(const struct render_ctx *c)
{
	return json_pack("{s:o, s:f, s:o, s:o, s:o, s:[], s:[], s:n, s:n, s:n}", "interval",
			 c->interval ? json_integer(c->interval) : json_null(), "time_s", c->time_s,
			 "timestamp", record_timestamp(&c->wall), "target", jout_text(c->target), "runs",
			 /* -r's, one counted run, or none known: a recording (--input) */
			 c->runs ? json_integer(c->runs->runs) : c->target ? json_integer(1) : json_null(),
			 "counts", "metrics", "devices", "subtotals", "inputs");
}

int stat_record_emit(const struct render_ctx *c)
{
	size_t flags = JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17);
	char *text;

	/* JSON Lines with -I: one compact object per interval */
	if (settings.pretty && !c->interval)
		flags |= JSON_INDENT(2);
	else
		flags |= JSON_COMPACT;
	text = c->record ? json_dumps(c->record, flags) : NULL;
	if (!text)
		return -ENOMEM;
	fprintf(c->f, "%s\n", text);
	free(text);
	return 0;
}

void render_counts(const struct render_ctx *c, const struct tally *t)
{
	switch (c->face) {
	case FACE_JSON:
		counts_json(c, t);
		break;
	case FACE_CSV:
		counts_csv(c, t);
		break;
	case FACE_PERF:
		counts_perf(c, t);
		break;
	default:
		counts_text(c, t);
	}
	fflush(c->f);
}
