/* SPDX-License-Identifier: GPL-2.0 */
/* perf event strings: "pmu/term=value,.../", bare names, "{a,b}" groups, comma lists. */
#ifndef PMUCTL_EVPARSE_H
#define PMUCTL_EVPARSE_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include "lib/err.h"

/* Input far longer than any real event list is refused before parsing */
#define EV_TEXT_MAX 65536

enum ev_value_kind {
	EV_VALUE_NONE,	/* a bare term: "src_bdf_en" */
	EV_VALUE_NUM,
	EV_VALUE_STR,	/* "name=foo", "event=rd_bytes" */
	EV_VALUE_REQUIRED,	/* "lane=?" in a sysfs event: the user must give the value */
};

struct ev_term {
	char *name;
	size_t pos, len;	/* of the whole term in the event string */
	enum ev_value_kind kind;
	uint64_t num;
	char *str;
	size_t vpos, vlen;	/* of the value */
	/*
	 * Set by a plan, never by the parser: a device's filter, whose value replaces what an
	 * alias set in the same field (perf ORs a user's terms into an alias's)
	 */
	bool replace;
};

struct ev_spec {
	char *name;		/* PMU name (or glob) with slashes, else the bare event name */
	size_t name_pos, name_len;
	bool has_slash;
	struct ev_term *terms;
	size_t nterms;
	char *terms_text;	/* between the slashes, as written */
	char *mods;		/* modifiers after the closing slash or ':', or NULL */
	size_t mods_pos;
	size_t start, end;	/* the event's extent in the string */
	int group;		/* index of its {} group, or -1 */
};

struct ev_list {
	struct ev_spec *v;
	size_t n;
	int ngroups;
};

int ev_parse(const char *text, struct ev_list *out, struct err_report *err);
/* Just a term list, as in an events/ file: "event=0x2,umask=0x3". */
int ev_parse_terms(const char *text, struct ev_spec *out, struct err_report *err);
/* The same for an events/ file's value, where "lane=?" asks the user for the value (perf's) */
int ev_parse_sysfs_value(const char *text, struct ev_spec *out, struct err_report *err);
void ev_spec_free(struct ev_spec *e);
void ev_list_free(struct ev_list *l);

#endif
