// SPDX-License-Identifier: GPL-2.0
/* stat --per-device as CSV (-x): a line per device, then per RC and socket sum. */
#include <math.h>
#include "lib/csv.h"
#include "cmd/report/device_grid.h"
#include "cmd/pmuctl.h"

/* What text and JSON show of a device's link beside its values, after them (names stay put) */
static const char *const link_head[] = { "link_gts", "link_width", "downtrained", "to_device_pct", "from_device_pct",
					  "remote_pct" };
#define LINK_FIELDS (sizeof(link_head) / sizeof(link_head[0]))

static void csv_share(struct csv *w, double share, bool applies)
{
	if (!applies)
		csv_str(w, "");
	else if (isnan(share))
		csv_str(w, "n/a");
	else
		csv_fmt(w, "%.2f", 100 * share);
}

static void link_fields(struct csv *w, const struct grid *g, size_t row, const struct device_row *r)
{
	const struct pcilink *l = &r->link;

	if (l->present && l->speed && pcilink_gts(l->speed))
		csv_fmt(w, "%g", pcilink_gts(l->speed));
	else
		csv_str(w, "");
	if (l->present)
		csv_fmt(w, "%u", l->width);
	else
		csv_str(w, "");
	csv_str(w, !l->present || l->downtrained < 0 ? "" : l->downtrained == 1 ? "yes" : "no");
	csv_share(w, g->link_columns ? device_grid_link_share(g, row, r, 1) : NAN, g->link_columns);
	csv_share(w, g->link_columns ? device_grid_link_share(g, row, r, -1) : NAN, g->link_columns);
	csv_share(w, g->destination_columns ? device_grid_remote_share(g, row) : NAN, g->destination_columns);
}

static void csv_value(struct csv *w, double v, bool have)
{
	if (have && !isnan(v))
		csv_fmt(w, "%.17g", v);
	else
		csv_str(w, "n/a");
}

/*
 * One line per device, then one per RC and per socket sum (kind "rc", "socket"; their
 * device fields empty); a column per metric. With -I, the time first, as stat's CSV has it.
 */
void device_csv_table(const struct render_ctx *c, const struct grid *g, const size_t *order)
{
	const struct metric *const *col = g->col;
	size_t nc = g->nc;
	static const char *const head[] = { "kind", "device", "name", "socket", "rc", "rp", "root_port",
					     "method", "target_bars", "devices", "running_pct" };
	struct csv w = { .f = c->f, .sep = c->sep };

	if (c->first) {
		if (c->interval)
			csv_str(&w, "time");
		for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
			csv_str(&w, head[i]);
		for (size_t j = 0; j < nc; j++)
			csv_fmt(&w, "%s (%s)", col[j]->name, col[j]->unit);
		for (size_t k = 0; k < LINK_FIELDS; k++)
			csv_str(&w, link_head[k]);
		csv_end(&w);
	}
	for (size_t i = 0; order && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		if (c->interval)
			csv_fmt(&w, "%.9f", c->time_s);
		csv_str(&w, "device");
		csv_str(&w, row->bdf);
		csv_str(&w, row->name);
		csv_int_or_empty(&w, row->socket);
		csv_int_or_empty(&w, row->rc);
		csv_int_or_empty(&w, row->rp);
		csv_str(&w, row->root_port);
		csv_str(&w, row->method ? row->method : "");
		csv_fmt(&w, "%zu", row->nbars);
		csv_str(&w, "");
		if (isnan(g->running[order[i]]))
			csv_str(&w, "");
		else
			csv_fmt(&w, "%.2f", 100 * g->running[order[i]]);
		for (size_t j = 0; j < nc; j++) {
			const struct metric_value *x = device_grid_cell(g, order[i], j);

			csv_value(&w, x ? x->value : NAN, x != NULL);
		}
		link_fields(&w, g, order[i], row);
		csv_end(&w);
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct grid_subtotals st;

		int failed = device_grid_subtotals(c, g, per_rc, &st);

		for (size_t k = 0; !failed && k < st.n; k++) {
			if (c->interval)
				csv_fmt(&w, "%.9f", c->time_s);
			csv_str(&w, per_rc ? "rc" : "socket");
			csv_str(&w, "");
			csv_str(&w, "");
			csv_int_or_empty(&w, st.v[k].socket);
			csv_int_or_empty(&w, st.v[k].rc);
			csv_str(&w, "");
			csv_str(&w, "");
			csv_str(&w, "");
			csv_str(&w, "");
			csv_fmt(&w, "%zu", st.v[k].devices);
			csv_str(&w, "");
			for (size_t j = 0; j < nc; j++)
				csv_value(&w, st.v[k].sum[j], device_grid_additive(col[j]) && st.v[k].have[j]);
			for (size_t f = 0; f < LINK_FIELDS; f++)
				csv_str(&w, "");
			csv_end(&w);
		}
		device_grid_subtotals_free(&st);
	}
}
