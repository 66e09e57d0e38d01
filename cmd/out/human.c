// SPDX-License-Identifier: GPL-2.0
/*
 * Numbers for people, as perf's table prints them: digits grouped and the decimal point as the
 * user's LC_NUMERIC says (none in the C locale), by printf's own ' flag. Only the text table:
 * JSON, CSV and -x keep the C locale's digits, which programs read.
 */
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

const char *human_number(double v, int decimals, char *buf, size_t size)
{
	/* the sign of the value, not of a -0 that rounding left */
	return user_snprintf(buf, size, "%s%'.*f", v < 0 && round(v * pow(10, decimals)) != 0 ? "-" : "",
			     decimals, fabs(v));
}

const char *human_u64(uint64_t v, char *buf, size_t size)
{
	return user_snprintf(buf, size, "%'" PRIu64, v);
}
