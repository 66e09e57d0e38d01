// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon UC PMU (unified cache), four a CPU cluster: hisi_sccl<S>_uc<C>_<sub>, as
 * drivers/perf/hisilicon/hisi_uncore_uc_pmu.c registers it (read at torvalds/linux
 * 06d074298583; merged as 312eca95e28d, v6.5, two event codes fixed by 38bbef7240b8; ACPI
 * HISI0291): a chip after Hip09, on kernels after Debian 12's.
 */
#include <errno.h>
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define UC_SOURCE "drivers/perf/hisilicon/hisi_uncore_uc_pmu.c"
/* HISI_UC_NR_COUNTERS; check_event is HISI_UC_EVTYPE_MASK */
#define UC_COUNTERS 8
static const struct hisi_uncore_limits uc_limits = { 0xff, 0, "v2", UC_COUNTERS };
/* HISI_UC_URING_EVENT_MIN, _MAX: the events uring_channel filters */
#define UC_URING_FIRST 0x47
#define UC_URING_LAST 0x59
/* rd_req_en, uring_channel, srcid, srcid_en: config1:0-20, the PMU's registers */
#define UC_FILTER 0x1fffffull

/*
 * hisi_uc_pmu_check_filter(), from hisi_uncore_pmu_event_init(): srcid_en without rd_req_en
 * is -EINVAL; uring_channel on an event outside 0x47-0x59 is the driver's own warning
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	unsigned long long event = e->config[0] & 0xff;
	int ret = hisi_uncore_check(set, i, &uc_limits, err, warn);

	if (ret)
		return ret;
	if (pmu_config_field(e->pmu, e->config, "srcid_en") &&
	    !pmu_config_field(e->pmu, e->config, "rd_req_en"))
		return rule_err_term(
			err, e, "srcid_en", -EINVAL,
			"srcid_en needs rd_req_en on '%s': the driver refuses it (hisi_uc_pmu_check_filter, \"rcid_en depends on rd_req_en being enabled\"); add rd_req_en=1",
			e->pmu->name);
	if (pmu_config_field(e->pmu, e->config, "uring_channel") &&
	    (event < UC_URING_FIRST || event > UC_URING_LAST))
		diag_add(
			warn,
			"%s: uring_channel filters events 0x%x-0x%x only, not 0x%llx: the driver says so in the kernel log and counts both channels (hisi_uc_pmu_check_filter)",
			e->event, UC_URING_FIRST, UC_URING_LAST, event);
	return 0;
}

/* hisi_uc_pmu_enable_filter(): HISI_UC_TRACETAG_CTRL_REG, _SRCID_CTRL_REG, _EVENT_CTRL_REG */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(
		set, f, UC_FILTER, 0,
		"HISI_UC_TRACETAG_CTRL_REG, HISI_UC_SRCID_CTRL_REG and HISI_UC_EVENT_CTRL_REG, hisi_uc_pmu_enable_filter",
		warn);
}

const struct family_ops hisi_uc_ops = {
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
