// SPDX-License-Identifier: GPL-2.0
/* libFuzzer: listen addresses; an accepted one has a port in range and a host that fits. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lib/hostport.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), host[256];
	const char *why = NULL;
	unsigned port;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (!hostport_split(s, host, sizeof(host), &port, &why)) {
		if (port > 65535 || strlen(host) >= sizeof(host) || strchr(host, ']'))
			abort();
	} else if (!why) {
		abort();
	}
	free(s);
	return 0;
}
