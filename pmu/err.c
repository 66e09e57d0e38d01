// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include "pmu/err.h"

static void err_vset(struct pmu_err *e, const char *fmt, va_list ap)
{
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
}

int pmu_err_set(struct pmu_err *e, int code, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return code;
	e->code = code;
	e->has_pos = 0;
	e->arg = 0;
	e->syntax = 0;
	e->pos = e->len = 0;
	va_start(ap, fmt);
	err_vset(e, fmt, ap);
	va_end(ap);
	return code;
}

int pmu_err_at(struct pmu_err *e, int code, size_t pos, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return code;
	e->code = code;
	e->has_pos = 1;
	e->arg = 0;
	e->syntax = 0;
	e->pos = pos;
	e->len = len ? len : 1;
	va_start(ap, fmt);
	err_vset(e, fmt, ap);
	va_end(ap);
	return code;
}
