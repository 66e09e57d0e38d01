// SPDX-License-Identifier: GPL-2.0
/* stat --per-device as JSON: schemas/stat.schema.json's devices and subtotals. */
#include <math.h>
#include <jansson.h>
#include "cmd/report/device_grid.h"
#include "cmd/pmuctl.h"

static json_t *share_json(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

/* Its link and how full each direction is: schemas/stat.schema.json */
static json_t *link_json(const struct grid *g, size_t row, const struct device_row *r)
{
	double cap = pcilink_bytes_per_second(&r->link);

	if (!r->link.present)
		return json_null();
	return json_pack("{s:o, s:i, s:o, s:o, s:o, s:o}", "speed_gts",
			 r->link.speed && pcilink_gts(r->link.speed) ? json_real(pcilink_gts(r->link.speed)) : json_null(),
			 "width", r->link.width, "downtrained",
			 r->link.downtrained < 0 ? json_null() : json_boolean(r->link.downtrained == 1),
			 "bytes_per_second", cap > 0 ? json_real(cap) : json_null(),
			 "to_device", share_json(device_grid_link_share(g, row, r, 1)),
			 "from_device", share_json(device_grid_link_share(g, row, r, -1)));
}

static json_t *values_json(const struct grid *g, size_t row)
{
	json_t *o = json_object();

	for (size_t j = 0; j < g->nc; j++) {
		const struct metric_value *x = device_grid_cell(g, row, j);

		json_object_set_new(o, g->col[j]->name,
				    x && !isnan(x->value) ? json_real(x->value) : json_null());
	}
	return o;
}

void device_json_table(const struct render_ctx *c, const struct grid *g, const size_t *order)
{
	json_t *devices = json_array(), *sums = json_array();

	for (size_t i = 0; order && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		json_array_append_new(devices, json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:i, s:o, s:o, s:o, s:o, s:o}",
							 "device", row->bdf, "name", row->name,
							 "socket", jout_int_or_null(row->socket),
							 "rc", jout_int_or_null(row->rc),
							 "rp", jout_int_or_null(row->rp),
							 "root_port", jout_text(*row->root_port ? row->root_port : NULL),
							 "method", jout_text(row->method),
							 "target_bars", (int)row->nbars,
							 "running_pct", share_json(100 * g->running[order[i]]),
							 "coverage", share_json(g->running[order[i]]),
							 "values", values_json(g, order[i]),
							 "link", link_json(g, order[i], row),
							 "remote_share", g->destination_columns ?
							 share_json(device_grid_remote_share(g, order[i])) : json_null()));
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct grid_subtotals st;

		int failed = device_grid_subtotals(c, g, per_rc, &st);

		for (size_t k = 0; !failed && k < st.n; k++) {
			json_t *vals = json_object();

			for (size_t j = 0; j < g->nc; j++)
				json_object_set_new(vals, g->col[j]->name,
						    device_grid_additive(g->col[j]) && st.v[k].have[j] ? json_real(st.v[k].sum[j])
											 : json_null());
			json_array_append_new(sums, json_pack("{s:i, s:o, s:i, s:o}", "socket", st.v[k].socket,
							      "rc", jout_int_or_null(st.v[k].rc), "devices",
							      (int)st.v[k].devices, "values", vals));
		}
		device_grid_subtotals_free(&st);
	}
	json_object_set_new(c->record, "devices", devices);
	json_object_set_new(c->record, "subtotals", sums);
}
