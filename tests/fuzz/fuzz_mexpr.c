// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: metric formulas; an accepted one evaluates without trapping. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/metrics/mexpr.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int lookup(const char *name, double *v, void *ctx)
{
	(void)ctx;
	*v = (double)strlen(name) - 3;	/* zero for three-letter names: divisions by zero happen */
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct mexpr *e;
	struct err_report err;
	const char *names[8];

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!mexpr_parse(s, &e, &err)) {
		mexpr_names(e, names, 8);
		(void)mexpr_eval(e, lookup, NULL);
		mexpr_free(e);
	} else if (err.pos > size) {
		abort();
	}
	free(s);
	return 0;
}
