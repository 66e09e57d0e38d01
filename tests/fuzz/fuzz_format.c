// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: format/ files, HNS3 filtermode files and CPU lists (event_list: fuzz_bf_event_list). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/cpulist.h"
#include "pmu/family/hns3.h"
#include "pmu/format.h"
#include "pmu/pmu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct err_report err;
	struct cpulist c;
	uint64_t mask;
	unsigned word;
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!format_parse(s, &word, &mask, &err)) {
		char buf[256];

		/* a parsed field packs and unpacks its maximum unchanged */
		if (format_unpack(mask, format_pack(mask, format_max_value(mask))) !=
		    format_max_value(mask))
			abort();
		format_describe(word, mask, buf, sizeof(buf));
	}
	hns3_modes_parse(s);
	if (!cpulist_parse(s, &c))
		cpulist_free(&c);
	free(s);
	return 0;
}
