// SPDX-License-Identifier: GPL-2.0
/* stat --per-device as text (and top's frames): a row per device, its -M values as columns, then RC and socket sums. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/out/line.h"
#include "cmd/pmuctl.h"
#include "cmd/report/report.h"
#include "cmd/report/device_grid.h"

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
		const struct metric_value *x = device_grid_cell(g, r, b.col);

		if (x && !isnan(x->value))
			b.max = fmax(b.max, x->value);
	}
	return b;
}

/* top: 20 cells of '#' for the row's share of the busiest row, in the sort column (or the first) */
/* 20 cells of '#' for share, 0..1, and the space after them */
static void share_bar(struct line *l, double share)
{
	int cells = (int)lround(20 * fmin(fmax(share, 0), 1));

	line_pad(l, "####################" + 20 - cells, 20, true);
	line_lit(l, "  ");
}

static void bar_text(struct line *l, const struct grid *g, const struct bars *b, size_t row)
{
	const struct metric_value *x = b->on ? device_grid_cell(g, row, b->col) : NULL;
	double mine = x && !isnan(x->value) ? x->value : 0;

	share_bar(l, b->max > 0 ? mine / b->max : 0);
}

/* top with link columns: the busier direction's share of the link's raw rate */
static void link_bar_text(struct line *l, double to, double from)
{
	share_bar(l, fmax(isnan(to) ? 0 : to, isnan(from) ? 0 : from));
}

static void value_text(struct line *l, const struct metric_value *x, int width)
{
	char num[64];

	line_lit(l, " ");
	if (!x || isnan(x->value))
		line_pad(l, "n/a", width, false);
	else
		line_pad(l, human_number(x->value, x->value >= 100 ? 2 : 4, num, sizeof(num)), width, false);
}

static int width_of(const struct metric *m)
{
	int w = (int)strlen(m->name);

	return w < 12 ? 12 : w;
}

static void subtotal_text(FILE *f, const struct grid_subtotal *s, const struct metric *const *col, size_t nc)
{
	struct line l, label;
	char num[64];

	/* not zeroed: a line's 1 KiB is written before it is read, and there is one a row */
	line_start(&l, f);
	line_start(&label, NULL);
	/* without snprintf: a line of these for every RC, every interval */
	line_lit(&label, "socket ");
	if (s->socket >= 0)
		line_uint(&label, (size_t)s->socket);
	else
		line_put(&label, human_c_fixed(s->socket, 0, num, sizeof(num)));
	if (s->rc >= 0) {
		line_lit(&label, " rc ");
		line_uint(&label, (size_t)s->rc);
	}
	line_char(&label, '\0');
	line_lit(&l, "  ");
	line_pad(&l, label.b, 29, true);
	for (size_t j = 0; j < nc; j++) {
		line_lit(&l, " ");
		if (!device_grid_additive(col[j]))
			line_pad(&l, "-", width_of(col[j]), false);
		else if (!s->have[j])
			line_pad(&l, "n/a", width_of(col[j]), false);
		else
			line_pad(&l, human_number(s->sum[j], s->sum[j] >= 100 ? 2 : 4, num, sizeof(num)),
				width_of(col[j]), false);
	}
	line_lit(&l, "  ");
	line_uint(&l, s->devices);
	line_put(&l, s->devices == 1 ? " device\n" : " devices\n");
	line_flush(&l);
}

