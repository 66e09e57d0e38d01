// SPDX-License-Identifier: GPL-2.0
/* perf stat -x, lines: [time,]count,unit,event,run,pct,... ; perf stat -j: one object a line;
 * pmuctl stat -j: one report a line, its counts and metric inputs. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/evparse.h"
#include "pmu/perfinput.h"
#include "lib/grow.h"

#define MAX_FIELDS 16

static bool parse_num(const char *s, double *v)
{
	char *end;

	while (*s == ' ')
		s++;
	if (!*s)
		return false;
	*v = strtod(s, &end);
	while (*end == ' ')
		end++;
	return !*end && isfinite(*v);
}

/* Counts and interval times: perf never prints a negative one, nor a count past 64 bits */
static bool parse_count(const char *s, double *v)
{
	return parse_num(s, v) && *v >= 0 && *v < 0x1p64;
}

static bool not_counted(const char *s)
{
	return strstr(s, "<not counted>") || strstr(s, "<not supported>");
}

static int push(struct perf_records *r, const struct perf_record *rec)
{
	struct perf_record *v;

	if (grow_array(&r->v, r->n, 1, sizeof(*r->v)))
		return -ENOMEM;
	v = r->v;
	v[r->n] = *rec;
	v[r->n].event = strdup(rec->event);
	if (!v[r->n].event)
		return -ENOMEM;
	r->n++;
	return 0;
}

/* Split on commas (perf does not quote): returns the number of fields */
static size_t split(char *line, char **f)
{
	size_t n = 0;

	f[n++] = line;
	for (char *c = line; *c && n < MAX_FIELDS; c++) {
		if (*c == ',') {
			*c = '\0';
			f[n++] = c + 1;
		}
	}
	return n;
}

/*
 * perf does not quote a field either: an event's terms ("pmu/rd_bytes,src_bdf=0x4100/") span
 * fields. Join fields back to the event until the one event parser takes it; returns how
 * many fields the event took.
 */
static size_t join_event(char **f, size_t n, size_t ev)
{
	size_t k = ev;

	for (;;) {
		struct ev_list l;
		struct err_report err;

		if (!ev_parse(f[ev], &l, &err)) {
			ev_list_free(&l);
			break;
		}
		if (k + 1 >= n)
			return 1;	/* no event at all: taken as written, as before */
		f[k + 1][-1] = ',';	/* split() put the NUL there */
		k++;
	}
	for (size_t i = ev + 1; i + (k - ev) < n; i++)
		f[i] = f[i + (k - ev)];
	return k - ev + 1;
}

/* Whether s is word followed by a decimal number: perf's "S0" (--per-socket), "CPU3" (-A) */
static bool word_number(const char *s, const char *word)
{
	size_t len = strlen(word);

	return !strncmp(s, word, len) && s[len] && strspn(s + len, "0123456789") == strlen(s + len);
}

/* The aggregation fields perf puts before the count: "S<socket>,<nr>," or "CPU<n>,"; 0 none */
static size_t aggr_fields(char **f, size_t n, size_t at)
{
	if (n > at + 2 && word_number(f[at], "S"))
		return 2;
	if (n > at + 1 && word_number(f[at], "CPU"))
		return 1;
	return 0;
}

