// SPDX-License-Identifier: GPL-2.0
/* What BlueField events mean, from the BSP documentation (catalog_bluefield.c, generated). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "pmu/catalog.h"

const char *catalog_bluefield_event(const char *event)
{
	char name[128];
	size_t n = strlen(event);

	/* some BlueField-3 names end in a space in the driver's table */
	while (n && event[n - 1] == ' ')
		n--;
	snprintf(name, sizeof(name), "%.*s", (int)n, event);
	return catalog_lookup(catalog_bluefield, name);
}

