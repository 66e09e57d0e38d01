// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon PA PMU (Protocol Adapter), on an I/O die: hisi_sicl<S>_pa<I>, as
 * drivers/perf/hisilicon/hisi_uncore_pa_pmu.c registers it (read at torvalds/linux
 * 5f8f8574c7f5; v5.13), and from v6.5 (torvalds/linux 1a51688474c0) PA v3 under the same name
 * and the H60PA, hisi_sicl<S>_h60pa<I>: other events, the same formats, counters and rules.
 */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define PA_SOURCE "drivers/perf/hisilicon/hisi_uncore_pa_pmu.c"
/* PA_NR_COUNTERS, and check_event (0xb0 until 35f5b36e8cc2, v6.17: PA_EVTYPE_MASK) */
#define PA_COUNTERS 8
static const struct hisi_uncore_limits pa_limits = { 0xff, 0xb0, "v2", PA_COUNTERS };
/* tgtid_cmd, tgtid_msk, srcid_cmd, srcid_msk, tracetag_en: config1:0-44, the PMU's registers */
#define PA_FILTER 0x1fffffffffffull

/* hisi_pa_pmu_probe(): "hisi_sicl%d_%s%u", the device's dev_info->name, "pa" or "h60pa" */
static const char *unit_of(const struct pmu *p)
{
	return strstr(p->name, "_h60pa") ? "h60pa" : "pa";
}

static bool decode(struct pmu *p)
{
	return hisi_uncore_decode(p, "sicl", "h60pa") || hisi_uncore_decode(p, "sicl", "pa");
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	hisi_uncore_location(p, "sicl", unit_of(p), buf, size);
}

/* list -j's keys stay sicl and pa on an H60PA: its index is a PA's */
static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	return hisi_uncore_fields(p, "sicl", "pa", out);
}

/* hisi_uncore_pmu_event_init(); a mask without its command warned */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	int ret = hisi_uncore_check(set, i, &pa_limits, err, warn);

	if (ret)
		return ret;
	hisi_uncore_mask_alone(e, "tgtid_msk", "tgtid_cmd", "hisi_pa_pmu_config_tgtid", warn);
	hisi_uncore_mask_alone(e, "srcid_msk", "srcid_cmd", "hisi_pa_pmu_config_srcid", warn);
	return 0;
}

/* hisi_pa_pmu_enable_filter(): PA_TGTID_CTRL, PA_SRCID_CTRL and PA_TT_CTRL */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(set, f, PA_FILTER, 0,
				  "PA_TGTID_CTRL, PA_SRCID_CTRL and PA_TT_CTRL, hisi_pa_pmu_enable_filter",
				  warn);
}

const struct family_ops hisi_pa_ops = {
	.identify = {
		.decode = decode,
	},
	.locate = {
		.location = location,
		.fields = fields,
	},
	.rules = {
		.check = check,
		.check_plan = check_plan,
	},
};
