// SPDX-License-Identifier: GPL-2.0
/*
 * User metrics from JSON: [{"name", "family", "expr", "unit", "description"}], checked where
 * they enter: every field plain text, the name a metric name, the family one pmuctl knows,
 * and every name in the formula an event of the family's PMUs or a constant, never a metric.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "lib/readall.h"
#include "lib/suggest.h"
#include "lib/visible.h"
#include "pmu/family/family.h"
#include "pmu/metrics/metric.h"
#include "pmu/metrics/mexpr.h"

/* A metrics file is a few kilobytes; a bound keeps a wrong file from filling memory */
#define METRIC_FILE_MAX (16u << 20)
#define METRIC_NAME_MAX 128

static int metric_add_at(struct metric_list *l, const struct metric *tmpl, const char *at, struct err_report *err)
{
	const struct metric *same;
	struct mexpr *e;
	struct err_report xe = { 0 };

	if (mexpr_parse(tmpl->expr, &e, &xe))
		return err_set(err, -EINVAL, "%s: metric '%s': %s at column %zu of '%s'", at,
				   tmpl->name, xe.msg, xe.pos + 1, tmpl->expr);
	mexpr_free(e);
	/* one name, one metric: a second would be computed twice, with two HELP lines */
	same = metric_list_find(l, tmpl->name);
	if (same)
		return err_set(err, -EEXIST,
				   "%s: metric '%s' is already %s: give it another name", at,
				   tmpl->name,
				   strcmp(same->source, tmpl->source) ? "a built-in metric" : "in this file");
	if (metric_list_copy(l, tmpl))
		return err_set(err, -ENOMEM, "out of memory");
	return 0;
}

int metric_add(struct metric_list *l, const struct metric *tmpl, struct err_report *err)
{
	return metric_add_at(l, tmpl, tmpl->source, err);
}

bool metric_name_valid(const char *name)
{
	size_t n = strlen(name);

	if (!n || n > METRIC_NAME_MAX || (name[0] >= '0' && name[0] <= '9'))
		return false;
	for (const char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
		      *c == '_' || *c == '.'))
			return false;
	return true;
}


/* The line each element of the top-level array starts on, for messages */
static void element_lines(const char *t, size_t len, size_t *lines, size_t max)
{
	size_t line = 1, depth = 0, k = 0;
	bool str = false, esc = false, next = false;

	for (size_t i = 0; i < len && k < max; i++) {
		char c = t[i];

		if (c == '\n')
			line++;
		if (str) {
			if (esc)
				esc = false;
			else if (c == '\\')
				esc = true;
			else if (c == '"')
				str = false;
			continue;
		}
		if (depth == 1 && next && !strchr(" \t\r\n,]", c)) {
			lines[k++] = line;
			next = false;
		}
		if (c == '"')
			str = true;
		else if (c == '[' || c == '{')
			next = ++depth == 1;
		else if (c == ']' || c == '}')
			depth--;
		else if (c == ',' && depth == 1)
			next = true;
	}
}

/* Each string field plain text, the name a metric name, the family known */
static int check_fields(const struct metric *m, const struct pmu_list *pmus, const char *at,
			struct err_report *err)
{
	const char *const fields[] = { "name", "family", "expr", "unit", "description", "filter" };
	const char *const values[] = { m->name, m->family, m->expr, m->unit, m->description, m->filter };

	/* a newline would end a line of /metrics; a C1 or bidirectional control turns a terminal */
	for (size_t f = 0; f < sizeof(fields) / sizeof(fields[0]); f++) {
		long cp;
		const char *c = visible_find(values[f], &cp);

		if (c && cp >= 0 && cp < 0x80)
			return err_set(err, -EINVAL,
					   "%s: the %s holds a control character (0x%02x at byte %zu): "
					   "metric fields are one line of text", at, fields[f],
					   (unsigned char)*c, (size_t)(c - values[f]) + 1);
		if (c)
			return err_set(err, -EINVAL,
					   "%s: the %s holds a character that does not print (U+%04lX at byte %zu): "
					   "metric fields are one line of text", at, fields[f], cp,
					   (size_t)(c - values[f]) + 1);
	}
	if (!metric_name_valid(m->name))
		return err_set(err, -EINVAL,
				   "%s: '%s' is not a metric name: letters, digits, '_' and '.', not "
				   "starting with a digit, at most %d", at, m->name, METRIC_NAME_MAX);
	if (!pmu_metric_family_known(m->family, pmus))
		return err_set(err, -EINVAL,
				   "%s: metric '%s': no PMU family '%s' (pmuctl __complete families names them; "
				   "pmuctl-families(7) says which take others)", at, m->name, m->family);
	return 0;
}

static bool constant(const char *name)
{
	return !strcmp(name, "duration_time") || !strcmp(name, "hw_clk_freq");
}

/* Whether p counts name: one of its events, or perf's alias of one */
static bool pmu_has(const struct pmu *p, const char *name)
{
	if (pmu_find_event(p, name))
		return true;
	for (const struct event_alias *a = p->family->aliases; a && a->name; a++)
		if (!strcmp(a->name, name) && pmu_find_event(p, a->of))
			return true;
	return false;
}

