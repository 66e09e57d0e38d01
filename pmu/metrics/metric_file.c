// SPDX-License-Identifier: GPL-2.0
/* User metrics from JSON: [{"name", "family", "expr", "unit", "description"}], checked on load. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/metrics/metric.h"
#include "pmu/metrics/mexpr.h"

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int metric_add(struct metric_list *l, const struct metric *tmpl, struct pmu_err *err)
{
	struct metric *v, *m;
	struct mexpr *e;
	struct pmu_err xe = { 0 };

	if (mexpr_parse(tmpl->expr, &e, &xe))
		return pmu_err_set(err, -EINVAL, "%s: metric '%s': %s at column %zu of '%s'", tmpl->source,
				   tmpl->name, xe.msg, xe.pos + 1, tmpl->expr);
	mexpr_free(e);
	/* one name, one metric: a second would be computed twice, with two HELP lines */
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, tmpl->name))
			return pmu_err_set(err, -EEXIST,
					   "%s: metric '%s' is already %s: give it another name", tmpl->source,
					   tmpl->name,
					   strcmp(l->v[i].source, tmpl->source) ? "a built-in metric" : "in this file");
	v = realloc(l->v, (l->n + 1) * sizeof(*v));
	if (!v)
		return pmu_err_set(err, -ENOMEM, "out of memory");
	l->v = v;
	m = &v[l->n++];
	memset(m, 0, sizeof(*m));
	m->name = strdup(tmpl->name);
	m->family = strdup(tmpl->family);
	m->expr = strdup(tmpl->expr);
	m->unit = strdup(tmpl->unit ?: "");
	m->description = strdup(tmpl->description ?: "");
	m->source = strdup(tmpl->source);
	m->filter = dup_or_null(tmpl->filter);
	m->total_only = tmpl->total_only;
	if (!m->name || !m->family || !m->expr || !m->unit || !m->description || !m->source)
		return pmu_err_set(err, -ENOMEM, "out of memory");
	return 0;
}

static int add_one(struct metric_list *l, json_t *o, size_t idx, const char *path, struct pmu_err *err)
{
	struct metric m = { .name = (char *)json_string_value(json_object_get(o, "name")),
			    .family = (char *)json_string_value(json_object_get(o, "family")),
			    .expr = (char *)json_string_value(json_object_get(o, "expr")),
			    .unit = (char *)json_string_value(json_object_get(o, "unit")),
			    .description = (char *)json_string_value(json_object_get(o, "description")),
			    .source = (char *)path,
			    .filter = (char *)json_string_value(json_object_get(o, "filter")),
			    .total_only = json_is_true(json_object_get(o, "total_only")) };

	if (!json_is_object(o) || !m.name || !m.family || !m.expr || !*m.name)
		return pmu_err_set(err, -EINVAL,
				   "%s: metric %zu needs string fields name, family and expr", path, idx + 1);
	return metric_add(l, &m, err);
}

int metric_load_file(struct metric_list *l, const char *path, struct pmu_err *err)
{
	json_error_t je;
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	size_t i;
	json_t *o;
	int ret = 0;

	/* jansson gives line -1 when the file itself could not be read */
	if (!root && je.line < 1)
		return pmu_err_set(err, -EINVAL, "cannot read metrics file '%s': %s", path,
				   strerror(errno));
	if (!root)
		return pmu_err_set(err, -EINVAL, "%s:%d:%d: %s", path, je.line, je.column, je.text);
	if (!json_is_array(root)) {
		json_decref(root);
		return pmu_err_set(err, -EINVAL, "%s: expected a JSON array of metrics", path);
	}
	json_array_foreach(root, i, o) {
		ret = add_one(l, o, i, path, err);
		if (ret)
			break;
	}
	json_decref(root);
	return ret;
}
