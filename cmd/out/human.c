// SPDX-License-Identifier: GPL-2.0
/*
 * Numbers for people, as perf's table prints them: digits grouped and the decimal point as the
 * user's LC_NUMERIC says (none in the C locale), by printf's own ' flag. Only the text table:
 * JSON, CSV and -x keep the C locale's digits, which programs read.
 */
#include <inttypes.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "cmd/pmuctl.h"

static locale_t numeric;

static void numeric_free(void)
{
	freelocale(numeric);
}

/* The environment's LC_NUMERIC (LC_ALL, LC_NUMERIC, LANG), read once; C when it names none there is */
static locale_t user_numeric(void)
{
	static bool tried;

	if (tried)
		return numeric;
	tried = true;
	numeric = newlocale(LC_NUMERIC_MASK, "", (locale_t)0);
	if (numeric)
		atexit(numeric_free);
	return numeric;
}

/* printf into buf under the user's numeric locale, the program's own left as it was */
static const char *user_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static const char *user_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	locale_t loc = user_numeric(), old = loc ? uselocale(loc) : (locale_t)0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (old)
		uselocale(old);
	return buf;
}

/* The user's decimal point, read once: the fast path below writes it itself */
static const char *radix(void)
{
	static char r[8];

	if (!r[0]) {
		locale_t loc = user_numeric();
		const char *d = loc ? nl_langinfo_l(RADIXCHAR, loc) : ".";

		snprintf(r, sizeof(r), "%s", d && *d ? d : ".");
	}
	return r;
}

size_t human_digits(uint64_t v, char *buf)
{
	return strnum_put_u64(v, 10, 1, buf);
}

/*
 * What printf's %.*f writes for |v| below 1000 (no digit to group), without printf: the value
 * scaled and rounded to an integer. printf rounds the exact binary value, so one within
 * rounding error of a half is left to it: false then, and for anything larger.
 */
static bool fixed_fast(double v, int decimals, const char *d, char *buf, size_t size)
{
	static const uint64_t tens[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };
	double a = fabs(v), scaled, frac;
	uint64_t r, ip, fp;
	size_t n = 0;

	/* a sign, 4 digits (999.99995 rounds to 1000), the point and the decimals fit, with the
	 * end: the rest is printf's */
	if (!(a < 1000) || decimals < 0 || decimals > 6 ||
	    size < 6 + (decimals ? strlen(d) + (size_t)decimals : 0))
		return false;
	scaled = a * (double)tens[decimals];
	frac = scaled - floor(scaled);
	if (fabs(frac - 0.5) < 1e-6)
		return false;
	r = (uint64_t)floor(scaled) + (frac > 0.5);
	ip = r / tens[decimals];
	fp = r % tens[decimals];
	/* the sign of the value, not of a -0 that rounding left */
	if (v < 0 && r)
		buf[n++] = '-';
	n += human_digits(ip, buf + n);
	if (decimals) {
		while (*d)
			buf[n++] = *d++;
		for (int i = decimals - 1; i >= 0; i--, fp /= 10)
			buf[n + (size_t)i] = (char)('0' + fp % 10);
		n += (size_t)decimals;
	}
	buf[n] = '\0';
	return true;
}

const char *human_c_fixed(double v, int decimals, char *buf, size_t size)
{
	if (!fixed_fast(v, decimals, ".", buf, size))
		snprintf(buf, size, "%s%.*f", v < 0 && round(v * pow(10, decimals)) != 0 ? "-" : "", decimals,
			 fabs(v));
	return buf;
}

const char *human_id(int v, char *buf, size_t size)
{
	return v >= 0 ? human_c_fixed(v, 0, buf, size) : "-";
}

const char *human_number(double v, int decimals, char *buf, size_t size)
{
	if (fixed_fast(v, decimals, radix(), buf, size))
		return buf;
	/* the sign of the value, not of a -0 that rounding left */
	return user_snprintf(buf, size, "%s%'.*f", v < 0 && round(v * pow(10, decimals)) != 0 ? "-" : "",
			     decimals, fabs(v));
}

const char *human_u64(uint64_t v, char *buf, size_t size)
{
	return user_snprintf(buf, size, "%'" PRIu64, v);
}
