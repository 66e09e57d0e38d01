/* SPDX-License-Identifier: GPL-2.0 */
/* Recorded perf stat output (perf 6.1: -x, CSV or -j JSON, with or without -I) as records. */
#ifndef PMUCTL_PERFINPUT_H
#define PMUCTL_PERFINPUT_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/err.h"

struct perf_record {
	double time;		/* -I timestamp in seconds; -1 without intervals */
	char *event;		/* as perf printed it: "PMU/EVENT/" */
	double count;
	bool counted;		/* false for <not counted> / <not supported> */
	bool not_supported;	/* perf said <not supported> */
	double run_ns;		/* the event's running time (ns), 0 if unknown */
	double pct;		/* running share, 100 when unknown */
	int cpu;		/* -A's "CPU<n>" field; -1 without it */
};

struct perf_records {
	struct perf_record *v;
	size_t n;
};

/* Parse the whole text; err names the line of the first malformed record. */
int perf_input_parse(const char *text, size_t len, struct perf_records *out, struct err_report *err);
void perf_records_free(struct perf_records *r);

#endif
