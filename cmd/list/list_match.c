// SPDX-License-Identifier: GPL-2.0
/* Which PMUs and blocks list's patterns select, for its text and its JSON alike. */
#include <fnmatch.h>
#include <string.h>
#include "cmd/list/list.h"
#include "pmu/pmu.h"

bool list_matches(const struct list_args *a, const char *name, const char *family)
{
	if (!a->npattern)
		return true;
	for (int i = 0; i < a->npattern; i++)
		if (!fnmatch(a->pattern[i], name, 0) || strstr(name, a->pattern[i]) ||
		    !strcmp(a->pattern[i], family))
			return true;
	return false;
}

/* A source's block is listed by its block name as well as by its whole (PREFIX/<block>) */
bool list_block_matches(const struct list_args *a, const struct pmu *b)
{
	return list_matches(a, b->name, b->family->id) || list_matches(a, pmu_block_name(b), b->family->id);
}

/* The first block of its hwmon device: where that device's listing starts */
bool list_first_of_device(const struct pmu_list *pmus, size_t i)
{
	if (!pmus->v[i].hwmon)
		return false;
	for (size_t k = 0; k < i; k++)
		if (pmus->v[k].hwmon && !strcmp(pmus->v[k].hwmon, pmus->v[i].hwmon))
			return false;
	return true;
}
