// SPDX-License-Identifier: GPL-2.0
/*
 * Sum counts over a scope, then apply the formula once: the way averages stay right. The
 * samples are grouped into values by sorting their keys, numbers all: which metric, which
 * device and PMU, which socket or instance.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/metrics/metric_eval.h"
#include "pmu/metrics/mexpr.h"

const char *metric_scope_name(enum metric_scope s)
{
	return s == SCOPE_PMU ? "pmu" : s == SCOPE_SOCKET ? "socket" : "total";
}

/* What a sample sums into at its scope: equal keys, one value */
struct key {
	size_t rank;		/* its metric's first sample: metrics keep their order */
	int device;		/* a --device function's samples are a value of their own: -1 none */
	uintptr_t pmu;		/* with a device, the PMU (PCIE-TGT's BARs of one device sum) */
	long part;		/* the instance (SCOPE_PMU), the socket, or 0 for the total */
	size_t i;		/* the sample: the first of equal keys leads */
};

typedef int sort_cmp(const void *a, const void *b, void *arg);

/* qsort_r, after a look whether the order is already there: each interval's samples mostly are */
static void sort_unless_sorted(void *base, size_t n, size_t size, sort_cmp *cmp, void *arg)
{
	const char *p = base;

	for (size_t i = 1; i < n; i++)
		if (cmp(p + (i - 1) * size, p + i * size, arg) > 0) {
			qsort_r(base, n, size, cmp, arg);
			return;
		}
}

static int by_metric(const void *a, const void *b, void *p)
{
	const struct metric_sample *s = p;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (s[x].m != s[y].m)
		return (uintptr_t)s[x].m < (uintptr_t)s[y].m ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Per sample, the index of its metric's first sample */
static size_t *metric_ranks(const struct metric_sample *s, size_t n)
{
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx)), *rank = malloc((n ? n : 1) * sizeof(*rank));

	if (!idx || !rank) {
		free(idx);
		free(rank);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	sort_unless_sorted(idx, n, sizeof(*idx), by_metric, (void *)s);
	for (size_t k = 0, first = 0; k < n; k++) {
		if (!k || s[idx[k]].m != s[idx[k - 1]].m)
			first = idx[k];
		rank[idx[k]] = first;
	}
	free(idx);
	return rank;
}

static struct key key_of(const struct metric_sample *s, size_t i, size_t rank, enum metric_scope scope)
{
	enum metric_scope at = s[i].m->total_only ? SCOPE_TOTAL : scope;
	struct key k = { .rank = rank, .device = -1, .i = i };

	if (s[i].device) {
		k.device = s[i].device_index;
		k.pmu = (uintptr_t)s[i].pmu;
	} else if (at == SCOPE_PMU) {
		k.part = (long)i;
	} else if (at == SCOPE_SOCKET) {
		k.part = s[i].socket;
	}
	return k;
}

static int cmp_group(const struct key *x, const struct key *y)
{
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->device != y->device)
		return x->device < y->device ? -1 : 1;
	if (x->pmu != y->pmu)
		return x->pmu < y->pmu ? -1 : 1;
	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	return 0;
}

static int by_group(const void *a, const void *b, void *arg)
{
	const struct key *x = a, *y = b;

	(void)arg;
	return cmp_group(x, y) ?: (x->i < y->i ? -1 : x->i > y->i);
}

/* A value's group: its keys k[from..to), the lead first */
struct group {
	size_t rank, lead, from, to;
};

static int by_lead(const void *a, const void *b, void *arg)
{
	const struct group *x = a, *y = b;

	(void)arg;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->lead < y->lead ? -1 : x->lead > y->lead;
}

/* The value's labels, from its lead sample */
static struct metric_value value_of(const struct metric_sample *l, enum metric_scope scope)
{
	struct metric_value v = { .m = l->m, .scope = l->m->total_only ? SCOPE_TOTAL : scope,
				  .socket = -1, .rc = -1, .channel = -1, .device_index = -1 };

	if (l->device)
		v.scope = SCOPE_PMU;
	if (v.scope == SCOPE_PMU) {
		v.pmu = l->pmu;
		v.rc = l->rc;
		v.channel = l->channel;
		v.device = l->device;
		v.device_index = l->device ? l->device_index : -1;
	}
	if (v.scope != SCOPE_TOTAL)
		v.socket = l->socket;
	return v;
}