static int csv_line(char *line, size_t lineno, struct perf_records *r, struct err_report *err)
{
	char *f[MAX_FIELDS];
	size_t n = split(line, f), at = 0, m;
	struct perf_record rec = { .time = -1, .pct = 100, .cpu = -1 };
	double t;
	/* -I puts the time first: a number with a point */
	bool time_first = strchr(f[0], '.') && parse_count(f[0], &t);
	size_t ag;

	/* with -I the first field is the time, and the event moves one field right */
	if (n >= 5 && time_first &&
	    (aggr_fields(f, n, 1) ||
	     ((parse_count(f[1], &rec.count) || not_counted(f[1])) && !parse_num(f[3], &rec.run_ns)))) {
		rec.time = t;
		at = 1;
	}
	/* then --per-socket's or -A's fields: the event's PMU says its socket and CPU again */
	ag = aggr_fields(f, n, at);
	if (ag == 1) {
		long cpu = strtol(f[at] + 3, NULL, 10);

		rec.cpu = cpu > INT_MAX ? -1 : (int)cpu;
	}
	at += ag;
	m = at ? at : n >= 8 && time_first;
	/* a second metric of an event (perf), or a -M value (pmuctl): no count of its own */
	if (n >= m + 7 && !*f[m] && !*f[m + 1] && !*f[m + 3])
		return 0;
	if (n < at + 3 || !*f[at + 2])
		return err_set(err, -EINVAL, "line %zu: expected [time,]count,unit,event,... (perf stat -x,)", lineno);
	n -= join_event(f, n, at + 2) - 1;
	if (not_counted(f[at])) {
		rec.counted = false;
		rec.not_supported = strstr(f[at], "<not supported>") != NULL;
	} else if (parse_count(f[at], &rec.count)) {
		rec.counted = true;
	} else {
		return err_set(err, -EINVAL, "line %zu: '%s' is not a count", lineno, f[at]);
	}
	rec.event = f[at + 2];
	if (n > at + 3 && !parse_num(f[at + 3], &rec.run_ns))
		rec.run_ns = 0;
	if (n > at + 4 && !parse_num(f[at + 4], &rec.pct))
		rec.pct = 100;
	return push(r, &rec);
}

/* pmuctl stat --format=csv: its header's columns, once the header is read */
struct table {
	bool on;
	char sep[8];		/* its separator: a comma, or what -x gave it */
	size_t time, kind, name, value, state, coverage, n;
};

/*
 * Whether line is the table's header, "time<SEP>kind<SEP>name<SEP>value<SEP>...": its
 * separator into sep (a comma, or any run of up to 7 characters -x gave, none a letter)
 */
static bool table_header_line(const char *line, char *sep, size_t size)
{
	char want[64];
	size_t n;

	if (strncmp(line, "time", 4))
		return false;
	n = strcspn(line + 4, "abcdefghijklmnopqrstuvwxyz");
	if (!n || n >= size)
		return false;
	memcpy(sep, line + 4, n);
	sep[n] = '\0';
	snprintf(want, sizeof(want), "time%skind%sname%svalue%s", sep, sep, sep, sep);
	return !strncmp(line, want, strlen(want));
}

/*
 * RFC 4180 fields, separated by sep, unquoted in place: how many (MAX_FIELDS + 1 when there
 * are more), or 0 for an open quote
 */
static size_t split_quoted(char *line, const char *sep, char **f)
{
	size_t n = 0, seplen = strlen(sep);
	char *in = line, *out = line;

	for (;;) {
		if (n == MAX_FIELDS)
			return n + 1;
		f[n++] = out;
		if (*in == '"') {
			for (in++;; in++) {
				if (!*in)
					return 0;
				if (*in == '"' && in[1] != '"')
					break;
				in += *in == '"';
				*out++ = *in;
			}
			in++;
		}
		while (*in && strncmp(in, sep, seplen))
			*out++ = *in++;
		if (!*in) {
			*out = '\0';
			return n;
		}
		*out++ = '\0';
		in += seplen;
	}
}

static size_t column(char **f, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(f[i], name))
			return i;
	return n;
}

static int table_header(char *line, const char *sep, struct table *t)
{
	char *f[MAX_FIELDS];
	size_t n = split_quoted(line, sep, f);

	if (n > MAX_FIELDS)
		return -EINVAL;
	*t = (struct table){ .on = true, .time = column(f, n, "time"), .kind = column(f, n, "kind"),
			     .name = column(f, n, "name"), .value = column(f, n, "value"),
			     .state = column(f, n, "state"), .coverage = column(f, n, "coverage"), .n = n };
	snprintf(t->sep, sizeof(t->sep), "%s", sep);
	return t->state < n && t->coverage < n ? 0 : -EINVAL;
}

