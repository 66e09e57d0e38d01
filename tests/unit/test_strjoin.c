// SPDX-License-Identifier: GPL-2.0
/* strjoin writes what snprintf("%s%s...") and asprintf write, cut where snprintf cuts */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strjoin.h"
#include "tests/unit/unit.h"

static const char *const parts[] = { "", "a", "src_bdf=0x0100", ",", "nvidia_pcie_pmu_0_rc_2/" };
#define NPARTS (sizeof(parts) / sizeof(parts[0]))

/* every triple, into every buffer size from 0 to past the joined length */
static void test_into(void)
{
	char got[64], want[64];
	int wrong = 0;

	for (size_t a = 0; a < NPARTS; a++)
		for (size_t b = 0; b < NPARTS; b++)
			for (size_t c = 0; c < NPARTS; c++)
				for (size_t size = 0; size < 48; size++) {
					int n = snprintf(want, size, "%s%s%s", parts[a], parts[b], parts[c]);
					size_t m;

					memset(got, 'x', sizeof(got));
					m = strjoin_into(got, size, parts[a], parts[b], parts[c]);
					wrong += m != (size_t)n || (size && strcmp(got, want)) || got[size] != 'x';
				}
	CHECK(wrong == 0);
}

static void test_dup(void)
{
	char *s = strjoin_dup("nvidia_pcie_pmu_0_rc_2", "/", "rd_bytes,src_bdf=0x0100", "/", "");

	CHECK(s && !strcmp(s, "nvidia_pcie_pmu_0_rc_2/rd_bytes,src_bdf=0x0100/"));
	free(s);
	s = strjoin_dup("");
	CHECK(s && !strcmp(s, ""));
	free(s);
}

int main(void)
{
	test_into();
	test_dup();
	return unit_report("test_strjoin");
}
