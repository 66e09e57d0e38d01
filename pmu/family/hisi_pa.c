// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon PA PMU (Protocol Adapter), on an I/O die: hisi_sicl<S>_pa<I>, as
 * drivers/perf/hisilicon/hisi_uncore_pa_pmu.c registers it (read at torvalds/linux
 * 5f8f8574c7f5; v5.13). PMU v2 only (Hip09); H60PA's later names are not read.
 */
#include "pmu/family/families.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define PA_SOURCE "drivers/perf/hisilicon/hisi_uncore_pa_pmu.c"
/* PA_NR_COUNTERS, and check_event */
#define PA_COUNTERS 8
#define PA_LAST 0xb0
/* tgtid_cmd, tgtid_msk, srcid_cmd, srcid_msk, tracetag_en: config1:0-44, the PMU's registers */
#define PA_FILTER 0x1fffffffffffull

HISI_UNCORE_NAME_HOOKS("sicl", "pa")

/* The driver's names; no document describes them */
static const struct catalog_entry events[] = {
	{ "rx_req", "requests the adapter receives (the driver's name)" },
	{ "tx_req", "requests the adapter sends (the driver's name)" },
	{ "cycle", "PA clock cycles" },
	{ NULL, NULL },
};

/* hisi-pmu.rst's words */
static const struct catalog_entry formats[] = {
	{ "tgtid_cmd", "count only traffic to this target id, a CCL or ICL" },
	{ "tgtid_msk", "the bits of tgtid_cmd not compared" },
	{ "srcid_cmd", "count only traffic from this source id, a CCL or ICL" },
	{ "srcid_msk", "the bits of srcid_cmd not compared" },
	{ "tracetag_en", "count only requests with the tracetag set" },
	{ NULL, NULL },
};

/* hisi_uncore_pmu_event_init(); a mask without its command warned */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	int ret = hisi_uncore_check(set, i, PA_LAST, "v2", PA_COUNTERS, err);

	if (ret)
		return ret;
	hisi_uncore_mask_alone(e, "tgtid_msk", "tgtid_cmd", "hisi_pa_pmu_config_tgtid", warn);
	hisi_uncore_mask_alone(e, "srcid_msk", "srcid_cmd", "hisi_pa_pmu_config_srcid", warn);
	return 0;
}

/* hisi_pa_pmu_enable_filter(): PA_TGTID_CTRL, PA_SRCID_CTRL and PA_TT_CTRL */
static void check_plan(const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(set, &family_hisi_pa, PA_FILTER,
				  "PA_TGTID_CTRL, PA_SRCID_CTRL and PA_TT_CTRL, hisi_pa_pmu_enable_filter",
				  warn);
}

static const struct family_metric doc_metrics[] = {
	{ "hisi_pa_clock", "cycle / 1e6 / duration_time", "MHz", "PA clock, measured",
	  "pmuctl's, on the driver's cycle (" PA_SOURCE ")", 0, false, NULL, false, false,
	  DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HID HISI0273: hisi_pa_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI0273",
	.module = "hisi_uncore_pa_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v5.13, " PA_SOURCE,
};

const struct pmu_family family_hisi_pa = {
	.id = "hisi_pa",
	.title = "HiSilicon PA",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.format_docs = formats,
	.check = check,
	.check_plan = check_plan,
	.group_max = PA_COUNTERS,
	.counters = PA_COUNTERS,
	.counters_from = "PA_NR_COUNTERS, " PA_SOURCE,
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
};
