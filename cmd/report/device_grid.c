// SPDX-License-Identifier: GPL-2.0
/* stat --per-device's table: each device value in its cell, and the sums per RC and socket. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/report/device_grid.h"
#include "cmd/report/metric_prom.h"
#include "cmd/pmuctl.h"

void device_grid_free(struct grid *g)
{
	free(g->col);
	free(g->cell);
	free(g->running);
}

static size_t column_of(struct grid *g, const struct metric *m)
{
	size_t j = 0;

	while (j < g->nc && g->col[j] != m)
		j++;
	return j;
}

int device_grid_build(const struct render_ctx *c, const struct metric_value *v, size_t n, struct grid *g)
{
	*g = (struct grid){ .sort = -1 };
	g->col = calloc(n ? n : 1, sizeof(*g->col)); /* NOLINT(bugprone-sizeof-expression): an array of pointers */
	g->running = malloc((c->nrows ? c->nrows : 1) * sizeof(*g->running));
	if (!g->col || !g->running)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!v[i].device || column_of(g, v[i].m) != g->nc)
			continue;
		g->col[g->nc++] = v[i].m;
		g->link_columns |= v[i].m->link_dir != 0;
		g->destination_columns |= v[i].m->destination != DEST_NONE;
	}
	/* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
	g->cell = calloc((c->nrows ? c->nrows : 1) * (g->nc ? g->nc : 1), sizeof(*g->cell));
	if (!g->cell)
		return -1;
	/* a row none of whose values was counted ran for no known share: n/a, not 100% */
	for (size_t r = 0; r < c->nrows; r++)
		g->running[r] = NAN;
	for (size_t i = 0; i < n; i++) {
		size_t r = (size_t)v[i].device_index, j;

		if (!v[i].device || v[i].device_index < 0 || r >= c->nrows)
			continue;
		/* an n/a value says so in its cell: the row's share is its counted values' */
		if (!isnan(v[i].value))
			g->running[r] = fmin(g->running[r], v[i].running);
		j = column_of(g, v[i].m);
		if (!g->cell[r * g->nc + j])
			g->cell[r * g->nc + j] = &v[i];
	}
	for (size_t j = 0; c->sort && j < g->nc && g->sort < 0; j++)
		if (g->col[j] && !strcmp(g->col[j]->name, c->sort))
			g->sort = (int)j;
	if (c->sort && g->sort < 0)
		g->sort = device_grid_share_sort(c->sort);
	return 0;
}

int device_grid_share_sort(const char *name)
{
	return !strcmp(name, "to%") ? SORT_TO_DEVICE : !strcmp(name, "from%") ? SORT_FROM_DEVICE :
	       !strcmp(name, "remote%") ? SORT_REMOTE : -1;
}

const struct metric_value *device_grid_cell(const struct grid *g, size_t row, size_t col)
{
	return g->cell[row * g->nc + col];
}

/* Rates add up across devices; a latency or a ratio does not */
bool device_grid_additive(const struct metric *m)
{
	static const char *const units[] = { "GB/s", "MB/s", "1/s", "packets/s" };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(m->unit, units[i]))
			return true;
	return false;
}


void device_grid_subtotals_free(struct grid_subtotals *t)
{
	free(t->v);
	free(t->sums);
	free(t->haves);
}

/* A table of where each (socket, rc) sum is, over the rows' range: NULL when too large */
static size_t *subtotal_index(const struct render_ctx *c, size_t *width)
{
	int max_socket = -1, max_rc = -1;
	size_t cells, *at;

	for (size_t r = 0; r < c->nrows; r++) {
		max_socket = c->rows[r].socket > max_socket ? c->rows[r].socket : max_socket;
		max_rc = c->rows[r].rc > max_rc ? c->rows[r].rc : max_rc;
	}
	/* rc -1 (a socket's sum) is column 0 */
	*width = (size_t)max_rc + 2;
	cells = ((size_t)max_socket + 1) * *width;
	if (max_socket < 0 || cells > (1u << 20))
		return NULL;
	at = malloc(cells * sizeof(*at));
	for (size_t i = 0; at && i < cells; i++)
		at[i] = SIZE_MAX;
	return at;
}

