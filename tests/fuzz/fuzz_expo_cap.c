// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: serve --max-series on any text: the first byte picks the format and the bound;
 * what is left out is exactly the count it reports, and only pci_bus_id lines are.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/expo_cap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Lines that are samples (not empty, not a comment), or with eof those that begin # EOF */
static size_t lines(const char *s, size_t len, bool eof)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		if (i && s[i - 1] != '\n')
			continue;
		if (eof ? len - i >= 5 && !memcmp(s + i, "# EOF", 5) : s[i] != '#' && s[i] != '\n')
			n++;
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum expo_format fmt;
	size_t max, len, dropped, before, after, added;
	char *buf;

	if (!size)
		return 0;
	fmt = data[0] & 1 ? EXPO_OPENMETRICS : EXPO_PROMETHEUS;
	max = data[0] >> 1;
	len = size - 1;
	buf = malloc(len ? len : 1);
	if (!buf)
		return 0;
	memcpy(buf, data + 1, len);
	/* whole lines: a last line without its newline is one too */
	before = lines(buf, len, false);
	/* the count's sample goes at the end of the text format, before each # EOF of OpenMetrics */
	added = fmt == EXPO_PROMETHEUS ? 1 : lines(buf, len, true);
	if (expo_cap(&buf, &len, fmt, max, &dropped)) {
		free(buf);
		return 0;
	}
	after = lines(buf, len, false);
	if (dropped > before || after != before - dropped + added)
		abort();
	free(buf);
	return 0;
}
