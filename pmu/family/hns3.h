/* SPDX-License-Identifier: GPL-2.0 */
/* What the HNS3 family's descriptor reads that a fuzzer reaches directly, and its event pairs. */
#ifndef PMUCTL_HNS3_H
#define PMUCTL_HNS3_H

#include <stddef.h>

/*
 * A filtermode/<event> file: "filter mode supported: global port ... \n" (the driver's
 * spaces) or the document's "global/port/..."; a bit per mode in the driver's order
 */
unsigned hns3_modes_parse(const char *text);

/* An event pair, counter 0 / counter 1 (hns3-pmu.rst), from the driver's table (hns3_pairs.c) */
struct hns3_pair {
	const char *base, *counter0, *counter1;
};
extern const struct hns3_pair hns3_pairs[];
extern const size_t hns3_npairs;

#endif
