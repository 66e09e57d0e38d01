// SPDX-License-Identifier: GPL-2.0
/* The error sink, caret rendering, safe text and JSON values. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd/out/jerr.h"
#include "cmd/pmuctl.h"
#include "lib/cpulist.h"
#include "lib/diag.h"
#include "lib/visible.h"
#include "lib/nbstdio.h"

/* One line each: a name from outside (sysfs, a file) shows its control characters escaped */
static void vmsg(const char *level, const char *fmt, va_list ap)
{
	char *msg = NULL;

	fflush(stdout);
	fprintf(stderr, "pmuctl: %s", level);
	if (vasprintf(&msg, fmt, ap) < 0)
		fputs(fmt, stderr);
	else
		fput_safe(msg, stderr);
	free(msg);
	fputc('\n', stderr);
}

void p_err(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	jerr_note(msg, NULL, -1);
	va_start(ap, fmt);
	vmsg("error: ", fmt, ap);
	va_end(ap);
}

void p_warn(const char *fmt, ...)
{
	va_list ap;

	if (settings.quiet)
		return;
	va_start(ap, fmt);
	vmsg("warning: ", fmt, ap);
	va_end(ap);
}

void p_note(const char *fmt, ...)
{
	va_list ap;

	if (settings.quiet)
		return;
	va_start(ap, fmt);
	vmsg("note: ", fmt, ap);
	va_end(ap);
}

void p_info(const char *fmt, ...)
{
	va_list ap;

	if (!settings.verbose)
		return;
	va_start(ap, fmt);
	vmsg("", fmt, ap);
	va_end(ap);
}

size_t p_diag(const struct diag *d)
{
	for (size_t i = 0; i < d->n; i++)
		p_warn("%s", d->msg[i]);
	return d->n;
}

/* Show at most this much of a long event string around the error */
#define CARET_WINDOW 100

void p_err_at(const char *text, const struct err_report *e)
{
	size_t n = strlen(text), from = 0, to = n, pos = e->pos, len = e->len;
	const char *lead = "";

	jerr_note(e->msg, text, e->has_pos ? (long)e->pos : -1);
	p_err("%s", e->msg);
	if (!e->has_pos)
		return;
	if (pos > n)
		pos = n;
	if (len > n - pos + 1)
		len = n - pos + 1;
	if (n > CARET_WINDOW) {
		from = pos > CARET_WINDOW / 2 ? pos - CARET_WINDOW / 2 : 0;
		to = from + CARET_WINDOW < n ? from + CARET_WINDOW : n;
		lead = from ? "..." : "";
	}
	fprintf(stderr, "  %s", lead);
	for (size_t i = from; i < to; i++)
		fputc(isprint((unsigned char)text[i]) ? text[i] : '?', stderr);
	fprintf(stderr, "%s\n  %*s^", to < n ? "..." : "", (int)(strlen(lead) + pos - from), "");
	for (size_t i = 1; i < len && pos + i < to; i++)
		fputc('~', stderr);
	fputc('\n', stderr);
}

bool root_given(void)
{
	const char *env = getenv("SYSFS_PATH");

	return settings.sysfs_root || (env && *env);
}

const char *root_path(void)
{
	return settings.sysfs_root ? settings.sysfs_root : root_given() ? getenv("SYSFS_PATH") : "/sys";
}

int open_root(struct sysroot *root)
{
	const char *path = root_path();
	int ret = sysroot_open(root, path);

	if (ret)
		p_err("cannot open sysfs root '%s': %s (give a machine with --sysfs-root DIR)", path,
		      strerror(-ret));
	return ret;
}

const char *safe_str(const char *s, char *buf, size_t size)
{
	return visible_copy(s, buf, size);
}

void fput_safe(const char *s, FILE *f)
{
	visible_fput(s, f);
}

json_t *jout_hex(unsigned long long v)
{
	char b[24];

	snprintf(b, sizeof(b), "0x%llx", v);
	return json_string(b);
}

json_t *jout_count(bool exact, uint64_t value, double estimate)
{
	if (exact && value <= INT64_MAX)
		return json_integer((json_int_t)value);
	if (exact)
		return json_real((double)value);
	if (estimate >= 0 && estimate < 0x1p63)
		return json_integer((json_int_t)llround(estimate));
	return isfinite(estimate) ? json_real(round(estimate)) : json_null();
}

json_t *jout_int_or_null(long long v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

json_t *jout_cpulist(const struct cpulist *l, bool has)
{
	json_t *arr;

	if (!has)
		return json_null();
	arr = json_array();
	for (size_t i = 0; arr && i < l->n; i++)
		json_array_append_new(arr, json_integer(l->cpu[i]));
	return arr;
}

json_t *jout_text(const char *s)
{
	json_t *j;
	char *buf;
	size_t o = 0;

	if (!s)
		return json_null();
	/* ASCII is UTF-8: jansson's check, a call a byte, is for the rest (list -j: 22k strings) */
	while (s[o] && !((unsigned char)s[o] & 0x80))
		o++;
	j = s[o] ? json_string(s) : json_stringn_nocheck(s, o);
	if (j)
		return j;
	o = 0;
	buf = malloc(strlen(s) * 4 + 1);
	if (!buf)
		return NULL;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x80)
			o += (size_t)sprintf(buf + o, "\\x%02x", c);
		else
			buf[o++] = (char)c;
	}
	buf[o] = '\0';
	j = json_string(buf);
	free(buf);
	return j;
}