/* A count or metric input row of the table; metric rows are what --input computes again */
static int table_row(char *line, size_t lineno, const struct table *t, struct perf_records *r,
		     struct err_report *err)
{
	char *f[MAX_FIELDS];
	size_t n = split_quoted(line, t->sep, f);
	struct perf_record rec = { .pct = 100 };
	double share;

	if (!n)
		return err_set(err, -EINVAL, "line %zu: a quoted field is not closed (pmuctl stat --format=csv)", lineno);
	if (n != t->n)
		return err_set(err, -EINVAL, "line %zu: %s%zu fields where the header has %zu (pmuctl stat --format=csv)",
			       lineno, n > MAX_FIELDS ? "more than " : "", n > MAX_FIELDS ? (size_t)MAX_FIELDS : n, t->n);
	if (strcmp(f[t->kind], "count") && strcmp(f[t->kind], "input"))
		return 0;
	rec.event = f[t->name];
	rec.counted = !strcmp(f[t->state], "counted");
	rec.not_supported = !strcmp(f[t->state], "<not supported>");
	if (!parse_count(f[t->time], &rec.time) || (rec.counted && !parse_count(f[t->value], &rec.count)))
		return err_set(err, -EINVAL, "line %zu: '%s' at '%s' is not a count at a time", lineno,
			       f[t->value], f[t->time]);
	if (parse_num(f[t->coverage], &share))
		rec.pct = 100 * share;
	return push(r, &rec);
}

/* One row of pmuctl's counts or inputs: a record as perf's would be */
static int pmuctl_row(json_t *row, double time, struct perf_records *r)
{
	json_t *count = json_object_get(row, "count");
	double enabled = json_number_value(json_object_get(row, "enabled_ns"));
	struct perf_record rec = { .time = time, .pct = 100 };

	rec.event = (char *)json_string_value(json_object_get(row, "event"));
	if (!rec.event)
		return 1;
	rec.counted = json_is_number(count) && json_number_value(count) >= 0;
	rec.count = rec.counted ? json_number_value(count) : 0;
	rec.not_supported = !strcmp(json_string_value(json_object_get(row, "state")) ?: "", "not_supported");
	rec.run_ns = json_number_value(json_object_get(row, "running_ns"));
	if (enabled > 0)
		rec.pct = 100 * rec.run_ns / enabled;
	return push(r, &rec);
}

/*
 * pmuctl's own -j report: its counts and its metrics' inputs; a report of totals says how long
 * it counted in time_s, which perf's recordings say with a duration_time count
 */
static int pmuctl_json(json_t *o, size_t lineno, struct perf_records *r, struct err_report *err)
{
	json_t *t = json_object_get(o, "time_s"), *arrays[] = { json_object_get(o, "counts"),
							        json_object_get(o, "inputs") };
	bool totals = json_is_null(json_object_get(o, "interval"));
	double time = json_number_value(t);
	size_t before = r->n;
	int ret = 0;

	if (!json_is_number(t) || time < 0 || !isfinite(time))
		return err_set(err, -EINVAL, "line %zu: a pmuctl report without its time_s", lineno);
	for (size_t k = 0; k < 2 && !ret; k++) {
		size_t i;
		json_t *row;

		json_array_foreach(arrays[k], i, row) {
			ret = pmuctl_row(row, totals ? -1 : time, r);
			if (ret > 0)
				return err_set(err, -EINVAL, "line %zu: a count without its event", lineno);
			if (ret)
				break;
		}
	}
	if (!ret && totals && r->n > before) {
		struct perf_record d = { .time = -1, .event = "duration_time", .count = time * 1e9,
					 .counted = true, .run_ns = time * 1e9, .pct = 100 };

		ret = push(r, &d);
	}
	return ret ? (ret == -ENOMEM ? err_set(err, ret, "out of memory") : ret) : 0;
}

static double perfinput_number(json_t *v, bool *ok)
{
	double d;

	*ok = true;
	if (json_is_number(v) && json_number_value(v) >= 0)
		return json_number_value(v);
	if (json_is_string(v) && parse_count(json_string_value(v), &d))
		return d;
	*ok = false;
	return 0;
}

