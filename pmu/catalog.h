/* SPDX-License-Identifier: GPL-2.0 */
/* What events and filters mean, in the words of the kernel documents they come from. */
#ifndef PMUCTL_CATALOG_H
#define PMUCTL_CATALOG_H

#include <stddef.h>
#include "pmu/pmu.h"

extern const struct catalog_entry catalog_bluefield[];

/* NULL when the documents say nothing about it. */
const char *catalog_bluefield_event(const char *event);

#endif
