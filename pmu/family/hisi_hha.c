// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon HHA PMU (Hydra Home Agent), two a SCCL: hisi_sccl<S>_hha<I>, as
 * drivers/perf/hisilicon/hisi_uncore_hha_pmu.c registers it (read at torvalds/linux
 * 814be609baae; PMU v2 arrived with 932f6a99f9b0, v5.13). The home agent of a die's memory:
 * v1's events count what it sends the DDRCs, in 64- and 128-byte operations.
 */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define HHA_SOURCE "drivers/perf/hisilicon/hisi_uncore_hha_pmu.c"
/* HHA_V1_NR_COUNTERS, HHA_V2_NR_COUNTERS */
#define HHA_V1_COUNTERS 16
#define HHA_V2_COUNTERS 8
/* check_event: HHA_V1_NR_EVENT, HHA_V2_NR_EVENT (0xce until 35f5b36e8cc2, v6.17) */
static const struct hisi_uncore_limits hha_v1 = { 0x65, 0, "v1", HHA_V1_COUNTERS };
static const struct hisi_uncore_limits hha_v2 = { 0xff, 0xce, "v2", HHA_V2_COUNTERS };
/* srcid_cmd, srcid_msk, tracetag_en and datasrc_skt: config1:0-23, v2's filter */
#define HHA_FILTER 0xffffffull

/* hisi_hha_pmu_dev_probe() takes v2's attribute groups, with its filters, from HISI_PMU_V2 on */
static bool is_v2(const struct pmu *p)
{
	return hisi_uncore_v2(p, "srcid_cmd");
}

static size_t counters_of(const struct pmu *p)
{
	return is_v2(p) ? HHA_V2_COUNTERS : HHA_V1_COUNTERS;
}

/* hisi_uncore_pmu_event_init() with the version's check_event and counters; a mask alone warned */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct pmu *p = set->v[i].pmu;
	bool v2 = is_v2(p);
	int ret = hisi_uncore_check(set, i, v2 ? &hha_v2 : &hha_v1, err, warn);

	if (!ret && v2)
		hisi_uncore_mask_alone(&set->v[i], "srcid_msk", "srcid_cmd",
				       "hisi_hha_pmu_config_srcid", warn);
	return ret;
}

/* hisi_hha_pmu_enable_filter(): HHA_SRCID_CTRL and HHA_DATSRC_CTRL are the PMU's, not a counter's */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(set, f, HHA_FILTER, 0,
				  "HHA_SRCID_CTRL and HHA_DATSRC_CTRL, hisi_hha_pmu_enable_filter",
				  warn);
}

#define HHA_OWN "pmuctl's, on perf's hip08/uncore-hha.json (rd_ddr_64b: \"read operations sent by HHA to DDRC which size is 64 bytes\")"
#define HHA_RD "(rd_ddr_64b * 64 + rd_ddr_128b * 128)"
#define HHA_WR "(wr_ddr_64b * 64 + wr_ddr_128b * 128)"

const struct family_ops hisi_hha_ops = {
	.identify = {
		.decode = hisi_uncore_name_decode,
	},
	.locate = {
		.location = hisi_uncore_name_location,
		.fields = hisi_uncore_name_fields,
	},
	.rules = {
		.check = check,
		.check_plan = check_plan,
		.counters_of = counters_of,
	},
};
