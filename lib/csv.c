// SPDX-License-Identifier: GPL-2.0
/* RFC 4180 fields with any separator */
#include <stdarg.h>
#include <string.h>
#include "lib/csv.h"

static int needs_quotes(const char *s, const char *sep)
{
	return strstr(s, sep) || strpbrk(s, "\"\r\n");
}

void csv_str(struct csv *w, const char *s)
{
	if (w->col++)
		fputs(w->sep, w->f);
	if (!needs_quotes(s, w->sep)) {
		fputs(s, w->f);
		return;
	}
	fputc('"', w->f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', w->f);
		fputc(*s, w->f);
	}
	fputc('"', w->f);
}

void csv_fmt(struct csv *w, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	csv_str(w, buf);
}

void csv_int_or_empty(struct csv *w, long v)
{
	if (v >= 0)
		csv_fmt(w, "%ld", v);
	else
		csv_str(w, "");
}

void csv_end(struct csv *w)
{
	fputc('\n', w->f);
	w->col = 0;
}

void csv_header(struct csv *w, const char *first, const char *const *names, size_t n)
{
	if (first)
		csv_str(w, first);
	for (size_t i = 0; i < n; i++)
		csv_str(w, names[i]);
	csv_end(w);
}
