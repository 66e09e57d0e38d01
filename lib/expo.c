// SPDX-License-Identifier: GPL-2.0
/* Escapes as the formats define them; every other byte is written as it is. */
#include <stdbool.h>
#include "lib/expo.h"

static void put_escaped(FILE *f, const char *s, bool quote)
{
	for (; s && *s; s++) {
		if (*s == '\n')
			fputs("\\n", f);
		else if (*s == '\\' || (quote && *s == '"'))
			fprintf(f, "\\%c", *s);
		else
			fputc(*s, f);
	}
}

char expo_name_char(char c)
{
	if (c >= 'A' && c <= 'Z')
		return (char)(c - 'A' + 'a');
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c : '_';
}

void expo_put_name(FILE *f, const char *s)
{
	for (; s && *s; s++)
		fputc(expo_name_char(*s), f);
}

void expo_put_label_value(FILE *f, const char *value)
{
	put_escaped(f, value, true);
}

void expo_put_help(FILE *f, const char *text)
{
	put_escaped(f, text, false);
}
