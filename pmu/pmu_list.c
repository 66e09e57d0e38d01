// SPDX-License-Identifier: GPL-2.0
/* Look-ups over collected PMUs, and freeing them. */
#include <stdlib.h>
#include <string.h>
#include "lib/vercmp.h"
#include "pmu/pmu.h"

/* The list's PMUs by name: what it was built for, and their positions in name order */
struct pmu_index {
	const struct pmu *v;
	size_t n;
	size_t *at;
};

static int by_name(const void *x, const void *y, void *arg)
{
	const struct pmu *v = arg;
	int c = strcmp(v[*(const size_t *)x].name, v[*(const size_t *)y].name);

	/* the first of a name, as the scan in list order found it */
	return c ? c : (*(const size_t *)x > *(const size_t *)y) - (*(const size_t *)x < *(const size_t *)y);
}

/* Built once per list (every function of map asks): false when out of memory */
static bool index_fresh(const struct pmu_list *l)
{
	/* the index belongs to the list, which a caller holds as const only for its PMUs */
	struct pmu_list *ml = (struct pmu_list *)l;
	struct pmu_index *x = l->index;

	if (x && x->v == l->v && x->n == l->n)
		return true;
	if (!x && !(x = ml->index = calloc(1, sizeof(*x))))
		return false;
	free(x->at);
	x->at = malloc((l->n ? l->n : 1) * sizeof(*x->at));
	if (!x->at) {
		x->v = NULL;
		return false;
	}
	for (size_t i = 0; i < l->n; i++)
		x->at[i] = i;
	qsort_r(x->at, l->n, sizeof(*x->at), by_name, l->v);
	x->v = l->v;
	x->n = l->n;
	return true;
}

const struct pmu *pmu_find(const struct pmu_list *l, const char *name)
{
	size_t lo = 0, hi;

	if (!index_fresh(l)) {
		for (size_t i = 0; i < l->n; i++)
			if (!strcmp(l->v[i].name, name))
				return &l->v[i];
		return NULL;
	}
	hi = l->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(l->v[l->index->at[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < l->n && !strcmp(l->v[l->index->at[lo]].name, name) ? &l->v[l->index->at[lo]] : NULL;
}

uint64_t pmu_config_field(const struct pmu *p, const uint64_t *config, const char *name)
{
	const struct pmu_format *f = pmu_find_format(p, name);

	return f && f->word < FORMAT_WORDS ? format_unpack(f->mask, config[f->word]) : 0;
}

static void pmu_free(struct pmu *p)
{
	for (size_t i = 0; i < p->nformats; i++)
		free(p->formats[i].name);
	for (size_t i = 0; i < p->nevents; i++) {
		free(p->events[i].name);
		free(p->events[i].value);
		free(p->events[i].scale);
		free(p->events[i].unit);
	}
	free(p->formats);
	free(p->events);
	pmu_probe_free(p);
	pmu_file_close_dir(p);
	cpulist_free(&p->attrs.cpumask);
	cpulist_free(&p->attrs.associated);
	free(p->identifier);
	free(p->peer);
	free(p->hwmon);
	free(p->family_data);
	free(p->name);
}

void pmu_list_free(struct pmu_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		pmu_free(&l->v[i]);
	free(l->v);
	if (l->index)
		free(l->index->at);
	free(l->index);
	l->v = NULL;
	l->n = 0;
	l->index = NULL;
}

void pmu_list_close_dirs(struct pmu_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		pmu_file_close_dir(&l->v[i]);
}

int pmu_online_cpus(const struct sysroot *root, struct cpulist *out)
{
	char *s;
	int ret = sysroot_read_trim(root, "devices/system/cpu/online", &s);

	if (ret)
		return ret;
	ret = cpulist_parse(s, out);
	free(s);
	return ret;
}

/* By family, in the table's order, then by location and name */
static int cmp_pmu(const void *x, const void *y)
{
	const struct pmu *a = x, *b = y;

	if (a->family != b->family)
		return pmu_family_index(a->family) < pmu_family_index(b->family) ? -1 : 1;
	if (a->socket != b->socket)
		return a->socket - b->socket;
	if (a->rc != b->rc)
		return a->rc - b->rc;
	if (a->die != b->die)
		return a->die - b->die;
	return vercmp(a->name, b->name);
}

void pmu_list_sort(struct pmu_list *l)
{
	if (l->n)
		qsort(l->v, l->n, sizeof(*l->v), cmp_pmu);
	if (l->index)
		l->index->v = NULL;	/* the same array, in another order */
}

struct pmu *pmu_list_add_named(struct pmu_list *l, const char *name)
{
	struct pmu *v = realloc(l->v, (l->n + 1) * sizeof(*v));

	if (!v)
		return NULL;
	l->v = v;
	v = &l->v[l->n];
	memset(v, 0, sizeof(*v));
	v->name = strdup(name);
	if (!v->name)
		return NULL;
	v->attrs.type = -1;
	pmu_family_decode(v);
	l->n++;
	return v;
}
