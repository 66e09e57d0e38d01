// SPDX-License-Identifier: GPL-2.0
/* --help text that names every family from the descriptors, so that it cannot go stale. */
#include <argp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "pmu/family/family.h"

#define HELP_FAMILIES_MARK "@FAMILIES@"

char *help_families_filter(int key, const char *text, void *input)
{
	const char *at = text ? strstr(text, HELP_FAMILIES_MARK) : NULL;
	char titles[1024];
	char *out = NULL;

	(void)input;
	if (key != ARGP_KEY_HELP_PRE_DOC || !at)
		return (char *)text;
	pmu_family_titles(titles, sizeof(titles));
	if (asprintf(&out, "%.*s%s%s", (int)(at - text), text, titles, at + strlen(HELP_FAMILIES_MARK)) < 0)
		return (char *)text;
	return out;
}
