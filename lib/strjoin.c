// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include "lib/strjoin.h"

size_t strjoin_intov(char *buf, size_t size, const char *const *parts)
{
	size_t used = 0;

	for (; *parts; parts++) {
		size_t len = strlen(*parts);

		if (used < size)
			memcpy(buf + used, *parts, used + len < size ? len : size - used);
		used += len;
	}
	if (size)
		buf[used < size ? used : size - 1] = '\0';
	return used;
}

char *strjoin_dupv(const char *const *parts)
{
	size_t len = 0;
	char *out;

	for (const char *const *p = parts; *p; p++)
		len += strlen(*p);
	out = malloc(len + 1);
	if (out)
		strjoin_intov(out, len + 1, parts);
	return out;
}