static bool is_clock(const struct metric_sample *s, size_t k)
{
	return s->clock ? s->clock[k] : metric_name_is_clock(s->ev[k]);
}

/*
 * Sum the group's present samples (a clock is averaged: every instance counts the same one),
 * then the formula, bound to the sums by index
 */
static int eval_group(const struct metric_sample *s, const struct key *k, const struct group *g,
		      double duration, struct metric_value *v)
{
	const struct metric_sample *l = &s[g->lead];
	double sum[MEXPR_NAMES_MAX], clk = 0;
	size_t nev = l->nev < MEXPR_NAMES_MAX ? l->nev : MEXPR_NAMES_MAX;
	struct mexpr *own = NULL;
	int nclk = 0;

	v->multiplexed = false;
	v->running = 1;
	v->together = true;
	v->instances = 0;
	for (size_t j = 0; j < nev; j++)
		sum[j] = 0;
	for (size_t x = g->from; x < g->to; x++) {
		const struct metric_sample *m = &s[k[x].i];

		if (m->absent)
			continue;
		v->instances++;
		v->multiplexed |= m->multiplexed;
		v->running = fmin(v->running, m->running);
		v->together &= m->grouped || !m->multiplexed;
		if (!isnan(m->hw_clk_freq)) {
			clk += m->hw_clk_freq;
			nclk++;
		}
		/* one metric's samples share its formula's names, in one order */
		for (size_t j = 0; j < nev && j < m->nev; j++)
			sum[j] += m->count[j];	/* NaN stays NaN: n/a */
	}
	for (size_t j = 0; j < nev; j++) {
		if (!v->instances)
			sum[j] = NAN;
		else if (is_clock(l, j))
			sum[j] /= v->instances;
	}
	if (!l->expr) {
		struct err_report err;

		if (mexpr_parse(l->m->expr, &own, &err))
			return 0;	/* checked when loaded: cannot happen for listed metrics */
		mexpr_bind(own, l->ev, nev);
	}
	v->value = mexpr_eval_bound(l->expr ? l->expr : own, sum, duration, nclk ? clk / nclk : NAN);
	mexpr_free(own);
	return 0;
}

int metric_evaluate(const struct metric_sample *s, size_t n, enum metric_scope scope, double duration,
		    struct metric_value **out, size_t *nout)
{
	size_t *rank = metric_ranks(s, n), ng = 0;
	struct key *k = malloc((n ? n : 1) * sizeof(*k));
	struct group *g = malloc((n ? n : 1) * sizeof(*g));
	int ret = 0;

	*out = NULL;
	*nout = 0;
	if (!rank || !k || !g) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		k[i] = key_of(s, i, rank[i], scope);
	sort_unless_sorted(k, n, sizeof(*k), by_group, NULL);
	for (size_t x = 0; x < n; x++) {
		if (x && !cmp_group(&k[x], &k[x - 1])) {
			g[ng - 1].to = x + 1;
			continue;
		}
		g[ng++] = (struct group){ .rank = k[x].rank, .lead = k[x].i, .from = x, .to = x + 1 };
	}
	sort_unless_sorted(g, ng, sizeof(*g), by_lead, NULL);
	/* not zeroed: every value is set below, and a report makes this array every interval */
	*out = malloc((ng ? ng : 1) * sizeof(**out));
	if (!*out) {
		ret = -ENOMEM;
		goto out;
	}
	for (size_t x = 0; x < ng; x++) {
		(*out)[x] = value_of(&s[g[x].lead], scope);
		eval_group(s, k, &g[x], duration, &(*out)[x]);
	}
	*nout = ng;
out:
	free(rank);
	free(k);
	free(g);
	return ret;
}

void destination_add(struct destination_sum *s, const struct metric_value *v)
{
	if (v->m->destination == DEST_NONE)
		return;
	s->missing |= isnan(v->value);
	s->all += v->value;
	s->remote += v->m->destination == DEST_REMOTE ? v->value : 0;
}

double destination_remote_share(const struct destination_sum *s)
{
	return !s->missing && s->all > 0 ? s->remote / s->all : NAN;
}
