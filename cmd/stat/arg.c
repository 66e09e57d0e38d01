// SPDX-License-Identifier: GPL-2.0
/* The counting commands' option values: whole numbers, seconds, perf -x's separator. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/out/jerr.h"
#include "cmd/stat/stat.h"
#include "lib/strnum.h"

long arg_number(const char *arg, const char *what, long min, long max, struct argp_state *state)
{
	uint64_t v;

	if (strnum_u64(arg, 10, (uint64_t)max, &v) || (long)v < min)
		jerr_argp(state, "invalid %s '%s': expected a whole number from %ld to %ld", what, arg,
			   min, max);
	return (long)v;
}

const char *arg_separator(const char *arg, struct argp_state *state)
{
	if (!*arg || strpbrk(arg, "\n\r\""))
		jerr_argp(state, "invalid separator '%s': give one or more characters, not a newline or a quote (which CSV quotes fields with)", arg);
	/* as perf: the two characters \t mean a tab */
	return strcmp(arg, "\\t") ? arg : "\t";
}

double arg_seconds(const char *arg, struct argp_state *state)
{
	char *end;
	double v;

	/* decimal seconds, as perf and sleep(1) take them: strtod's hex floats (0x1p3) are not */
	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v > 0) || v > 31536000 || strspn(arg, "0123456789.") != strlen(arg))
		jerr_argp(state, "invalid duration '%s': expected seconds, more than 0 (e.g. 1 or 0.5)", arg);
	return v;
}
