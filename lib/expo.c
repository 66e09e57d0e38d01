// SPDX-License-Identifier: GPL-2.0
/* Escapes as the formats define them; every other byte is written as it is. */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
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

void expo_put_label(FILE *f, const char *name, const char *value, bool *first)
{
	if (!value)
		return;
	fprintf(f, "%s%s=\"", *first ? "" : ",", name);
	*first = false;
	expo_put_label_value(f, value);
	fputc('"', f);
}

void expo_put_label_int(FILE *f, const char *name, int value, bool *first)
{
	char num[16];

	if (value < 0)
		return;
	snprintf(num, sizeof(num), "%d", value);
	expo_put_label(f, name, num, first);
}

/* "bb:dd.f" in hex, the function a digit */
static bool bus_dev_fn(const char *s)
{
	return strlen(s) == 7 && isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]) && s[2] == ':' &&
	       isxdigit((unsigned char)s[3]) && isxdigit((unsigned char)s[4]) && s[5] == '.' && s[6] >= '0' && s[6] <= '7';
}

const char *expo_pci_bus_id(const char *bdf, char *buf, size_t size)
{
	const char *bus = strchr(bdf, ':');
	size_t dom = 0;

	/* a domain is what comes before the first of two colons */
	if (bus && strchr(bus + 1, ':'))
		dom = (size_t)(bus - bdf);
	else
		bus = NULL;
	if (dom > 8 || (bus && strspn(bdf, "0123456789abcdefABCDEF") != dom) || !bus_dev_fn(bus ? bus + 1 : bdf) || size < 17) {
		snprintf(buf, size, "%s", bdf);
		return buf;
	}
	snprintf(buf, size, "%08zx", (size_t)0);
	memcpy(buf + 8 - dom, bdf, dom);
	snprintf(buf + 8, size - 8, "%s%s", bus ? "" : ":", bus ? bus : bdf);
	for (char *c = buf; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	return buf;
}

/* A type's suffix on its samples, and on its family's name in the text format */
static const char *expo_suffix(enum expo_type type)
{
	return type == EXPO_COUNTER ? "_total" : type == EXPO_INFO ? "_info" : "";
}

void expo_family(FILE *f, enum expo_format fmt, const char *name, enum expo_type type, const char *help)
{
	static const char *const types[] = { "gauge", "counter", "info" };
	const char *suffix = fmt == EXPO_OPENMETRICS ? "" : expo_suffix(type);
	/* the text format has no info type: a gauge of 1 (Prometheus's client libraries do so) */
	const char *word = fmt == EXPO_PROMETHEUS && type == EXPO_INFO ? "gauge" : types[type];

	fprintf(f, "# HELP %s%s ", name, suffix);
	expo_put_help(f, help);
	fprintf(f, "\n# TYPE %s%s %s\n", name, suffix, word);
}

void expo_sample(FILE *f, const char *name, enum expo_type type)
{
	fprintf(f, "%s%s", name, expo_suffix(type));
}

void expo_end(FILE *f, enum expo_format fmt)
{
	if (fmt == EXPO_OPENMETRICS)
		fputs("# EOF\n", f);
}