static int perfinput_json_line(const char *line, size_t lineno, struct perf_records *r, struct err_report *err)
{
	json_error_t je;
	json_t *o = json_loads(line, 0, &je), *v;
	struct perf_record rec = { .time = -1, .pct = 100 };
	bool ok;
	int ret;

	if (!o || !json_is_object(o)) {
		json_decref(o);
		return err_set(err, -EINVAL, "line %zu: not a perf stat -j object: %s", lineno,
				   o ? "not an object" : je.text);
	}
	if (json_is_array(json_object_get(o, "counts"))) {
		ret = pmuctl_json(o, lineno, r, err);
		json_decref(o);
		return ret;
	}
	rec.event = (char *)json_string_value(json_object_get(o, "event"));
	v = json_object_get(o, "counter-value");
	if (!rec.event || !v) {
		json_decref(o);
		return err_set(err, -EINVAL, "line %zu: no \"event\" or \"counter-value\"", lineno);
	}
	rec.count = perfinput_number(v, &rec.counted);
	if (!rec.counted && !(json_is_string(v) && not_counted(json_string_value(v)))) {
		json_decref(o);
		return err_set(err, -EINVAL, "line %zu: \"counter-value\" is not a count", lineno);
	}
	rec.not_supported = !rec.counted && strstr(json_string_value(v), "<not supported>");
	if ((v = json_object_get(o, "interval"))) {
		rec.time = perfinput_number(v, &ok);
		if (!ok) {
			json_decref(o);
			return err_set(err, -EINVAL, "line %zu: \"interval\" is not a time in seconds",
					   lineno);
		}
	}
	if ((v = json_object_get(o, "event-runtime")))
		rec.run_ns = perfinput_number(v, &ok);
	if ((v = json_object_get(o, "pcnt-running")))
		rec.pct = perfinput_number(v, &ok);
	ret = push(r, &rec);
	json_decref(o);
	return ret;
}

int perf_input_parse(const char *text, size_t len, struct perf_records *out, struct err_report *err)
{
	char *buf = strndup(text, len), *save = NULL, *line;
	size_t lineno = 0;
	double last_time = -1;
	struct table table = { 0 };
	char sep[8];
	int ret = 0;

	memset(out, 0, sizeof(*out));
	if (!buf)
		return err_set(err, -ENOMEM, "out of memory");
	if (strlen(buf) != len) {
		free(buf);
		return err_set(err, -EINVAL, "binary data (a NUL byte) in the input");
	}
	for (char *p = buf;; p = NULL) {
		line = strtok_r(p, "\n", &save);
		if (!line)
			break;
		lineno++;
		line[strcspn(line, "\r")] = '\0';
		while (*line == ' ' || *line == '\t')
			line++;
		/* "# started on ...", blank lines, and perf's empty interval lines */
		if (!*line || *line == '#')
			continue;
		if (!table.on && table_header_line(line, sep, sizeof(sep)))
			ret = table_header(line, sep, &table) ?
			      err_set(err, -EINVAL, "line %zu: a pmuctl table without state and coverage", lineno) : 0;
		else if (table.on)
			ret = table_row(line, lineno, &table, out, err);
		else
			ret = *line == '{' ? perfinput_json_line(line, lineno, out, err) :
					     csv_line(line, lineno, out, err);
		if (ret)
			break;
		/* perf's -I times only go forward: two runs in one file would give negative rates */
		if (out->n && out->v[out->n - 1].time >= 0) {
			double t = out->v[out->n - 1].time;

			if (t < last_time) {
				ret = err_set(err, -EINVAL, "line %zu: interval time %.9g s comes before %.9g s, the time above it: one perf stat -I run per file",
						  lineno, t, last_time);
				break;
			}
			last_time = t;
		}
	}
	free(buf);
	if (ret)
		perf_records_free(out);
	return ret;
}

void perf_records_free(struct perf_records *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].event);
	free(r->v);
	memset(r, 0, sizeof(*r));
}
