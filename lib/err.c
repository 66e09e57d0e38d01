// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lib/err.h"

static int err_record(struct err_report *e, int code, int has_pos, size_t pos, size_t len,
		      const char *fmt, va_list ap)
{
	if (!e)
		return code;
	e->code = code;
	e->has_pos = has_pos;
	e->arg = 0;
	e->syntax = 0;
	e->pos = pos;
	e->len = has_pos && !len ? 1 : len;
	/* through a copy: a caller may quote e->msg itself ("metric x: %s", e->msg) */
	{
		char msg[sizeof(e->msg)];

		vsnprintf(msg, sizeof(msg), fmt, ap);
		memcpy(e->msg, msg, sizeof(msg));
	}
	return code;
}

int err_set(struct err_report *e, int code, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = err_record(e, code, 0, 0, 0, fmt, ap);
	va_end(ap);
	return ret;
}

int err_at(struct err_report *e, int code, size_t pos, size_t len, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = err_record(e, code, 1, pos, len, fmt, ap);
	va_end(ap);
	return ret;
}
