// SPDX-License-Identifier: GPL-2.0
/* doctor's list of checks, each with what was seen and its fix, in the order they ran. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/doctor/doctor.h"

struct check *checks_add(struct checks *c, const char *id, enum check_status status, const char *fmt, ...)
{
	struct check *k;
	va_list ap;

	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		struct check *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return NULL;
		c->v = v;
		c->cap = cap;
	}
	k = &c->v[c->n++];
	memset(k, 0, sizeof(*k));
	snprintf(k->id, sizeof(k->id), "%s", id);
	k->status = status;
	va_start(ap, fmt);
	vsnprintf(k->seen, sizeof(k->seen), fmt, ap);
	va_end(ap);
	return k;
}

void check_fix(struct check *k, const char *fmt, ...)
{
	va_list ap;

	if (!k)
		return;
	va_start(ap, fmt);
	vsnprintf(k->fix, sizeof(k->fix), fmt, ap);
	va_end(ap);
}

/* The process's own: from the proc root when it holds them, else the running process's */
