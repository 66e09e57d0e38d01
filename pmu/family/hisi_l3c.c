// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon L3C PMU, one per CPU cluster's L3 cache (CCL, 4 cores): hisi_sccl<S>_l3c<C>, as
 * drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c registers it (read at the version with PMU v2,
 * which arrived with torvalds/linux 486a7f46b966, v5.13; the name's index is the CCL id since).
 */
#include <string.h>
#include "pmu/family/families.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define L3C_SOURCE "drivers/perf/hisilicon/hisi_uncore_l3c_pmu.c"
/* L3C_NR_COUNTERS, both versions */
#define L3C_COUNTERS 8
/* check_event: L3C_V1_NR_EVENTS, L3C_V2_NR_EVENTS */
#define L3C_V1_LAST 0x59
#define L3C_V2_LAST 0xff
/*
 * tt_core, tt_req (config1:0-10) and datasrc_skt (config1:16) are in the PMU's registers;
 * datasrc_cfg (config1:11-15) is a counter's own (hisi_l3c_pmu_write_ds)
 */
#define L3C_SHARED_FILTER 0x107ffull

/* hisi_l3c_pmu_dev_probe() takes v2's attribute groups, with its filters, from HISI_PMU_V2 on */
static bool is_v2(const struct pmu *p)
{
	return hisi_uncore_v2(p, "tt_core");
}

HISI_UNCORE_NAME_HOOKS("sccl", "l3c")

/* perf's hip08/uncore-l3c.json for v1's, the driver's names for v2's */
static const struct catalog_entry events[] = {
	{ "rd_cpipe", "Total read accesses" },
	{ "wr_cpipe", "Total write accesses" },
	{ "rd_hit_cpipe", "Total read hits" },
	{ "wr_hit_cpipe", "Total write hits" },
	{ "victim_num", "l3c precharge commands" },
	{ "rd_spipe",
	  "Count of the number of read lines that come from this cluster of CPU core in spipe" },
	{ "wr_spipe",
	  "Count of the number of write lines that come from this cluster of CPU core in spipe" },
	{ "rd_hit_spipe", "Count of the number of read lines that hits in spipe of this L3C" },
	{ "wr_hit_spipe", "Count of the number of write lines that hits in spipe of this L3C" },
	{ "back_invalid", "Count of the number of L3C back invalid operations" },
	{ "retry_cpu", "Count of the number of retry that L3C suppresses the CPU operations" },
	{ "retry_ring", "Count of the number of retry that L3C suppresses the ring operations" },
	{ "prefetch_drop", "Count of the number of prefetch drops from this L3C" },
	{ "l3c_hit", "L3C hits (v2; the driver's name)" },
	{ "cycles", "L3C clock cycles (v2)" },
	{ "l3c_ref", "L3C references (v2; the driver's name)" },
	{ "dat_access", "data accesses, by where the data came from with datasrc_cfg (v2)" },
	{ NULL, NULL },
};

/* hisi-pmu.rst's words */
static const struct catalog_entry formats[] = {
	{ "tt_core", "count only the cluster's cores (threads) of this bitmap (v2)" },
	{ "tt_req",
	  "count only reads (0x4), writes (0x5), atomic stores (0x6) or atomic non-stores (0x7) (v2)" },
	{ "datasrc_cfg",
	  "count only data from: 0x1 this die's L3C, 0x8 the other die's, 0x9 the other socket's, 0xe local DDR, 0xf the other die's DDR, 0x10 the other socket's DDR (v2)" },
	{ "datasrc_skt", "with datasrc_cfg on a multi-chip machine, tell the sockets apart (v2)" },
	{ NULL, NULL },
};

/* hisi_uncore_pmu_event_init() with the version's check_event */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	bool v2 = is_v2(set->v[i].pmu);

	(void)warn;
	return hisi_uncore_check(set, i, v2 ? L3C_V2_LAST : L3C_V1_LAST, v2 ? "v2" : "v1",
				 L3C_COUNTERS, err);
}

/* hisi_l3c_pmu_enable_filter(): core, tracetag and socket filters are the PMU's registers */
static void check_plan(const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(
		set, &family_hisi_l3c, L3C_SHARED_FILTER,
		"tt_core, tt_req and datasrc_skt: L3C_CORE_CTRL, L3C_TRACETAG_CTRL and L3C_DATSRC_CTRL, hisi_l3c_pmu_enable_filter",
		warn);
}

static const struct family_metric doc_metrics[] = {
	{ "hisi_l3c_rd_hit_rate", "rd_hit_cpipe / rd_cpipe * 100", "%",
	  "share of a cluster's L3 cache reads that hit (v1)",
	  "pmuctl's, on perf's hip08/uncore-l3c.json (rd_hit_cpipe \"Total read hits\", rd_cpipe \"Total read accesses\")",
	  0, false, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HIDs HISI0213 (v1), HISI0214 (v2): hisi_l3c_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI021",
	.module = "hisi_uncore_l3c_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v4.16 (v1), v5.13 (v2, torvalds/linux 486a7f46b966), " L3C_SOURCE,
};

static const struct kernel_change changes[] = {
	{ 5, 13,
	  "L3C PMU v2 (Hip09): events l3c_hit, cycles, l3c_ref and dat_access only, the tt_core/tt_req/datasrc filters in config1; an identifier file on both; the name's index is the CCL id (it was ACPI's _UID)",
	  "torvalds/linux 486a7f46b966 (\"drivers/perf: hisi: Add new functions for L3C PMU\")",
	  "tells v1 from v2 by the formats the driver registers (v2: tt_core); hisi_l3c_rd_hit_rate needs v1's cpipe events" },
	{ 0 },
};

const struct pmu_family family_hisi_l3c = {
	.id = "hisi_l3c",
	.title = "HiSilicon L3C",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.format_docs = formats,
	.check = check,
	.check_plan = check_plan,
	.group_max = L3C_COUNTERS,
	.counters = L3C_COUNTERS,
	.counters_from = "L3C_NR_COUNTERS, " L3C_SOURCE,
	/* its formula needs v1's cpipe events, which v2's events/ does not show */
	.metrics_need = "rd_cpipe",
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
	.kernel_changes = changes,
};
