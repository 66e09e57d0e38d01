// SPDX-License-Identifier: GPL-2.0
/* vercmp orders as strverscmp does: listed names, leading zeros, and random digit strings */
#include <stdlib.h>
#include <string.h>
#include "lib/vercmp.h"
#include "tests/unit/unit.h"

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void test_names(void)
{
	static const char *const v[] = { "nvidia_pcie_pmu_0_rc_2", "nvidia_pcie_pmu_0_rc_10", "nvidia_pcie_pmu_10_rc_0",
					 "nvidia_pcie_pmu_1_rc_0", "0000:00:01.0", "0000:0a:00.0", "0000:00:1f.7",
					 "a01", "a010", "a0", "a00", "a1", "a", "", "b", "pmu_09", "pmu_9", "pmu_009x" };
	size_t n = sizeof(v) / sizeof(v[0]);

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			CHECK(sign(vercmp(v[i], v[j])) == sign(strverscmp(v[i], v[j])));
	CHECK(vercmp("nvidia_pcie_pmu_0_rc_2", "nvidia_pcie_pmu_0_rc_10") < 0);
}

/* strings of 0, 1, 9 and '_': every state of strverscmp's table, at every place of a shared head */
static void test_random(void)
{
	static const char alphabet[] = "019_";
	char a[12], b[12];
	int wrong = 0;

	srand(1);
	for (int k = 0; k < 200000; k++) {
		size_t la = (size_t)rand() % 11, lb = (size_t)rand() % 11, same = (size_t)rand() % 11;

		for (size_t i = 0; i < la; i++)
			a[i] = alphabet[rand() % 4];
		a[la] = '\0';
		memcpy(b, a, la + 1);
		for (size_t i = same < la ? same : la; i < lb; i++)
			b[i] = alphabet[rand() % 4];
		b[lb] = '\0';
		wrong += sign(vercmp(a, b)) != sign(strverscmp(a, b));
	}
	CHECK(wrong == 0);
}

int main(void)
{
	test_names();
	test_random();
	return unit_report("test_vercmp");
}
