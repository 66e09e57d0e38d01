// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: recorded perf stat output, CSV and JSON lines. */
#include <stdint.h>
#include <stdlib.h>
#include "pmu/perfinput.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_records r;
	struct err_report err;

	if (!perf_input_parse((const char *)data, size, &r, &err)) {
		for (size_t i = 0; i < r.n; i++)
			if (!r.v[i].event)
				abort();
		perf_records_free(&r);
	}
	return 0;
}
