// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon DDRC PMU, one per DDR controller of a SCCL (a CPU die): hisi_sccl<S>_ddrc<I> on
 * Hip08 (PMU v1, HISI0233), hisi_sccl<S>_ddrc<I>_<sub> on Hip09 and later (v2, HISI0234; v3,
 * HISI0235), as drivers/perf/hisilicon/hisi_uncore_ddrc_pmu.c and hisi_uncore_pmu.c register
 * them (read at the version with hisi_ddrc_v3; v2 arrived in torvalds/linux cce03e702c9f, v5.13).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define DDRC_SOURCE "drivers/perf/hisilicon/hisi_uncore_ddrc_pmu.c"
/* DDRC_NR_COUNTERS: 8 in every version */
#define DDRC_COUNTERS 8
/* check_event: DDRC_V1_NR_EVENTS; DDRC_V2_NR_EVENTS, 0x90 until 35f5b36e8cc2 (v6.17) */
static const struct hisi_uncore_limits ddrc_v1 = { 0x7, 0, "v1", DDRC_COUNTERS };
static const struct hisi_uncore_limits ddrc_v2 = { 0xff, 0x90, "v2", DDRC_COUNTERS };

/*
 * hisi_ddrc_pmu_probe(): "hisi_sccl%d_ddrc%d_%d" (SCCL, channel, sub id) when the version
 * register reads HISI_PMU_V2 or later, else "hisi_sccl%d_ddrc%d"
 */
/* hisi_uncore_pmu_event_init(), with the version's check_event and the 8 counters */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	bool v1 = hisi_uncore_of(set->v[i].pmu)->sub < 0;

	return hisi_uncore_check(set, i, v1 ? &ddrc_v1 : &ddrc_v2, err, warn);
}

/*
 * v1's counters are fixed, counter n for event n (hisi_ddrc_pmu_v1_get_event_idx): a second
 * event of one code on a PMU finds its counter taken (-EAGAIN) and waits its turn, and in
 * one group the group never counts
 */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];

		if (!e->pmu || e->pmu->family != f || hisi_uncore_of(e->pmu)->sub >= 0)
			continue;
		for (size_t k = 0; k < i; k++) {
			const struct plan_event *o = &set->v[k];

			if (o->pmu != e->pmu || (o->config[0] & 7) != (e->config[0] & 7))
				continue;
			diag_add(
				warn,
				"%s: '%s' counts event %llu on a fixed counter of its own (hisi_ddrc_pmu_v1_get_event_idx): a second one takes turns with '%s'%s",
				e->event, e->pmu->name, (unsigned long long)(e->config[0] & 7),
				o->event,
				o->group >= 0 && o->group == e->group ?
					", and in one group never counts" :
					"");
			return;
		}
	}
}

#define DDRC_OWN "pmuctl's, on the driver's flux_rd, flux_wr and cycles (" DDRC_SOURCE ")"

const struct family_ops hisi_ddrc_ops = {
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
