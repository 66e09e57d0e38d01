// SPDX-License-Identifier: GPL-2.0
/*
 * Errors as JSON under -j, as bpftool prints them: a run that fails also prints one object on
 * standard output, {"error": {...}} (schemas/error.schema.json), so that a script parsing
 * stdout never meets an empty document. The first error is the one kept: pmuctl's own
 * (p_err), or what argp said about an option. The human line still goes to stderr.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/jerr.h"
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

/* argp's own messages: passed on to stderr, the first line kept ("pmuctl stat: MESSAGE") */
static ssize_t argp_write(void *cookie, const char *buf, size_t size)
{
	static char line[512];
	static size_t used;

	(void)cookie;
	for (size_t i = 0; i < size && !first.set; i++) {
		if (buf[i] != '\n' && used + 1 < sizeof(line)) {
			line[used++] = buf[i];
			continue;
		}
		if (buf[i] == '\n') {
			const char *msg = strstr(line, ": ");

			line[used] = '\0';
			jerr_note(msg && !strncmp(line, "pmuctl", 6) ? msg + 2 : line, NULL, -1);
			used = 0;
		}
	}
	return (ssize_t)fwrite(buf, 1, size, stderr);
}

FILE *jerr_argp_stream(void)
{
	static FILE *f;
	cookie_io_functions_t io = { .write = argp_write };

	if (!f) {
		f = fopencookie(NULL, "w", io);
		if (f)
			setvbuf(f, NULL, _IONBF, 0);
	}
	return f ? f : stderr;
}

static void print_error(int status, void *arg)
{
	json_t *o;

	(void)arg;
	if (!settings.json || !status || !first.set)
		return;
	o = json_pack("{s:{s:s, s:i, s:o, s:o}}", "error", "message", first.message, "exit", status,
		      "event", *first.event ? json_string(first.event) : json_null(), "position",
		      first.position >= 0 ? json_integer(first.position) : json_null());
	if (o && !json_dumpf(o, stdout, JSON_COMPACT))
		fputc('\n', stdout);
	json_decref(o);
	fflush(stdout);
}

void jerr_install(void)
{
	on_exit(print_error, NULL);
}
