// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: BDFs in lspci -s syntax and as 16-bit values; accepted ones round-trip. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "topology/bdf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct err_report err;
	struct bdf b, back;
	bool was_value;
	char buf[32];
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!bdf_parse_any(s, &b, &was_value, &err)) {
		bdf_decode(bdf_encode(&b), &back);
		if (back.bus != b.bus || back.dev != b.dev || back.fn != b.fn)
			abort();
		bdf_format(&b, buf, sizeof(buf));
	}
	free(s);
	return 0;
}
