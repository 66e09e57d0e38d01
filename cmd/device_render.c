// SPDX-License-Identifier: GPL-2.0
/* stat --per-device: a row per device, its -M values as columns, then RC and socket sums. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lib/csv.h"
#include "cmd/pmuctl.h"
#include "cmd/stat.h"

/*
 * The table's cells, found once per report: a device value's row is its --device index (the
 * rows are the devices, in order), its column its metric's place among the device metrics; no
 * name is compared per cell
 */
struct grid {
	const struct metric **col;	/* the metrics that have a device value, in the order they come */
	size_t nc;
	const struct metric_value **cell;	/* nrows * nc; NULL: no value */
	double *running;		/* per row: the lowest running share of its values that have one */
	int sort;			/* the --sort column, or -1 */
	bool link_columns;		/* a column is traffic on the devices' links: rows have its shares */
	bool destination_columns;	/* columns split it by destination: rows have a remote share */
};

static void grid_free(struct grid *g)
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

static int grid_build(const struct render_ctx *c, const struct metric_value *v, size_t n, struct grid *g)
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
		if (!strcmp(g->col[j]->name, c->sort))
			g->sort = (int)j;
	return 0;
}

static const struct metric_value *cell(const struct grid *g, size_t row, size_t col)
{
	return g->cell[row * g->nc + col];
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
	double *sum;		/* per column */
	size_t *have;		/* devices with a value: none, n/a */
};

struct subtotals {
	struct subtotal *v;
	size_t n;
	double *sums;
	size_t *haves;
};

static void subtotals_free(struct subtotals *t)
{
	free(t->v);
	free(t->sums);
	free(t->haves);
}

/* The sums per socket (and RC): rows come in topology order, so a row's is most often the last */
static int subtotals(const struct render_ctx *c, const struct grid *g, bool per_rc, struct subtotals *t)
{
	size_t nc = g->nc ? g->nc : 1;

	*t = (struct subtotals){ 0 };
	t->v = calloc(c->nrows ? c->nrows : 1, sizeof(*t->v));
	t->sums = calloc((c->nrows ? c->nrows : 1) * nc, sizeof(*t->sums));
	t->haves = calloc((c->nrows ? c->nrows : 1) * nc, sizeof(*t->haves));
	if (!t->v || !t->sums || !t->haves)
		return -1;
	for (size_t r = 0; r < c->nrows; r++) {
		const struct device_row *row = &c->rows[r];
		int rc = per_rc ? row->rc : -1;
		size_t k = t->n && t->v[t->n - 1].socket == row->socket && t->v[t->n - 1].rc == rc ? t->n - 1 : 0;

		if (row->socket < 0)
			continue;
		while (k < t->n && (t->v[k].socket != row->socket || t->v[k].rc != rc))
			k++;
		if (k == t->n)
			t->v[t->n++] = (struct subtotal){ .socket = row->socket, .rc = rc,
							  .sum = &t->sums[k * nc], .have = &t->haves[k * nc] };
		t->v[k].devices++;
		for (size_t j = 0; j < g->nc; j++) {
			const struct metric_value *x = cell(g, r, j);

			if (x && !isnan(x->value)) {
				t->v[k].sum[j] += x->value;
				t->v[k].have[j]++;
			}
		}
	}
	return 0;
}

/* The rows in the order shown: topology order, or --sort's value highest first, n/a last */
static double sort_key(const struct grid *g, size_t r)
{
	const struct metric_value *x = g->sort >= 0 ? cell(g, r, (size_t)g->sort) : NULL;

	return !x || isnan(x->value) ? -INFINITY : x->value;
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

	for (size_t r = 0; order && r < c->nrows; r++)
		order[r] = r;
	if (order && c->sort)
		qsort_r(order, c->nrows, sizeof(*order), by_value, (void *)g);
	return order;
}

/* top's bars: the column they show (--sort's, or the first), and its largest value */
struct bars {
	size_t col;
	double max;
	bool on;
};

static struct bars bars_of(const struct render_ctx *c, const struct grid *g)
{
	struct bars b = { .col = g->sort >= 0 ? (size_t)g->sort : 0, .on = c->bars && g->nc };

	if (c->sort && g->sort < 0)
		b.on = false;
	for (size_t r = 0; b.on && r < c->nrows; r++) {
		const struct metric_value *x = cell(g, r, b.col);

		if (x && !isnan(x->value))
			b.max = fmax(b.max, x->value);
	}
	return b;
}

/* top: 20 cells of '#' for the row's share of the busiest row, in the sort column (or the first) */
/* 20 cells of '#' for share, 0..1, and the space after them */
static void share_bar(FILE *f, double share)
{
	int cells = (int)lround(20 * fmin(fmax(share, 0), 1));

	fprintf(f, "%.*s%*s  ", cells, "####################", 20 - cells, "");
}

