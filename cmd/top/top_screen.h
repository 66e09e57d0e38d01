/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl top's screen: a full-screen view on a terminal, plain frames in batch mode. */
#ifndef PMUCTL_TOP_SCREEN_H
#define PMUCTL_TOP_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#define TOP_VIEWS 3	/* devices, RC sums, socket sums */

struct top_screen {
	bool batch;		/* -b, -n, or not a terminal: frames as text, no escape codes */
	double interval_s;
	const char *const *column_names;	/* the metrics, in column order: what s cycles through */
	size_t ncolumn_names;
	const char *sort;	/* the column the rows are ordered by; NULL: topology order */
	int view;		/* 0 devices, 1 RC sums, 2 socket sums */
	bool paused;		/* p: counting goes on, the frame stays */
	bool quit;
	bool hung_up;		/* the terminal went away: top ends as its SIGHUP would end it */
	/* the full screen's own state: what it shows of the last frame */
	size_t first;		/* rows scrolled past */
	size_t page;		/* rows the last frame had room for: PgUp and PgDn move that many */
	size_t left;		/* columns scrolled past (Left, Right): a narrow terminal sees every column */
	size_t width;		/* the widest line of the last frame's table */
	char filter[64];	/* / : only rows holding this text (a BDF, a name); "" all */
	bool editing;		/* the filter is being typed */
	char *last;		/* the last frame's table, redrawn when a key changes the view of it */
	double last_time;
};

int top_screen_begin(struct top_screen *t);
/* Leave the terminal as it was; safe to call more than once */
void top_screen_end(struct top_screen *t);
/* Read the keys typed since the last call, redrawing what they change; true when q was among them */
bool top_screen_keys(struct top_screen *t);
/* Show one frame: the table's text, under a header; 0, or -errno when a batch frame cannot be written */
int top_screen_frame(struct top_screen *t, const char *table, double time_s);

#endif
