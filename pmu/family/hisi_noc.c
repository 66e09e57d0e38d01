// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon NoC PMU (a ring of the Network on Chip), hisi_scl<S>_noc<I>_<sub>, as
 * drivers/perf/hisilicon/hisi_uncore_noc_pmu.c registers it (torvalds/linux e31c0eb10388,
 * v6.18): 4 counters, event codes config:0-4 (check_event NOC_PMU_EVENT_CTRL_TYPE), a channel
 * filter each counter, and one tracetag switch for the whole PMU.
 */
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

/* NOC_PMU_NR_COUNTERS; check_event is NOC_PMU_EVENT_CTRL_TYPE, GENMASK(4, 0) */
static const struct hisi_uncore_limits noc_limits = { 0x1f, 0, "v1", 4 };
/* tt_en, config1:3: NOC_PMU_GLOBAL_CTRL_TT_EN, the PMU's */
#define NOC_TT_EN 0x8ull

static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	return hisi_uncore_check(set, i, &noc_limits, err, warn);
}

/*
 * hisi_noc_pmu_get_event_idx(): NOC_PMU_GLOBAL_CTRL_TT_EN is the PMU's, so an event whose
 * tt_en differs from those counting gets -EAGAIN: the two never count at once
 */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	const struct plan_event *e, *o;

	if (hisi_uncore_filter_clash(set, f, NOC_TT_EN, 0, &e, &o))
		diag_add(
			warn,
			"%s: '%s' has one tracetag switch for all its counters: beside '%s', whose tt_en differs, it waits until that one stops (hisi_noc_pmu_get_event_idx: -EAGAIN), and in one group the group never counts",
			e->event, e->pmu->name, o->event);
}

const struct family_ops hisi_noc_ops = {
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
