/* SPDX-License-Identifier: GPL-2.0 */
/* What the HNS3 family's descriptor reads that a fuzzer reaches directly. */
#ifndef PMUCTL_HNS3_H
#define PMUCTL_HNS3_H

/*
 * A filtermode/<event> file: "filter mode supported: global port ... \n" (the driver's
 * spaces) or the document's "global/port/..."; a bit per mode in the driver's order
 */
unsigned hns3_modes_parse(const char *text);

#endif
