// SPDX-License-Identifier: GPL-2.0
/* "Did you mean": the misspellings the issue names, and words too far from any name */
#include <string.h>
#include "lib/suggest.h"
#include "tests/unit/unit.h"

static const char *near(const char *word, const char *const *names)
{
	static char buf[256];
	struct suggest s;

	suggest_init(&s, word);
	for (size_t i = 0; names[i]; i++)
		suggest_offer(&s, names[i]);
	return suggest_text(&s, buf, sizeof(buf));
}

static void test_misspellings(void)
{
	static const char *const events[] = { "rd_bytes", "wr_bytes", "rd_req", "cycles", NULL };
	static const char *const terms[] = { "src_bdf", "src_bdf_en", "src_rp_mask", NULL };
	static const char *const pmus[] = { "nvidia_pcie_pmu_0_rc_4", "nvidia_pcie_pmu_0_rc_5", NULL };
	static const char *const cmds[] = { "list", "map", "stat", "bdf", "help", NULL };
	static const char *const opts[] = { "per-socket", "per-pmu", "no-aggr", NULL };

	CHECK_STR(near("rd_byte", events), " (did you mean 'rd_bytes'?)");
	/* a swap of two letters is one edit */
	CHECK_STR(near("src_bfd", terms), " (did you mean 'src_bdf'?)");
	CHECK_STR(near("nvidia_pcie_pmu_0_rc4", pmus), " (did you mean 'nvidia_pcie_pmu_0_rc_4'?)");
	CHECK_STR(near("lsit", cmds), " (did you mean 'list'?)");
	CHECK_STR(near("per-scoket", opts), " (did you mean 'per-socket'?)");
	/* a prefix names every name it starts, nearest first */
	CHECK_STR(near("src_", terms), " (did you mean 'src_bdf', 'src_bdf_en' or 'src_rp_mask'?)");
}

static void test_nothing_near(void)
{
	static const char *const cmds[] = { "list", "map", "stat", "bdf", NULL };

	CHECK_STR(near("frobnicate", cmds), "");
	CHECK_STR(near("", cmds), "");
	/* the name itself is no suggestion */
	CHECK_STR(near("list", cmds), "");
	CHECK_STR(near("LIST", cmds), "");
}

/* A wrong instance number: the PMUs of that name, not the nearest other name (issue 45) */
static void test_instance_number(void)
{
	static const char *const pmus[] = { "nvidia_ucf_pmu_0", "nvidia_ucf_pmu_1", "nvidia_pcie_pmu_0_rc_0",
					    "nvidia_pcie_pmu_0_rc_1", NULL };

	CHECK_STR(near("nvidia_pcie_pmu_9", pmus), " (did you mean 'nvidia_pcie_pmu_0_rc_0' or 'nvidia_pcie_pmu_0_rc_1'?)");
	CHECK_STR(near("nvidia_ucf_pmu_7", pmus), " (did you mean 'nvidia_ucf_pmu_0' or 'nvidia_ucf_pmu_1'?)");
	/* a word that is only a number has no stem */
	CHECK_STR(near("12", pmus), "");
}

int main(void)
{
	test_instance_number();
	test_misspellings();
	test_nothing_near();
	return unit_report("test_suggest");
}
