// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon MN PMU (Miscellaneous Node: barriers and DVM), one per SCL: hisi_scl<S>_mn<I>, as
 * drivers/perf/hisilicon/hisi_uncore_mn_pmu.c registers it (torvalds/linux 2257798498b3,
 * v6.18). 4 counters, check_event 0xff, no filter.
 */
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

/* HISI_MN_NR_COUNTERS; check_event is HISI_MN_EVTYPE_MASK */
static const struct hisi_uncore_limits mn_limits = { 0xff, 0, "v1", 4 };

static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	return hisi_uncore_check(set, i, &mn_limits, err, warn);
}

const struct family_ops hisi_mn_ops = {
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
