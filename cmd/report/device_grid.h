/* SPDX-License-Identifier: GPL-2.0 */
/* stat --per-device's table: each device value in its cell, and the sums per RC and socket. */
#ifndef PMUCTL_CMD_DEVICE_GRID_H
#define PMUCTL_CMD_DEVICE_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include "cmd/report/report.h"

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
	int sort;			/* the --sort column, or -1, or a share the table shows (SORT_*) */
	bool link_columns;		/* a column is traffic on the devices' links: rows have its shares */
	bool destination_columns;	/* columns split it by destination: rows have a remote share */
};

/* --sort and top's s by a share beside the values: to%, from% (its link's) and remote% */
#define SORT_TO_DEVICE (-2)
#define SORT_FROM_DEVICE (-3)
#define SORT_REMOTE (-4)
/* Its SORT_* code, or -1 when name is none of them */
int device_grid_share_sort(const char *name);

/* A subtotal: the rows of socket (and rc, unless -1) */
struct grid_subtotal {
	int socket, rc;
	size_t devices;
	double *sum;		/* per column */
	size_t *have;		/* devices with a value: none, n/a */
};

struct grid_subtotals {
	struct grid_subtotal *v;
	size_t n;
	double *sums;
	size_t *haves;
};

int device_grid_build(const struct render_ctx *c, const struct metric_value *v, size_t n, struct grid *g);
void device_grid_free(struct grid *g);
/* The value of row (a --device index) in column col, or NULL */
const struct metric_value *device_grid_cell(const struct grid *g, size_t row, size_t col);
/* Rates add up across devices; a latency or a ratio does not */
bool device_grid_additive(const struct metric *m);
/*
 * The sums per socket (and RC, of the rows that have one: a port's own PMU's rows have only a
 * socket sum); -1 when out of memory
 */
int device_grid_subtotals(const struct render_ctx *c, const struct grid *g, bool per_rc, struct grid_subtotals *t);
void device_grid_subtotals_free(struct grid_subtotals *t);
/*
 * A device's traffic in one direction of its link (dir 1 toward it, -1 from it) over what the
 * trained link carries: NaN when a part was not counted, the link is down, or no metric has it
 */
double device_grid_link_share(const struct grid *g, size_t row, const struct device_row *r, int dir);
/* The share of a device's traffic, over every destination column, that goes to the remote socket */
double device_grid_remote_share(const struct grid *g, size_t row);

/* The table as stat -j writes it (devices, subtotals) and as CSV (a line per device and sum) */
void device_json_table(const struct render_ctx *c, const struct grid *g, const size_t *order);
void device_csv_table(const struct render_ctx *c, const struct grid *g, const size_t *order);
/* The text face's table (and top's frames): a row per device, the RC and socket sums below */
void devices_text_table(const struct render_ctx *c, const struct grid *g, const size_t *order);
/* A row's columns that no interval changes (device to method, link), rendered for the table */
void devices_text_fixed(struct device_row *row);

#endif