/* The sort column's sum, highest first; sums without a value last, then topology order */
static int subtotal_cmp(const void *pa, const void *pb, void *arg)
{
	const struct grid_subtotal *a = pa, *b = pb;
	size_t j = *(const size_t *)arg;

	if (!!a->have[j] != !!b->have[j])
		return a->have[j] ? -1 : 1;
	if (a->have[j] && a->sum[j] != b->sum[j])
		return a->sum[j] > b->sum[j] ? -1 : 1;
	if (a->socket != b->socket)
		return a->socket < b->socket ? -1 : 1;
	return (a->rc > b->rc) - (a->rc < b->rc);
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

/* A share column's last text: the running column is 100.0% on nearly every row, to% n/a on a down link */
struct share_memo {
	double v;
	unsigned char n;
	char text[23];
};

/* A 0..1 share as a percentage w wide, or n/a; the column's memo kept when v is its value */
static void share_text(struct line *l, double v, int w, struct share_memo *memo)
{
	struct line cell;
	char num[64];

	/* NaN equals nothing, itself included: n/a matches an n/a memo by isnan */
	if (memo->n && (memo->v == v || (isnan(v) && isnan(memo->v)))) {
		line_n(l, memo->text, memo->n);
		return;
	}
	line_start(&cell, NULL);
	line_lit(&cell, " ");
	if (isnan(v)) {
		line_pad(&cell, "n/a", w, false);
	} else {
		line_pad(&cell, human_c_fixed(100 * v, 1, num, sizeof(num)), w - 1, false);
		line_lit(&cell, "%");
	}
	line_n(l, cell.b, cell.n);
	/* a cell too wide to keep is rendered each time */
	memo->n = cell.n <= sizeof(memo->text) ? (unsigned char)cell.n : 0;
	memo->v = v;
	memcpy(memo->text, cell.b, memo->n);
}

/* The device, socket, RC, port and method columns */
static void lead_text(struct line *l, const struct device_row *row)
{
	char s[12], rc[12], rp[12];

	line_lit(l, "  ");
	line_pad(l, row->bdf, 12, true);
	line_lit(l, " ");
	line_pad(l, human_id(row->socket, s, sizeof(s)), 2, false);
	line_lit(l, " ");
	line_pad(l, human_id(row->rc, rc, sizeof(rc)), 2, false);
	line_lit(l, " ");
	line_pad(l, human_id(row->rp, rp, sizeof(rp)), 2, false);
	line_lit(l, " ");
	line_pad(l, row->method ? row->method : "-", 6, true);
}

static void link_cell(struct line *l, const struct device_row *row)
{
	char link[32];

	line_pad(l, link_text(&row->link, link, sizeof(link)), 12, true);
}

/* Rendered once, not every interval: each piece that does not fit is left to the table */
void devices_text_fixed(struct device_row *row)
{
	struct line l;

	line_start(&l, NULL);
	lead_text(&l, row);
	row->text.nlead = l.n < sizeof(row->text.lead) ? (unsigned char)l.n : 0;
	memcpy(row->text.lead, l.b, row->text.nlead);
	l.n = 0;
	link_cell(&l, row);
	row->text.nlink = l.n < sizeof(row->text.link) ? (unsigned char)l.n : 0;
	memcpy(row->text.link, l.b, row->text.nlink);
	row->text.nname = (unsigned char)strnlen(row->name, sizeof(row->name) - 1);
}

void devices_text_table(const struct render_ctx *c, const struct grid *g, const size_t *order)
{
	const struct metric *const *col = g->col;
	struct bars bars = bars_of(c, g);
	size_t nc = g->nc, downtrained = 0;
	struct share_memo running = { 0 }, to_memo = { 0 }, from_memo = { 0 }, remote = { 0 };
	FILE *f = c->f;
	struct line l;

	/* each view titled and headed for what it shows: top's RC and socket views show sums */
	/* an interval's time is when it ended, not how long it was; the totals' is the run's length */
	fprintf(f, "\n Per %s (%s%.3f s; values",
		c->view == VIEW_RC ? "RC" : c->view == VIEW_SOCKET ? "socket" : "device",
		c->interval || c->frame ? "at " : "", c->time_s);
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
	line_start(&l, f);
	for (size_t i = 0; order && c->view <= VIEW_DEVICES && i < c->nrows; i++) {
		const struct device_row *row = &c->rows[order[i]];

		if (l.n > sizeof(l.b) - LINE_ROW)
			line_flush(&l);
		if (row->text.nlead)
			line_n(&l, row->text.lead, row->text.nlead);
		else
			lead_text(&l, row);
		for (size_t j = 0; j < nc; j++)
			value_text(&l, device_grid_cell(g, order[i], j), width_of(col[j]));
		double to = g->link_columns ? device_grid_link_share(g, order[i], row, 1) : NAN;
		double from = g->link_columns ? device_grid_link_share(g, order[i], row, -1) : NAN;

		share_text(&l, g->running[order[i]], 7, &running);
		line_lit(&l, "  ");
		if (row->text.nlink)
			line_n(&l, row->text.link, row->text.nlink);
		else
			link_cell(&l, row);
		if (g->link_columns) {
			share_text(&l, to, 6, &to_memo);
			share_text(&l, from, 6, &from_memo);
		}
		if (g->destination_columns) {
			line_lit(&l, " ");
			share_text(&l, device_grid_remote_share(g, order[i]), 6, &remote);
		}
		line_lit(&l, "  ");
		if (c->bars && g->link_columns)
			link_bar_text(&l, to, from);
		else if (c->bars)
			bar_text(&l, g, &bars, order[i]);
		if (row->text.nlead)
			line_n(&l, row->name, row->text.nname);
		else
			line_put(&l, row->name);
		line_char(&l, '\n');
		downtrained += row->link.downtrained == 1;
	}
	line_flush(&l);
	if (downtrained)
		fprintf(f, "  ! downtrained: the link trained below what the device and its port both support "
			   "(pmuctl map --downtrained)\n");
	if (c->view == VIEW_ALL)
		fputc('\n', f);
	for (int per_rc = 1; per_rc >= 0; per_rc--) {
		struct grid_subtotals st;

		if (!device_grid_subtotals(c, g, per_rc, &st)) {
			size_t j = (size_t)g->sort;

			/* a view of sums alone is sorted by its column as the devices are (a share column has no sum) */
			if (c->view == (per_rc ? VIEW_RC : VIEW_SOCKET) && g->sort >= 0 && j < nc &&
			    device_grid_additive(col[j]))
				qsort_r(st.v, st.n, sizeof(*st.v), subtotal_cmp, &j);
			for (size_t k = 0; (c->view == VIEW_ALL || c->view == (per_rc ? VIEW_RC : VIEW_SOCKET)) && k < st.n; k++)
				subtotal_text(f, &st.v[k], col, nc);
		}
		device_grid_subtotals_free(&st);
	}
	if (c->view == VIEW_ALL)
		fputc('\n', f);
}
