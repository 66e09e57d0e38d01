/* SPDX-License-Identifier: GPL-2.0 */
/* What events and filters mean, in the words of the kernel documents they come from. */
#ifndef PMUCTL_CATALOG_H
#define PMUCTL_CATALOG_H

#include <stddef.h>
#include "pmu/pmu.h"

struct catalog_entry {
	const char *name;
	const char *text;
};

extern const struct catalog_entry catalog_bluefield[];

/* NULL when the documents say nothing about it. */
const char *catalog_event(enum pmu_family f, const char *event);
const char *catalog_format(enum pmu_family f, const char *format);
const char *catalog_bluefield_event(const char *event);
/* HNS3 event names are systematic: "bandwidth ... (counter 0: bytes)" into buf. */
const char *catalog_hns3_event(const char *event, char *buf, size_t size);

#endif