static void bar_text(FILE *f, const struct grid *g, const struct bars *b, size_t row)
{
	const struct metric_value *x = b->on ? cell(g, row, b->col) : NULL;
	double mine = x && !isnan(x->value) ? x->value : 0;

	share_bar(f, b->max > 0 ? mine / b->max : 0);
}

/* top with link columns: the busier direction's share of the link's raw rate */
static void link_bar_text(FILE *f, double to, double from)
{
	share_bar(f, fmax(isnan(to) ? 0 : to, isnan(from) ? 0 : from));
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

static void subtotal_text(FILE *f, const struct subtotal *s, const struct metric *const *col, size_t nc)
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

static bool one_unit(const struct metric *const *col, size_t nc)
{
	for (size_t j = 1; j < nc; j++)
		if (strcmp(col[j]->unit, col[0]->unit))
			return false;
	return true;
}

/* Its link as the table shows it: "16GT/s x8", "down", "-" without one; '!' when downtrained */
static const char *link_text(const struct pcilink *l, char *buf, size_t size)
{
	if (!l->present)
		return "-";
	if (!l->width)
		return "down";
	snprintf(buf, size, "%gGT/s x%u%s", pcilink_gts(l->speed), l->width, l->downtrained == 1 ? "!" : "");
	return buf;
}

static double link_share(const struct grid *g, size_t row, const struct device_row *r, int dir);

/* The share of a device's traffic, over every destination column, that goes to the remote socket */
static double remote_share(const struct grid *g, size_t row)
{
	struct destination_sum sum = { 0 };

	for (size_t j = 0; j < g->nc; j++) {
		const struct metric_value *x = cell(g, row, j);

		if (x)
			destination_add(&sum, x);
		else
			sum.missing |= g->col[j]->destination != DEST_NONE;
	}
	return destination_remote_share(&sum);
}

/* A socket, RC or root-port number, or "-" where the topology gives none (not Tegra410's) */
static const char *id_text(int v, char *buf, size_t size)
{
	if (v >= 0)
		snprintf(buf, size, "%d", v);
	return v >= 0 ? buf : "-";
}

/* A 0..1 share as a percentage w wide, or n/a */
static void share_text(FILE *f, double v, int w)
{
	if (isnan(v))
		fprintf(f, " %*s", w, "n/a");
	else
		fprintf(f, " %*.1f%%", w - 1, 100 * v);
}

static void table_text(const struct render_ctx *c, const struct grid *g, const size_t *order)
{
	const struct metric *const *col = g->col;
	struct bars bars = bars_of(c, g);
	size_t nc = g->nc, downtrained = 0;
	char link[32], s[12], rc[12], rp[12];
	FILE *f = c->f;

	/* each view titled and headed for what it shows: top's RC and socket views show sums */
	fprintf(f, "\n Per %s (%.3f s; values",
		c->view == VIEW_RC ? "RC" : c->view == VIEW_SOCKET ? "socket" : "device", c->time_s);
	/* one unit said once (-e columns' "1/s" in words: rd_bytes counts bytes); several, each with its column */
	if (one_unit(col, nc) && nc && !strcmp(col[0]->unit, "1/s"))
		fprintf(f, ": each event's count per second");
	else if (one_unit(col, nc))
		fprintf(f, " in %s", nc ? col[0]->unit : "");
	else
		fprintf(f, " in");
	for (size_t j = 0; !one_unit(col, nc) && j < nc; j++)
		fprintf(f, "%s %s %s", j ? "," : "", col[j]->name, col[j]->unit);
	fprintf(f, "):\n\n");
	if (c->view == VIEW_RC || c->view == VIEW_SOCKET) {
		fprintf(f, "  %-29s", c->view == VIEW_RC ? "rc" : "socket");
		for (size_t j = 0; j < nc; j++)
			fprintf(f, " %*s", width_of(col[j]), col[j]->name);
		fprintf(f, "  %s\n", "devices");
	} else {
		fprintf(f, "  %-12s %2s %2s %2s %-6s", "device", "s", "rc", "rp", "method");
		for (size_t j = 0; j < nc; j++)
			fprintf(f, " %*s", width_of(col[j]), col[j]->name);
		fprintf(f, " %7s  %-12s", "running", "link");
		if (g->link_columns)
			fprintf(f, " %6s %6s", "to%", "from%");
		if (g->destination_columns)
			fprintf(f, " %7s", "remote%");
		fprintf(f, "  %s\n", !c->bars ? "name" : g->link_columns ? "link use, name" : "share of the busiest, name");
	}
	for (size_t i = 0; order && c->view <= VIEW_DEVICES && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		fprintf(f, "  %-12s %2s %2s %2s %-6s", row->bdf, id_text(row->socket, s, sizeof(s)),
			id_text(row->rc, rc, sizeof(rc)), id_text(row->rp, rp, sizeof(rp)),
			row->method ? row->method : "-");
		for (size_t j = 0; j < nc; j++)
			value_text(f, cell(g, order[i], j), width_of(col[j]));
		double to = g->link_columns ? link_share(g, order[i], row, 1) : NAN;
		double from = g->link_columns ? link_share(g, order[i], row, -1) : NAN;

		share_text(f, g->running[order[i]], 7);
		fprintf(f, "  %-12s", link_text(&row->link, link, sizeof(link)));
		if (g->link_columns) {
			share_text(f, to, 6);
			share_text(f, from, 6);
		}
		if (g->destination_columns) {
			fputc(' ', f);
			share_text(f, remote_share(g, order[i]), 6);
		}
		fputs("  ", f);
		if (c->bars && g->link_columns)
			link_bar_text(f, to, from);
		else if (c->bars)
			bar_text(f, g, &bars, order[i]);
		fprintf(f, "%s\n", row->name);
		downtrained += row->link.downtrained == 1;
	}
	if (downtrained)
		fprintf(f, "  ! downtrained: the link trained below what the device and its port both support "
			   "(pmuctl map --downtrained)\n");
	if (c->view == VIEW_ALL)
		fputc('\n', f);
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct subtotals st;

		if (!subtotals(c, g, per_rc, &st))
			for (size_t k = 0; (c->view == VIEW_ALL || c->view == (per_rc ? VIEW_RC : VIEW_SOCKET)) && k < st.n; k++)
				subtotal_text(f, &st.v[k], col, nc);
		subtotals_free(&st);
	}
	if (c->view == VIEW_ALL)
		fputc('\n', f);
}

