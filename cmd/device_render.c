// SPDX-License-Identifier: GPL-2.0
/* stat --per-device: a row per device, its -M values as columns, then RC and socket sums. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lib/csv.h"
#include "cmd/pmuctl.h"
#include "cmd/stat.h"

#define MAX_COLUMNS 16

/* The metrics that have a device value, in the order they come */
static size_t columns(const struct metric_value *v, size_t n, const struct metric **col)
{
	size_t nc = 0;

	for (size_t i = 0; i < n; i++) {
		bool seen = !v[i].device;

		for (size_t k = 0; k < nc && !seen; k++)
			seen = col[k] == v[i].m;
		if (!seen && nc < MAX_COLUMNS)
			col[nc++] = v[i].m;
	}
	return nc;
}

static const struct metric_value *cell(const struct metric_value *v, size_t n, const char *bdf,
				       const struct metric *m)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].m == m && v[i].device && !strcmp(v[i].device, bdf))
			return &v[i];
	return NULL;
}

/* The lowest running share of a device's values: below 1 when its groups took turns */
static double running_of(const struct metric_value *v, size_t n, const char *bdf)
{
	double r = 1;

	for (size_t i = 0; i < n; i++)
		if (v[i].device && !strcmp(v[i].device, bdf))
			r = fmin(r, v[i].running);
	return r;
}

/* Rates add up across devices; a latency or a ratio does not */
static bool additive(const struct metric *m)
{
	static const char *const units[] = { "GB/s", "MB/s", "1/s", "packets/s" };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(m->unit, units[i]))
			return true;
	return false;
}

/* A subtotal: the rows of socket (and rc, unless -1) */
struct subtotal {
	int socket, rc;
	size_t devices;
	double sum[MAX_COLUMNS];
	size_t have[MAX_COLUMNS];	/* devices with a value: none, n/a */
};

static size_t subtotals(const struct render_ctx *c, const struct metric_value *v, size_t n,
			const struct metric **col, size_t nc, bool per_rc, struct subtotal *out, size_t max)
{
	size_t ns = 0;

	for (size_t r = 0; r < c->nrows; r++) {
		const struct device_row *row = &c->rows[r];
		int rc = per_rc ? row->rc : -1;
		size_t k = 0;

		if (row->socket < 0)
			continue;
		while (k < ns && (out[k].socket != row->socket || out[k].rc != rc))
			k++;
		if (k == ns) {
			if (ns == max)
				continue;
			out[ns++] = (struct subtotal){ .socket = row->socket, .rc = rc };
		}
		out[k].devices++;
		for (size_t j = 0; j < nc; j++) {
			const struct metric_value *x = cell(v, n, row->bdf, col[j]);

			if (x && !isnan(x->value)) {
				out[k].sum[j] += x->value;
				out[k].have[j]++;
			}
		}
	}
	return ns;
}

/* The rows in the order shown: topology order, or --sort's value highest first, n/a last */
struct sort_ctx {
	const struct render_ctx *c;
	const struct metric_value *v;
	size_t n;
};

static double sort_key(const struct sort_ctx *sc, size_t r)
{
	for (size_t i = 0; i < sc->n; i++)
		if (sc->v[i].device && !strcmp(sc->v[i].device, sc->c->rows[r].bdf) &&
		    !strcmp(sc->v[i].m->name, sc->c->sort))
			return isnan(sc->v[i].value) ? -INFINITY : sc->v[i].value;
	return -INFINITY;
}

static int by_value(const void *a, const void *b, void *p)
{
	double x = sort_key(p, *(const size_t *)a), y = sort_key(p, *(const size_t *)b);

	if (x != y)
		return x > y ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;	/* stable: topology order */
}

static size_t *row_order(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	struct sort_ctx sc = { c, v, n };
	size_t *order = calloc(c->nrows ? c->nrows : 1, sizeof(*order));

	for (size_t r = 0; order && r < c->nrows; r++)
		order[r] = r;
	if (order && c->sort)
		qsort_r(order, c->nrows, sizeof(*order), by_value, &sc);
	return order;
}

