// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon SLLC PMU, the link between a CPU die and the others: hisi_sccl<S>_sllc<I>, as
 * drivers/perf/hisilicon/hisi_uncore_sllc_pmu.c registers it (read at torvalds/linux
 * 0ea5c948cb64; v5.13, 3bf30882c3c7). PMU v2 only (Hip09).
 */
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define SLLC_SOURCE "drivers/perf/hisilicon/hisi_uncore_sllc_pmu.c"
/* num_counters, and check_event: SLLC_NR_EVENTS */
#define SLLC_COUNTERS 8
/* SLLC_NR_EVENTS: 0x80 until 35f5b36e8cc2 (v6.17) */
static const struct hisi_uncore_limits sllc_limits = { 0xff, 0x80, "v2", SLLC_COUNTERS };
/* tgtid_min, tgtid_max, srcid_cmd, srcid_msk, tracetag_en: config1:0-44, the PMU's registers */
#define SLLC_FILTER 0x1fffffffffffull

/*
 * hisi_uncore_pmu_event_init(); warned, what the filter drops: a target range that is none
 * (tgtid_is_valid: max > 0, max >= min) and a source mask without its command
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	uint64_t min = pmu_config_field(e->pmu, e->config, "tgtid_min");
	uint64_t max = pmu_config_field(e->pmu, e->config, "tgtid_max");
	int ret = hisi_uncore_check(set, i, &sllc_limits, err, warn);

	if (ret)
		return ret;
	if ((min || max) && !(max > 0 && max >= min))
		diag_add(
			warn,
			"%s: tgtid_min 0x%llx and tgtid_max 0x%llx are no range (the driver wants max > 0 and max >= min, tgtid_is_valid): it counts every target",
			e->event, (unsigned long long)min, (unsigned long long)max);
	hisi_uncore_mask_alone(e, "srcid_msk", "srcid_cmd", "hisi_sllc_pmu_config_srcid", warn);
	return 0;
}

/* hisi_sllc_pmu_enable_filter(): SLLC_SRCID_CTRL, SLLC_TGTID_CTRL and SLLC_PERF_CTRL's bits */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(
		set, f, SLLC_FILTER, 0,
		"SLLC_SRCID_CTRL, SLLC_TGTID_CTRL and SLLC_PERF_CTRL, hisi_sllc_pmu_enable_filter",
		warn);
}

const struct family_ops hisi_sllc_ops = {
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
