// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/diag.h"

void diag_add(struct diag *d, const char *fmt, ...)
{
	char **nv;
	char *m;
	va_list ap;

	if (!d)
		return;
	va_start(ap, fmt);
	if (vasprintf(&m, fmt, ap) < 0)
		m = NULL;
	va_end(ap);
	/* the same line twice in a row says nothing more (libpci retries an open it warned of) */
	if (!m || (d->n && !strcmp(d->msg[d->n - 1], m))) {
		free(m);
		return;
	}
	nv = realloc(d->msg, (d->n + 1) * sizeof(*nv));
	if (!nv) {
		free(m);
		return;
	}
	d->msg = nv;
	d->msg[d->n++] = m;
}

void diag_free(struct diag *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->msg[i]);
	free(d->msg);
	d->msg = NULL;
	d->n = 0;
}