/*
 * A device's traffic in one direction of its link (dir 1 toward it, -1 from it) over what the
 * trained link carries: NaN when a part was not counted, the link is down, or no metric has it
 */
static double link_share(const struct grid *g, size_t row, const struct device_row *r, int dir)
{
	double cap = pcilink_bytes_per_second(&r->link), sum = 0, scale;
	char name[160];
	bool any = false;

	for (size_t j = 0; j < g->nc && cap > 0; j++) {
		const struct metric_value *x = cell(g, row, j);

		if (g->col[j]->link_dir != dir)
			continue;
		if (!x || isnan(x->value))
			return NAN;
		metric_prom_name(g->col[j], name, sizeof(name), &scale);
		sum += x->value * scale;	/* in bytes per second */
		any = true;
	}
	return any ? sum / cap : NAN;
}

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
			 "to_device", share_json(link_share(g, row, r, 1)),
			 "from_device", share_json(link_share(g, row, r, -1)));
}

static json_t *values_json(const struct grid *g, size_t row)
{
	json_t *o = json_object();

	for (size_t j = 0; j < g->nc; j++) {
		const struct metric_value *x = cell(g, row, j);

		json_object_set_new(o, g->col[j]->name,
				    x && !isnan(x->value) ? json_real(x->value) : json_null());
	}
	return o;
}

static void table_json(const struct render_ctx *c, const struct grid *g, const size_t *order)
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
							 share_json(remote_share(g, order[i])) : json_null()));
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct subtotals st;

		int failed = subtotals(c, g, per_rc, &st);

		for (size_t k = 0; !failed && k < st.n; k++) {
			json_t *vals = json_object();

			for (size_t j = 0; j < g->nc; j++)
				json_object_set_new(vals, g->col[j]->name,
						    additive(g->col[j]) && st.v[k].have[j] ? json_real(st.v[k].sum[j])
											 : json_null());
			json_array_append_new(sums, json_pack("{s:i, s:o, s:i, s:o}", "socket", st.v[k].socket,
							      "rc", jout_int_or_null(st.v[k].rc), "devices",
							      (int)st.v[k].devices, "values", vals));
		}
		subtotals_free(&st);
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
static void table_csv(const struct render_ctx *c, const struct grid *g, const size_t *order)
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
			const struct metric_value *x = cell(g, order[i], j);

			csv_value(&w, x ? x->value : NAN, x != NULL);
		}
		csv_end(&w);
	}
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct subtotals st;

		int failed = subtotals(c, g, per_rc, &st);

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
				csv_value(&w, st.v[k].sum[j], additive(col[j]) && st.v[k].have[j]);
			csv_end(&w);
		}
		subtotals_free(&st);
	}
}

void render_device_table(const struct render_ctx *c, const struct metric_value *v, size_t n)
{
	struct grid g;
	size_t *order = grid_build(c, v, n, &g) ? NULL : row_order(c, &g);

	if (order && c->face == FACE_JSON)
		table_json(c, &g, order);
	else if (order && c->face == FACE_TEXT)
		table_text(c, &g, order);
	else if (order && (c->face == FACE_CSV || c->face == FACE_PERF))
		table_csv(c, &g, order);
	free(order);
	grid_free(&g);
	fflush(c->f);
}
