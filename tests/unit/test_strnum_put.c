// SPDX-License-Identifier: GPL-2.0
/* strnum_put_u64 writes what printf's "%0*llu" and "%0*llx" write */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "tests/unit/unit.h"

static int differs(uint64_t v, unsigned base, size_t min)
{
	char got[32], want[32];
	size_t n = strnum_put_u64(v, base, min, got);

	snprintf(want, sizeof(want), base == 16 ? "%0*llx" : "%0*llu", (int)min, (unsigned long long)v);
	return n != strlen(want) || memcmp(got, want, n);
}

int main(void)
{
	static const uint64_t edges[] = { 0, 1, 9, 10, 15, 16, 0x4100, 0xffff, 99999, UINT64_MAX - 1, UINT64_MAX };
	int wrong = 0;

	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++)
		for (size_t min = 0; min <= 20; min++)
			wrong += differs(edges[i], 10, min) + differs(edges[i], 16, min);
	srand(1);
	for (int k = 0; k < 100000; k++) {
		uint64_t v = (uint64_t)rand() << 40 ^ (uint64_t)rand() << 20 ^ (uint64_t)rand();

		v >>= rand() % 64;
		wrong += differs(v, 10, (size_t)(rand() % 6)) + differs(v, 16, (size_t)(rand() % 6));
	}
	CHECK(wrong == 0);
	return unit_report("test_strnum_put");
}