/* Where (socket, rc)'s sum is: its index slot's, else a search of the sums; t->n: a new one */
static size_t subtotal_at(const struct grid_subtotals *t, const size_t *slot, int socket, int rc)
{
	size_t k = 0;

	if (slot)
		return *slot != SIZE_MAX ? *slot : t->n;
	while (k < t->n && (t->v[k].socket != socket || t->v[k].rc != rc))
		k++;
	return k;
}

/*
 * The sums per socket (and RC, of the rows that have one: a port's own PMU's rows have only a
 * socket sum), found by an index: a search of every sum for each new one was quadratic in RCs
 */
int device_grid_subtotals(const struct render_ctx *c, const struct grid *g, bool per_rc, struct grid_subtotals *t)
{
	size_t nc = g->nc ? g->nc : 1, width, *at = subtotal_index(c, &width);

	*t = (struct grid_subtotals){ 0 };
	/* the cells not zeroed: a sum's are zeroed when it is made, and there are far fewer sums than rows */
	t->v = calloc(c->nrows ? c->nrows : 1, sizeof(*t->v));
	t->sums = malloc((c->nrows ? c->nrows : 1) * nc * sizeof(*t->sums));
	t->haves = malloc((c->nrows ? c->nrows : 1) * nc * sizeof(*t->haves));
	if (!t->v || !t->sums || !t->haves) {
		free(at);
		return -1;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		const struct device_row *row = &c->rows[r];
		int rc = per_rc ? row->rc : -1;
		size_t *slot, k;

		if (row->socket < 0 || (per_rc && row->rc < 0))
			continue;
		slot = at ? &at[(size_t)row->socket * width + (size_t)(rc + 1)] : NULL;
		k = subtotal_at(t, slot, row->socket, rc);
		if (k == t->n) {
			t->v[t->n++] = (struct grid_subtotal){ .socket = row->socket, .rc = rc,
							  .sum = &t->sums[k * nc], .have = &t->haves[k * nc] };
			memset(t->v[k].sum, 0, nc * sizeof(*t->sums));
			memset(t->v[k].have, 0, nc * sizeof(*t->haves));
		}
		if (slot)
			*slot = k;
		t->v[k].devices++;
		for (size_t j = 0; j < g->nc; j++) {
			const struct metric_value *x = device_grid_cell(g, r, j);

			/* sum and have of v[k] are these */
			if (x && !isnan(x->value)) {
				t->sums[k * nc + j] += x->value;
				t->haves[k * nc + j]++;
			}
		}
	}
	free(at);
	return 0;
}

/* The share of a device's traffic, over every destination column, that goes to the remote socket */
double device_grid_remote_share(const struct grid *g, size_t row)
{
	struct destination_sum sum = { 0 };

	for (size_t j = 0; j < g->nc; j++) {
		const struct metric_value *x = device_grid_cell(g, row, j);

		if (x)
			destination_add(&sum, x);
		else
			sum.missing |= g->col[j]->destination != DEST_NONE;
	}
	return destination_remote_share(&sum);
}

/*
 * A device's traffic in one direction of its link (dir 1 toward it, -1 from it) over what the
 * trained link carries: NaN when a part was not counted, the link is down, or no metric has it
 */
/* Column j is a name every family shares, and its family's own metric of that direction is a column too */
static bool own_beside(const struct grid *g, size_t j)
{
	for (size_t k = 0; g->col[j]->across && k < g->nc; k++)
		if (!g->col[k]->across && g->col[k]->link_dir == g->col[j]->link_dir &&
		    !strcmp(g->col[k]->family, g->col[j]->family))
			return true;
	return false;
}

double device_grid_link_share(const struct grid *g, size_t row, const struct device_row *r, int dir)
{
	double cap = pcilink_bytes_per_second(&r->link), sum = 0;
	bool any = false;

	for (size_t j = 0; j < g->nc && cap > 0; j++) {
		const struct metric_value *x = device_grid_cell(g, row, j);

		if (g->col[j]->link_dir != dir || own_beside(g, j))
			continue;
		if (!x || isnan(x->value))
			return NAN;
		sum += x->value * metric_prom_scale(g->col[j]);	/* in bytes per second */
		any = true;
	}
	return any ? sum / cap : NAN;
}