/* top: 20 cells of '#' for the row's share of the busiest row, in the sort column (or the first) */
static void bar_text(FILE *f, const struct render_ctx *c, const struct metric_value *v, size_t n,
		     const char *bdf)
{
	const struct metric *m = NULL;
	double max = 0, mine = 0;
	int cells;

	for (size_t i = 0; i < n && !m; i++)
		if (v[i].device && (!c->sort || !strcmp(v[i].m->name, c->sort)))
			m = v[i].m;
	for (size_t i = 0; m && i < n; i++) {
		if (v[i].m != m || !v[i].device || isnan(v[i].value))
			continue;
		max = fmax(max, v[i].value);
		if (!strcmp(v[i].device, bdf))
			mine = v[i].value;
	}
	cells = max > 0 ? (int)lround(20 * mine / max) : 0;
	fprintf(f, "%.*s%*s  ", cells, "####################", 20 - cells, "");
}

static void value_text(FILE *f, const struct metric_value *x, int width)
{
	char num[64];

	if (!x || isnan(x->value))
		fprintf(f, " %*s", width, "n/a");
	else
		fprintf(f, " %*s", width, human_number(x->value, x->value >= 100 ? 2 : 4, num, sizeof(num)));
}

static int width_of(const struct metric *m)
{
	int w = (int)strlen(m->name);

	return w < 12 ? 12 : w;
}

static void subtotal_text(FILE *f, const struct subtotal *s, const struct metric **col, size_t nc)
{
	char label[64], num[64];

	if (s->rc >= 0)
		snprintf(label, sizeof(label), "socket %d rc %d", s->socket, s->rc);
	else
		snprintf(label, sizeof(label), "socket %d", s->socket);
	fprintf(f, "  %-29s", label);
	for (size_t j = 0; j < nc; j++) {
		if (!additive(col[j]))
			fprintf(f, " %*s", width_of(col[j]), "-");
		else if (!s->have[j])
			fprintf(f, " %*s", width_of(col[j]), "n/a");
		else
			fprintf(f, " %*s", width_of(col[j]),
				human_number(s->sum[j], s->sum[j] >= 100 ? 2 : 4, num, sizeof(num)));
	}
	fprintf(f, "  %zu device%s\n", s->devices, s->devices == 1 ? "" : "s");
}

static void table_text(const struct render_ctx *c, const struct metric_value *v, size_t n,
		       const struct metric **col, size_t nc, const size_t *order)
{
	struct subtotal st[64];
	FILE *f = c->f;
	size_t ns;

	fprintf(f, "\n Per device (%.3f s; values in", c->time_s);
	for (size_t j = 0; j < nc; j++)
		fprintf(f, "%s %s", j ? "," : "", col[j]->unit);
	fprintf(f, "):\n\n  %-12s %2s %2s %2s %-6s", "device", "s", "rc", "rp", "method");
	for (size_t j = 0; j < nc; j++)
		fprintf(f, " %*s", width_of(col[j]), col[j]->name);
	fprintf(f, " %7s  %s\n", "running", c->bars ? "share of the busiest, name" : "name");
	for (size_t i = 0; order && c->view <= VIEW_DEVICES && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		fprintf(f, "  %-12s %2d %2d %2d %-6s", row->bdf, row->socket, row->rc, row->rp,
			row->method ? row->method : "-");
		for (size_t j = 0; j < nc; j++)
			value_text(f, cell(v, n, row->bdf, col[j]), width_of(col[j]));
		fprintf(f, " %6.1f%%  ", 100 * running_of(v, n, row->bdf));
		if (c->bars)
			bar_text(f, c, v, n, row->bdf);
		fprintf(f, "%s\n", row->name);
	}
	if (c->view == VIEW_ALL)
		fputc('\n', f);
	ns = subtotals(c, v, n, col, nc, true, st, sizeof(st) / sizeof(st[0]));
	for (size_t k = 0; (c->view == VIEW_ALL || c->view == VIEW_RC) && k < ns; k++)
		subtotal_text(f, &st[k], col, nc);
	ns = subtotals(c, v, n, col, nc, false, st, sizeof(st) / sizeof(st[0]));
	for (size_t k = 0; (c->view == VIEW_ALL || c->view == VIEW_SOCKET) && k < ns; k++)
		subtotal_text(f, &st[k], col, nc);
	if (c->view == VIEW_ALL)
		fputc('\n', f);
}

