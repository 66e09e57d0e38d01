// SPDX-License-Identifier: GPL-2.0
/* Sum counts over a scope, then apply the formula once: the way averages stay right. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/metrics/metric_eval.h"
#include "pmu/metrics/mexpr.h"


struct lookup_ctx {
	const char **ev;
	double *count;
	size_t nev;
	double duration, hw_clk_freq;
};

static int lookup(const char *name, double *v, void *p)
{
	struct lookup_ctx *c = p;

	if (!strcmp(name, "duration_time")) {
		*v = c->duration;
		return 0;
	}
	if (!strcmp(name, "hw_clk_freq") && !isnan(c->hw_clk_freq)) {
		*v = c->hw_clk_freq;
		return 0;
	}
	for (size_t i = 0; i < c->nev; i++) {
		if (!strcmp(c->ev[i], name)) {
			*v = c->count[i];
			return isnan(*v) ? -ENOENT : 0;
		}
	}
	return -ENOENT;
}

const char *metric_scope_name(enum metric_scope s)
{
	return s == SCOPE_PMU ? "pmu" : s == SCOPE_SOCKET ? "socket" : "total";
}

static int push(struct metric_value **out, size_t *n, const struct metric_value *v)
{
	struct metric_value *a = realloc(*out, (*n + 1) * sizeof(**out));

	if (!a)
		return -ENOMEM;
	*out = a;
	a[(*n)++] = *v;
	return 0;
}

/*
 * Whether samples a and b sum into one value at scope: the samples of one PCI function
 * (--device) on one PMU are a value of their own (a PCIE-TGT sample per BAR), as is every
 * instance at SCOPE_PMU
 */
static bool same_value(const struct metric_sample *a, const struct metric_sample *b,
		       enum metric_scope scope)
{
	if (a->m != b->m)
		return false;
	if (a->device || b->device)
		return a->device && b->device && !strcmp(a->device, b->device) &&
		       !strcmp(a->pmu, b->pmu);
	if (scope == SCOPE_PMU)
		return a == b;
	return scope == SCOPE_TOTAL || a->socket == b->socket;
}

/* The samples that sum with lead at scope, summed into one lookup context */
static double eval_value(const struct metric_sample *s, size_t n, const struct metric_sample *lead,
			 enum metric_scope scope, double duration, struct mexpr *e, struct metric_value *v)
{
	const char *names[MEXPR_NAMES_MAX];
	double sum[MEXPR_NAMES_MAX] = { 0 }, clk = 0;
	int used[MEXPR_NAMES_MAX] = { 0 }, nclk = 0;
	size_t nn = mexpr_names(e, names, MEXPR_NAMES_MAX);
	struct lookup_ctx ctx = { .ev = names, .count = sum, .nev = nn < MEXPR_NAMES_MAX ? nn : MEXPR_NAMES_MAX,
				  .duration = duration, .hw_clk_freq = NAN };

	v->multiplexed = false;
	v->running = 1;
	v->instances = 0;
	for (size_t i = 0; i < n; i++) {
		if (!same_value(&s[i], lead, scope) || s[i].absent)
			continue;
		v->instances++;
		v->multiplexed |= s[i].multiplexed;
		v->running = fmin(v->running, s[i].running);
		if (!isnan(s[i].hw_clk_freq)) {
			clk += s[i].hw_clk_freq;
			nclk++;
		}
		for (size_t k = 0; k < ctx.nev; k++) {
			for (size_t j = 0; j < s[i].nev; j++) {
				if (strcmp(s[i].ev[j], names[k]))
					continue;
				sum[k] += s[i].count[j];	/* NaN stays NaN: n/a */
				used[k]++;
			}
		}
	}
	for (size_t k = 0; k < ctx.nev; k++) {
		if (!used[k])
			sum[k] = NAN;
		else if (metric_name_is_clock(names[k]))
			sum[k] /= used[k];
	}
	if (nclk)
		ctx.hw_clk_freq = clk / nclk;
	return mexpr_eval(e, lookup, &ctx);
}

/* Whether an earlier sample already gave the value sample i sums into */
static bool counted_before(const struct metric_sample *s, size_t i, enum metric_scope scope)
{
	for (size_t k = 0; k < i; k++)
		if (same_value(&s[k], &s[i], scope))
			return true;
	return false;
}

static bool metric_seen(const struct metric_sample *s, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (s[k].m == s[i].m)
			return true;
	return false;
}

/* The value of the samples that sum with s[lead] */
static struct metric_value value_of(const struct metric_sample *s, size_t lead, enum metric_scope scope)
{
	const struct metric_sample *l = &s[lead];
	struct metric_value v = { .m = l->m, .scope = scope, .socket = -1, .rc = -1, .channel = -1 };

	if (l->device)
		v.scope = SCOPE_PMU;
	if (v.scope == SCOPE_PMU) {
		v.pmu = l->pmu;
		v.rc = l->rc;
		v.channel = l->channel;
		v.device = l->device;
	}
	if (v.scope != SCOPE_TOTAL)
		v.socket = l->socket;
	return v;
}

int metric_evaluate(const struct metric_sample *s, size_t n, enum metric_scope scope, double duration,
		    struct metric_value **out, size_t *nout)
{
	struct pmu_err err;
	int ret = 0;

	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < n && !ret; i++) {
		const struct metric *m = s[i].m;
		enum metric_scope at = m->total_only ? SCOPE_TOTAL : scope;
		struct mexpr *e;

		if (metric_seen(s, i))
			continue;
		if (mexpr_parse(m->expr, &e, &err))
			continue;	/* checked when loaded: cannot happen for listed metrics */
		for (size_t k = i; k < n && !ret; k++) {
			struct metric_value v;

			if (s[k].m != m || counted_before(s, k, at))
				continue;
			v = value_of(s, k, at);
			v.value = eval_value(s, n, &s[k], at, duration, e, &v);
			ret = push(out, nout, &v);
		}
		mexpr_free(e);
	}
	return ret;
}
