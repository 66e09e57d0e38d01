// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon L3C PMU, one per CPU cluster's L3 cache (CCL, 4 cores): hisi_sccl<S>_l3c<C>, as
 * drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c registers it (read at the version with PMU v2,
 * which arrived with torvalds/linux 486a7f46b966, v5.13; the name's index is the CCL id since).
 */
#include <errno.h>
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define L3C_SOURCE "drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c"
/* L3C_NR_COUNTERS, every version, and as many again for each extension region (v3) */
#define L3C_COUNTERS 8
/* L3C_MAX_EXT: ext_num is the PMU's IRQs less one, at most 2 */
#define L3C_MAX_EXT 2
/* check_event: L3C_V1_NR_EVENTS, L3C_V2_NR_EVENTS (v3's too) */
static const struct hisi_uncore_limits l3c_v1 = { 0x59, 0, "v1", L3C_COUNTERS };
static const struct hisi_uncore_limits l3c_v2 = { 0xff, 0, "v2", L3C_COUNTERS };
/*
 * v3: num_counters is 8 and 8 an extension region; every v3 has one (hisi_l3c_pmu_init_ext
 * wants two IRQs), a second is not shown in sysfs
 */
#define L3C_V3_COUNTERS 16 /* 2 * L3C_COUNTERS */
static const struct hisi_uncore_limits l3c_v3 = { 0xff, 0, "v3", L3C_V3_COUNTERS };
/*
 * tt_core, tt_req (config1:0-10) and datasrc_skt (config1:16) are in the PMU's registers;
 * datasrc_cfg (config1:11-15) is a counter's own (hisi_l3c_pmu_write_ds). From a084c3c4a267
 * (v6.18) tt_core is config2:0-15, and config1:0-7 is tt_core_deprecated.
 */
#define L3C_SHARED_FILTER 0x107ffull
#define L3C_SHARED_FILTER2 0xffffull

/* hisi_l3c_pmu_dev_probe() takes v2's attribute groups, with its filters, from HISI_PMU_V2 on */
static bool is_v2(const struct pmu *p)
{
	return hisi_uncore_v2(p, "tt_core");
}

/* v3 (HISI0215) registers the extension format, "ext" (config:16-17) */
static bool is_v3(const struct pmu *p)
{
	return pmu_find_format(p, "ext") != NULL;
}

/* The events of e's group in e's region (ext value): each region has its own 8 counters */
static size_t region_events(const struct plan *set, size_t i)
{
	const struct plan_event *e = &set->v[i];
	uint64_t ext = pmu_config_field(e->pmu, e->config, "ext");
	size_t n = 0;

	for (size_t k = 0; k <= i; k++)
		n += set->v[k].group == e->group && set->v[k].pmu == e->pmu &&
		     pmu_config_field(e->pmu, set->v[k].config, "ext") == ext;
	return n;
}

static size_t counters_of(const struct pmu *p)
{
	return is_v3(p) ? L3C_V3_COUNTERS : L3C_COUNTERS;
}

/*
 * hisi_uncore_pmu_event_init() with the version's check_event, and
 * hisi_l3c_pmu_check_filter(): an extension region the PMU lacks, or tt_core and
 * tt_core_deprecated together, are -EINVAL
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	const struct pmu *p = e->pmu;
	uint64_t ext = pmu_config_field(p, e->config, "ext");
	int ret = hisi_uncore_check(set, i, is_v3(p) ? &l3c_v3 : is_v2(p) ? &l3c_v2 : &l3c_v1, err,
				    warn);

	if (ret)
		return ret;
	if (ext > L3C_MAX_EXT)
		return rule_err_term(
			err, e, "ext", -EINVAL,
			"ext=%llu names no extension region of '%s': an L3C has at most %d (hisi_l3c_pmu_check_filter, L3C_MAX_EXT)",
			(unsigned long long)ext, p->name, L3C_MAX_EXT);
	if (pmu_config_field(p, e->config, "tt_core") &&
	    pmu_config_field(p, e->config, "tt_core_deprecated"))
		return rule_err_term(
			err, e, "tt_core_deprecated", -EINVAL,
			"tt_core and tt_core_deprecated together on '%s': the driver refuses it (hisi_l3c_pmu_check_filter, a084c3c4a267); give tt_core alone",
			p->name);
	if (ext == L3C_MAX_EXT)
		diag_add(
			warn,
			"%s: ext=2 counts only on an L3C with two extension regions (three IRQs): one with one refuses it with EINVAL (hisi_l3c_pmu_check_filter)",
			e->event);
	if (e->group >= 0 && region_events(set, i) == L3C_COUNTERS + 1)
		diag_add(
			warn,
			"%s: the group has more than %d events in one counter region of '%s' (ext=%llu): it is taken, and never counts (hisi_l3c_pmu_get_event_idx finds no counter); split the group",
			e->event, L3C_COUNTERS, p->name, (unsigned long long)ext);
	return 0;
}

/* hisi_l3c_pmu_enable_filter(): core, tracetag and socket filters are the PMU's registers */
static void check_plan(const struct pmu_family *f, const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(
		set, f, L3C_SHARED_FILTER, L3C_SHARED_FILTER2,
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
		.counters_of = counters_of,
	},
};