static json_t *values_json(const struct metric_value *v, size_t n, const char *bdf,
			   const struct metric **col, size_t nc)
{
	json_t *o = json_object();

	for (size_t j = 0; j < nc; j++) {
		const struct metric_value *x = cell(v, n, bdf, col[j]);

		json_object_set_new(o, col[j]->name,
				    x && !isnan(x->value) ? json_real(x->value) : json_null());
	}
	return o;
}

static void table_json(const struct render_ctx *c, const struct metric_value *v, size_t n,
		       const struct metric **col, size_t nc, const size_t *order)
{
	json_t *devices = json_array(), *sums = json_array();
	struct subtotal st[64];

	for (size_t i = 0; order && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		json_array_append_new(devices, json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:i, s:f, s:o}",
							 "device", row->bdf, "name", row->name,
							 "socket", json_int_or_null(row->socket),
							 "rc", json_int_or_null(row->rc),
							 "root_port", json_int_or_null(row->rp),
							 "method", json_text(row->method),
							 "target_bars", (int)row->nbars,
							 "running_pct", 100 * running_of(v, n, row->bdf),
							 "values", values_json(v, n, row->bdf, col, nc)));
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		size_t ns = subtotals(c, v, n, col, nc, per_rc, st, sizeof(st) / sizeof(st[0]));

		for (size_t k = 0; k < ns; k++) {
			json_t *vals = json_object();

			for (size_t j = 0; j < nc; j++)
				json_object_set_new(vals, col[j]->name,
						    additive(col[j]) && st[k].have[j] ? json_real(st[k].sum[j])
										      : json_null());
			json_array_append_new(sums, json_pack("{s:i, s:o, s:i, s:o}", "socket", st[k].socket,
							      "rc", json_int_or_null(st[k].rc), "devices",
							      (int)st[k].devices, "values", vals));
		}
	}
	json_object_set_new(c->record, "devices", devices);
	json_object_set_new(c->record, "subtotals", sums);
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
static void table_csv(const struct render_ctx *c, const struct metric_value *v, size_t n,
		      const struct metric **col, size_t nc, const size_t *order)
{
	static const char *const head[] = { "kind", "device", "name", "socket", "rc", "root_port",
					     "method", "target_bars", "running_pct" };
	struct csv w = { .f = c->f, .sep = c->sep };
	struct subtotal st[64];

	if (c->first) {
		if (c->interval)
			csv_str(&w, "time");
		for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
			csv_str(&w, head[i]);
		for (size_t j = 0; j < nc; j++)
			csv_fmt(&w, "%s (%s)", col[j]->name, col[j]->unit);
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
		csv_str(&w, row->method ? row->method : "");
		csv_fmt(&w, "%zu", row->nbars);
		csv_fmt(&w, "%.2f", 100 * running_of(v, n, row->bdf));
		for (size_t j = 0; j < nc; j++) {
			const struct metric_value *x = cell(v, n, row->bdf, col[j]);

			csv_value(&w, x ? x->value : NAN, x != NULL);
		}
		csv_end(&w);
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		size_t ns = subtotals(c, v, n, col, nc, per_rc, st, sizeof(st) / sizeof(st[0]));

		for (size_t k = 0; k < ns; k++) {
			if (c->interval)
				csv_fmt(&w, "%.9f", c->time_s);
			csv_str(&w, per_rc ? "rc" : "socket");
			csv_str(&w, "");
			csv_str(&w, "");
			csv_int_or_empty(&w, st[k].socket);
			csv_int_or_empty(&w, st[k].rc);
			csv_str(&w, "");
			csv_str(&w, "");
			csv_fmt(&w, "%zu", st[k].devices);
			csv_str(&w, "");
			for (size_t j = 0; j < nc; j++)
				csv_value(&w, st[k].sum[j], additive(col[j]) && st[k].have[j]);
			csv_end(&w);
		}
	}
}

void render_device_table(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	const struct metric *col[MAX_COLUMNS];
	size_t nc = columns(v, n, col);
	size_t *order = row_order(c, v, n);

	if (c->face == FACE_JSON)
		table_json(c, v, n, col, nc, order);
	else if (c->face == FACE_TEXT)
		table_text(c, v, n, col, nc, order);
	else if (c->face == FACE_CSV)
		table_csv(c, v, n, col, nc, order);
	free(order);
	fflush(c->f);
}
