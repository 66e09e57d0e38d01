// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon PA PMU (Protocol Adapter), on an I/O die: hisi_sicl<S>_pa<I>, as
 * drivers/perf/hisilicon/hisi_uncore_pa_pmu.c registers it (read at torvalds/linux
 * 5f8f8574c7f5; v5.13), and from v6.5 (torvalds/linux 1a51688474c0) PA v3 under the same name
 * and the H60PA, hisi_sicl<S>_h60pa<I>: other events, the same formats, counters and rules.
 */
#include <string.h>
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

/* The driver's names (v2; v3's hisi_pa_pmu_v3_events_attr; H60PA's); no document describes them */
static const struct catalog_entry events[] = {
	{ "rx_req", "requests the adapter receives (the driver's name)" },
	{ "tx_req", "requests the adapter sends (the driver's name)" },
	{ "cycle", "PA clock cycles" },
	{ "rx_dat", "data the adapter receives (PA v3; the driver's name)" },
	{ "tx_dat", "data the adapter sends (PA v3; the driver's name)" },
	{ "rx_snp", "snoops the adapter receives (PA v3; the driver's name)" },
	{ "tx_snp", "snoops the adapter sends (PA v3; the driver's name)" },
	{ "rx_flit", "flits the H60PA receives (the driver's name)" },
	{ "tx_flit", "flits the H60PA sends (the driver's name)" },
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

/* ACPI HIDs HISI0273 (v2), HISI0274 (H60PA), HISI0275 (v3): hisi_pa_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI027",
	.module = "hisi_uncore_pa_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v5.13 (PA v3 and H60PA: v6.5, torvalds/linux 1a51688474c0), " PA_SOURCE,
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
	/* hisi_pa_clock needs v2's cycle, which v3 and the H60PA do not register */
	.metrics_need = "cycle",
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
};
