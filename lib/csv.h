/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CSV as RFC 4180 writes it, with the separator -x chose: a field holding the separator, a
 * quote, CR or LF is quoted, its quotes doubled (event strings carry commas).
 */
#ifndef PMUCTL_CSV_H
#define PMUCTL_CSV_H

#include <stdio.h>

struct csv {
	FILE *f;
	const char *sep;
	int col;		/* fields written on this line */
};

void csv_str(struct csv *w, const char *s);
void csv_fmt(struct csv *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An integer field, or an empty one when v < 0 (socket, cpu, rc that do not apply) */
void csv_int_or_empty(struct csv *w, long v);
void csv_end(struct csv *w);
/* A header line: first (when not NULL), then the n names */
void csv_header(struct csv *w, const char *first, const char *const *names, size_t n);

#endif
