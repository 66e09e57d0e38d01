// SPDX-License-Identifier: GPL-2.0
/* A list of metrics and the index of their names: adding and finding one never scans the list. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "lib/grow.h"
#include "pmu/metrics/metric.h"

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

int metric_list_copy(struct metric_list *l, const struct metric *tmpl)
{
	struct metric *m;

	/* name -> the first metric of that name: jansson's hash table, which the list owns */
	if (!l->names && !(l->names = json_object()))
		return -ENOMEM;
	if (grow_array(&l->v, l->n, 1, sizeof(*l->v)))
		return -ENOMEM;
	m = &l->v[l->n];
	*m = *tmpl;
	m->name = strdup(tmpl->name);
	m->family = strdup(tmpl->family);
	m->expr = strdup(tmpl->expr);
	m->unit = strdup(tmpl->unit ? tmpl->unit : "");
	m->description = strdup(tmpl->description ? tmpl->description : "");
	m->source = strdup(tmpl->source ? tmpl->source : "");
	m->filter = dup_or_null(tmpl->filter);
	l->n++;
	if (!m->name || !m->family || !m->expr || !m->unit || !m->description || !m->source ||
	    (tmpl->filter && !m->filter))
		return -ENOMEM;
	if (!json_object_get(l->names, m->name) &&
	    json_object_set_new(l->names, m->name, json_integer((json_int_t)(l->n - 1))))
		return -ENOMEM;
	return 0;
}

const struct metric *metric_list_find(const struct metric_list *l, const char *name)
{
	json_t *i = l->names ? json_object_get(l->names, name) : NULL;

	return i ? &l->v[json_integer_value(i)] : NULL;
}

void metric_list_free(struct metric_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct metric *m = &l->v[i];

		free(m->name);
		free(m->family);
		free(m->expr);
		free(m->unit);
		free(m->description);
		free(m->source);
		free(m->filter);
	}
	free(l->v);
	json_decref(l->names);
	memset(l, 0, sizeof(*l));
}