/*
 * Every name of m's formula: a constant, or an event of a PMU of this machine the metric
 * applies to; never a metric (itself, or another: formulas are written over events). With
 * no such PMU here, an event name cannot be checked and is taken on trust.
 */
static int check_names(const struct metric_list *l, const struct metric *m, const struct pmu_list *pmus,
		       const char *at, struct err_report *err)
{
	const char *names[MEXPR_NAMES_MAX];
	const struct pmu *first = NULL;
	struct err_report xe = { 0 };
	struct mexpr *e;
	size_t n;
	int ret = 0;

	if (mexpr_parse(m->expr, &e, &xe))
		return 0;	/* metric_add said so already */
	n = mexpr_names(e, names, MEXPR_NAMES_MAX);
	for (size_t i = 0; i < n && !ret; i++) {
		bool found = constant(names[i]);

		for (size_t k = 0; pmus && k < pmus->n && !found; k++) {
			if (!pmu_metric_applies(&pmus->v[k], m->family))
				continue;
			first = first ? first : &pmus->v[k];
			found = pmu_has(&pmus->v[k], names[i]);
		}
		if (found)
			continue;
		if (!strcmp(names[i], m->name)) {
			ret = err_set(err, -EINVAL, "%s: metric '%s' refers to itself: a formula is "
					  "written over events and constants, not metrics", at, m->name);
			continue;
		}
		if (metric_list_find(l, names[i]))
			ret = err_set(err, -EINVAL, "%s: metric '%s' refers to metric '%s': a "
					  "formula is written over events and constants, not metrics",
					  at, m->name, names[i]);
		if (!ret && first) {
			struct suggest sg;
			char near[256];

			suggest_init(&sg, names[i]);
			for (size_t k = 0, ne = pmu_nevents(first); k < ne; k++)
				suggest_offer(&sg, first->events[k].name);
			suggest_offer(&sg, "duration_time");
			ret = err_set(err, -EINVAL, "%s: metric '%s': '%s' is no event of %s%s; "
					  "pmuctl list --events %s lists them", at, m->name, names[i], first->name,
					  suggest_text(&sg, near, sizeof(near)), first->name);
		}
	}
	mexpr_free(e);
	return ret;
}

static int add_one(struct metric_list *l, json_t *o, const char *path, const char *at,
		   const struct pmu_list *pmus, struct err_report *err)
{
	struct metric m = { .name = (char *)json_string_value(json_object_get(o, "name")),
			    .family = (char *)json_string_value(json_object_get(o, "family")),
			    .expr = (char *)json_string_value(json_object_get(o, "expr")),
			    .unit = (char *)json_string_value(json_object_get(o, "unit")),
			    .description = (char *)json_string_value(json_object_get(o, "description")),
			    .source = (char *)path,
			    .filter = (char *)json_string_value(json_object_get(o, "filter")),
			    .total_only = json_is_true(json_object_get(o, "total_only")) };
	int ret;

	if (!json_is_object(o) || !m.name || !m.family || !m.expr || !*m.name)
		return err_set(err, -EINVAL, "%s: a metric needs string fields name, family and expr",
				   at);
	ret = check_fields(&m, pmus, at, err);
	return ret ? ret : metric_add_at(l, &m, at, err);
}

/* "FILE:LINE", where element i of the array starts */
static void where(char *buf, size_t size, const char *path, const size_t *lines, size_t i)
{
	snprintf(buf, size, "%s:%zu", path, lines[i]);
}

int metric_load_file(struct metric_list *l, const char *path, const struct pmu_list *pmus,
		     struct err_report *err)
{
	size_t first = l->n, len, i, *lines = NULL;
	char *text, at[4096 + 32];
	json_error_t je;
	json_t *root, *o;
	int ret = read_regular(path, METRIC_FILE_MAX, &text, &len);

	if (ret)
		return err_set(err, -EINVAL, "cannot read metrics file '%s': %s", path,
				   ret == -EFBIG ? "larger than 16 MiB" :
				   ret == -EINVAL ? "not a regular file" : strerror(-ret));
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		free(text);
		/* jansson quotes the text near an error as it is: what does not print is escaped */
		return err_set(err, -EINVAL, "%s:%d:%d: %s", path, je.line, je.column,
				   visible_copy(je.text, at, sizeof(at)));
	}
	if (!json_is_array(root)) {
		ret = err_set(err, -EINVAL, "%s: expected a JSON array of metrics", path);
		goto out;
	}
	lines = calloc(json_array_size(root) + 1, sizeof(*lines));
	if (!lines) {
		ret = err_set(err, -ENOMEM, "out of memory");
		goto out;
	}
	element_lines(text, len, lines, json_array_size(root));
	json_array_foreach(root, i, o) {
		where(at, sizeof(at), path, lines, i);
		ret = add_one(l, o, path, at, pmus, err);
		if (ret)
			goto out;
	}
	/* after all of them: a formula may name a metric further down */
	for (i = first; i < l->n && !ret; i++) {
		where(at, sizeof(at), path, lines, i - first);
		ret = check_names(l, &l->v[i], pmus, at, err);
	}
out:
	free(lines);
	free(text);
	json_decref(root);
	return ret;
}
