/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A line built in memory and written at once: printf per cell, then fwrite per row, cost most
 * of a per-device report's interval, and printf's parse of its format most of map's lines.
 * Inline: the report's every cell of every interval goes through these.
 */
#ifndef PMUCTL_LINE_H
#define PMUCTL_LINE_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include "cmd/pmuctl.h"

struct line {
	FILE *f;	/* NULL: a cell rendered to keep, cut at the buffer's end */
	size_t n;
	char b[8192];
};

/* room kept for the next row: a row past it goes out in pieces, as line_char does */
#define LINE_ROW 1024

static inline void line_start(struct line *l, FILE *f)
{
	l->f = f;
	l->n = 0;
}

/* a row longer than the buffer (many columns) goes out in pieces; one rendered to keep is cut */
static inline void line_char(struct line *l, char c)
{
	if (l->n >= sizeof(l->b) && !l->f)
		return;
	if (l->n >= sizeof(l->b)) {
		fwrite(l->b, 1, l->n, l->f);
		l->n = 0;
	}
	l->b[l->n++] = c;
}

static inline void line_n(struct line *l, const char *s, size_t len)
{
	if (l->n + len > sizeof(l->b)) {
		while (len--)
			line_char(l, *s++);
		return;
	}
	memcpy(l->b + l->n, s, len);
	l->n += len;
}

static inline void line_put(struct line *l, const char *s)
{
	line_n(l, s, strlen(s));
}

/* a string literal's bytes, its length known when compiled */
#define line_lit(l, s) line_n(l, "" s, sizeof(s) - 1)

/* pad spaces: set in place when they fit, else a space at a time (a row going out in pieces) */
static inline void line_spaces(struct line *l, size_t pad)
{
	if (l->n + pad <= sizeof(l->b)) {
		memset(l->b + l->n, ' ', pad);
		l->n += pad;
		return;
	}
	while (pad--)
		line_char(l, ' ');
}

/* a count or number in decimal: a subtotal's socket, RC and devices, every line every interval */
static inline void line_uint(struct line *l, size_t v)
{
	char digits[20] = "";	/* written by human_digits, which cppcheck cannot see into from here */

	line_n(l, digits, human_digits(v, digits));
}

/* s in w columns, to the right (printf's %*s) or the left (%-*s) */
static inline void line_pad(struct line *l, const char *s, int w, bool left)
{
	size_t len = strlen(s), pad = (int)len < w ? (size_t)w - len : 0;

	if (!left)
		line_spaces(l, pad);
	line_n(l, s, len);
	if (left)
		line_spaces(l, pad);
}

/* what is built so far, to its stream */
static inline void line_flush(struct line *l)
{
	fwrite(l->b, 1, l->n, l->f);
	l->n = 0;
}

#endif
