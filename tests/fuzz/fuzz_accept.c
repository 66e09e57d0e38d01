// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: Accept headers; whatever they say, one of the two formats comes back. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/accept.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	enum expo_format f;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	f = accept_format(s);
	if (f != EXPO_PROMETHEUS && f != EXPO_OPENMETRICS)
		abort();
	free(s);
	return 0;
}
