// SPDX-License-Identifier: GPL-2.0
/*
 * Numbers for people, as perf's table prints them: digits grouped and the decimal point as the
 * user's LC_NUMERIC says (none in the C locale), by printf's own ' flag. Only the text table:
 * JSON, CSV and -x keep the C locale's digits, which programs read.
 */
#include <inttypes.h>
#include <locale.h>
#include <math.h>
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

const char *human_number(double v, int decimals, char *buf, size_t size)
{
	locale_t loc = user_numeric(), old = loc ? uselocale(loc) : (locale_t)0;

	/* the sign of the value, not of a -0 that rounding left */
	snprintf(buf, size, "%s%'.*f", v < 0 && round(v * pow(10, decimals)) != 0 ? "-" : "", decimals, fabs(v));
	if (old)
		uselocale(old);
	return buf;
}

const char *human_u64(uint64_t v, char *buf, size_t size)
{
	locale_t loc = user_numeric(), old = loc ? uselocale(loc) : (locale_t)0;

	snprintf(buf, size, "%'" PRIu64, v);
	if (old)
		uselocale(old);
	return buf;
}
