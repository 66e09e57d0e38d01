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

/* The samples of metric m with socket sock (-2: any), summed into one lookup context */
static double eval_scope(const struct metric_sample *s, size_t n, const struct metric *m,
			 int sock, double duration, struct mexpr *e, bool *mux, int *inst)
{
	const char *names[MEXPR_NAMES_MAX];
	double sum[MEXPR_NAMES_MAX] = { 0 }, clk = 0;
	int used[MEXPR_NAMES_MAX] = { 0 }, nclk = 0;
	size_t nn = mexpr_names(e, names, MEXPR_NAMES_MAX);
	struct lookup_ctx ctx = { .ev = names, .count = sum, .nev = nn < MEXPR_NAMES_MAX ? nn : MEXPR_NAMES_MAX,
				  .duration = duration, .hw_clk_freq = NAN };

	*mux = false;
	*inst = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i].m != m || (sock != -2 && s[i].socket != sock))
			continue;
		(*inst)++;
		*mux |= s[i].multiplexed;
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

static bool seen_before(const struct metric_sample *s, size_t i, int sock)
{
	for (size_t k = 0; k < i; k++)
		if (s[k].m == s[i].m && (sock == -2 || s[k].socket == sock))
			return true;
	return false;
}

int metric_evaluate(const struct metric_sample *s, size_t n, double duration,
		    struct metric_value **out, size_t *nout)
{
	struct pmu_err err;
	int ret = 0;

	*out = NULL;
	*nout = 0;
	for (size_t i = 0; i < n && !ret; i++) {
		const struct metric *m = s[i].m;
		struct mexpr *e;
		int total = 0, sockets = 0;

		if (seen_before(s, i, -2))
			continue;
		if (mexpr_parse(m->expr, &e, &err))
			continue;	/* checked when loaded: cannot happen for listed metrics */
		for (size_t k = i; k < n; k++) {
			if (s[k].m != m)
				continue;
			total++;
			if (s[k].socket >= 0 && !seen_before(s, k, s[k].socket))
				sockets++;
		}
		for (size_t k = i; k < n && !ret && !m->total_only; k++) {
			struct metric_value v = { .m = m, .scope = SCOPE_PMU, .pmu = s[k].pmu,
						  .socket = s[k].socket, .rc = s[k].rc,
						  .device = s[k].device };
			if (s[k].m != m)
				continue;
			v.value = eval_scope(&s[k], 1, m, -2, duration, e, &v.multiplexed, &v.instances);
			ret = push(out, nout, &v);
		}
		/* a socket value where a socket has several instances, or there are several sockets */
		for (size_t k = i; k < n && !ret && !m->total_only && total > 1; k++) {
			struct metric_value v = { .m = m, .scope = SCOPE_SOCKET, .socket = s[k].socket,
						  .rc = -1 };

			if (s[k].m != m || s[k].socket < 0 || seen_before(s, k, s[k].socket))
				continue;
			v.value = eval_scope(s, n, m, s[k].socket, duration, e, &v.multiplexed,
					     &v.instances);
			if (v.instances > 1 || sockets > 1)
				ret = push(out, nout, &v);
		}
		if (!ret && (total > 1 || m->total_only)) {
			struct metric_value v = { .m = m, .scope = SCOPE_TOTAL, .socket = -1, .rc = -1 };

			v.value = eval_scope(s, n, m, -2, duration, e, &v.multiplexed, &v.instances);
			ret = push(out, nout, &v);
		}
		mexpr_free(e);
	}
	return ret;
}
