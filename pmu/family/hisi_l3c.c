// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon L3C PMU, one per CPU cluster's L3 cache (CCL, 4 cores): hisi_sccl<S>_l3c<C>, as
 * drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c registers it (read at the version with PMU v2,
 * which arrived with torvalds/linux 486a7f46b966, v5.13; the name's index is the CCL id since).
 */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define L3C_SOURCE "drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c"
/* L3C_NR_COUNTERS, both versions */
#define L3C_COUNTERS 8
/* check_event: L3C_V1_NR_EVENTS, L3C_V2_NR_EVENTS */
#define L3C_V1_LAST 0x59
#define L3C_V2_LAST 0xff
/*
 * tt_core, tt_req (config1:0-10) and datasrc_skt (config1:16) are in the PMU's registers;
 * datasrc_cfg (config1:11-15) is a counter's own (hisi_l3c_pmu_write_ds)
 */
#define L3C_SHARED_FILTER 0x107ffull

/* hisi_l3c_pmu_dev_probe() takes v2's attribute groups, with its filters, from HISI_PMU_V2 on */
static bool is_v2(const struct pmu *p)
{
	return hisi_uncore_v2(p, "tt_core");
}

/* hisi_uncore_pmu_event_init() with the version's check_event */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	bool v2 = is_v2(set->v[i].pmu);

	(void)warn;
	return hisi_uncore_check(set, i, v2 ? L3C_V2_LAST : L3C_V1_LAST, v2 ? "v2" : "v1",
				 L3C_COUNTERS, err);
}

/* hisi_l3c_pmu_enable_filter(): core, tracetag and socket filters are the PMU's registers */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(
		set, f, L3C_SHARED_FILTER,
		"tt_core, tt_req and datasrc_skt: L3C_CORE_CTRL, L3C_TRACETAG_CTRL and L3C_DATSRC_CTRL, hisi_l3c_pmu_enable_filter",
		warn);
}

const struct family_ops hisi_l3c_ops = {
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
	},
};
