// SPDX-License-Identifier: GPL-2.0
/*
 * The error sink behind -j, as bpftool's p_err: a run that fails also prints one object on
 * standard output, {"error": {...}} (schemas/error.schema.json), so that a script parsing
 * stdout never meets an empty document. The first error is the one kept, pmuctl's own or a
 * usage error; the human line still goes to stderr. Every way out with a status goes
 * through jerr_finish: main's return, and jerr_usage's exit.
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/out/jerr.h"
#include "cmd/pmuctl.h"

static struct {
	bool set;
	char message[512];
	char event[512];
	long position;		/* -1: none */
} first = { .position = -1 };

void jerr_note(const char *message, const char *event, long position)
{
	if (first.set)
		return;
	first.set = true;
	snprintf(first.message, sizeof(first.message), "%s", message);
	snprintf(first.event, sizeof(first.event), "%s", event ? event : "");
	first.position = event ? position : -1;
}

int jerr_finish(int status)
{
	json_t *o;

	if (!settings.json || !status || !first.set)
		return status;
	o = json_pack("{s:{s:s, s:i, s:o, s:o}}", "error", "message", first.message, "exit", status,
		      "event", *first.event ? json_string(first.event) : json_null(), "position",
		      first.position >= 0 ? json_integer(first.position) : json_null());
	if (o && !json_dumpf(o, stdout, JSON_COMPACT))
		fputc('\n', stdout);
	json_decref(o);
	return status;
}

/* As argp_error says it: "pmuctl stat: MESSAGE", then argp's ARGP_HELP_SEE line */
static __attribute__((noreturn)) void vusage(const char *prog, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	jerr_note(msg, NULL, -1);
	fprintf(stderr, "%s: %s\n", prog, msg);
	fprintf(stderr, "Try `%s --help' or `%s --usage' for more information.\n", prog, prog);
	exit(finish_output(jerr_finish(EXIT_USAGE)));
}

void jerr_usage(const char *prog, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vusage(prog, fmt, ap);
	va_end(ap);
}

void jerr_argp(const struct argp_state *state, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vusage(state->name, fmt, ap);
	va_end(ap);
}
