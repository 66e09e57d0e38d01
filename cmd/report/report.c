// SPDX-License-Identifier: GPL-2.0
/* A report's values in its face: evaluated once, then the face's records; and what faces share. */
#include <math.h>
#include <stdlib.h>
#include "cmd/report/device_grid.h"
#include "cmd/report/report.h"
#include "pmu/repeat.h"

double report_running_pct(const struct tally_row *r)
{
	if (!r->enabled)
		return r->state == COUNT_OK ? 100.0 : 0.0;
	return 100.0 * (double)r->running / (double)r->enabled;
}

/* perf's words in the table and CSV ("<not counted>"); identifiers in JSON ("not_counted") */
const char *report_state_name(enum count_state s, bool json)
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

/* Whether the row's count is the counters' own sum, not an estimate scaled for multiplexing */
bool report_exact(const struct tally_row *r)
{
	return r->running >= r->enabled;
}

/* -r: the noise of row i of the averaged runs, perf's "variance"; NULL when not averaged */
const struct run_stats *report_row_noise(const struct render_ctx *c, size_t i)
{
	return c->runs && i < c->runs->nrow ? &c->runs->rows[i] : NULL;
}

struct sorting {
	const struct render_ctx *c;
	const struct grid *g;
};

/* The rows in the order shown: topology order, or --sort's value highest first, n/a last */
static double sort_key(const struct sorting *s, size_t r)
{
	const struct grid *g = s->g;
	const struct metric_value *x = g->sort >= 0 ? device_grid_cell(g, r, (size_t)g->sort) : NULL;
	double v = x ? x->value : NAN;

	if (g->sort == SORT_TO_DEVICE || g->sort == SORT_FROM_DEVICE)
		v = device_grid_link_share(g, r, &s->c->rows[r], g->sort == SORT_TO_DEVICE ? 1 : -1);
	else if (g->sort == SORT_REMOTE)
		v = device_grid_remote_share(g, r);
	return isnan(v) ? -INFINITY : v;
}

static int by_value(const void *a, const void *b, void *p)
{
	double x = sort_key(p, *(const size_t *)a), y = sort_key(p, *(const size_t *)b);

	if (x != y)
		return x > y ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;	/* stable: topology order */
}

static size_t *row_order(const struct render_ctx *c, const struct grid *g)
{
	size_t *order = calloc(c->nrows ? c->nrows : 1, sizeof(*order));
	struct sorting s = { c, g };

	for (size_t r = 0; order && r < c->nrows; r++)
		order[r] = r;
	if (order && c->sort)
		qsort_r(order, c->nrows, sizeof(*order), by_value, &s);
	return order;
}

/* --per-device's table in the face: the grid of values, its rows in order */
static void devices(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	struct grid g;
	size_t *order = device_grid_build(c, v, n, &g) ? NULL : row_order(c, &g);

	if (order)
		c->ops->devices(c, &g, order);
	free(order);
	device_grid_free(&g);
}

/* Metrics take the scopes of counts: -A is --per-pmu, as no metric is per CPU */
static enum metric_scope metric_scope_of(enum tally_aggr aggr)
{
	switch (aggr) {
	case AGGR_PMU:
	case AGGR_NONE:
		return SCOPE_PMU;
	case AGGR_SOCKET:
		return SCOPE_SOCKET;
	default:
		return SCOPE_TOTAL;
	}
}

int report_values(const struct render_ctx *c, const struct metric_sample *samples, size_t n, double duration)
{
	struct metric_value *vals = NULL;
	size_t nvals = 0;
	int ret = metric_evaluate(samples, n, metric_scope_of(c->aggr), duration, &vals, &nvals);

	if (ret)
		return ret;
	if (c->plan && c->ops->metrics_inline) {
		c->ops->metrics_inline(c, vals, nvals, duration);
	} else if (c->iostat) {
		if (c->ops->iostat)
			c->ops->iostat(c, vals, nvals, duration);
	} else {
		/* --per-device: the table in text, -x and CSV, beside the metric records in JSON */
		if (c->rows && c->ops->devices)
			devices(c, vals, nvals);
		if (!c->rows || !c->ops->devices || c->ops->devices_beside_metrics)
			c->ops->metrics(c, vals, nvals);
	}
	free(vals);
	fflush(c->f);
	return 0;
}
