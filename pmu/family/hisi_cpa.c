// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon CPA PMU (Coherency Protocol Agent), on an I/O die: hisi_sicl<S>_cpa<I>, as
 * drivers/perf/hisilicon/hisi_uncore_cpa_pmu.c registers it (read at torvalds/linux
 * 6f47c7ae8c7a; merged as 6b79738b6ed9, v5.19), with perf's hip09/sys/uncore-cpa.json
 * (6b342707a1ec), whose port bandwidths need four events sysfs does not have.
 */
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define CPA_SOURCE "drivers/perf/hisilicon/hisi_uncore_cpa_pmu.c"
#define CPA_JSON "perf's hip09/sys/uncore-cpa.json"
/* CPA_NR_COUNTERS, CPA_NR_EVENTS */
#define CPA_COUNTERS 8
static const struct hisi_uncore_limits cpa_limits = { 0xff, 0, "v2", CPA_COUNTERS };
/* the JSON's "Compat": the identifier of HISI_PMU_V2 */
#define CPA_COMPAT "0x00000030"

/* hisi_uncore_pmu_event_init(): CPA_NR_EVENTS, 8 counters; it has no filter */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	return hisi_uncore_check(set, i, &cpa_limits, err, warn);
}

#define CPA_BW(port)                                                                               \
	"(cpa_" port "_wr_dat * 64 + cpa_" port "_rd_dat_64b * 64 + cpa_" port                     \
	"_rd_dat_32b * 32) / cpa_cycles"

const struct family_ops hisi_cpa_ops = {
	.identify = {
		.decode = hisi_uncore_name_decode,
	},
	.locate = {
		.location = hisi_uncore_name_location,
		.fields = hisi_uncore_name_fields,
	},
	.rules = {
		.check = check,
	},
};
