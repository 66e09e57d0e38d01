// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon HHA PMU (Hydra Home Agent), two a SCCL: hisi_sccl<S>_hha<I>, as
 * drivers/perf/hisilicon/hisi_uncore_hha_pmu.c registers it (read at torvalds/linux
 * 814be609baae; PMU v2 arrived with 932f6a99f9b0, v5.13). The home agent of a die's memory:
 * v1's events count what it sends the DDRCs, in 64- and 128-byte operations.
 */
#include <string.h>
#include "pmu/family/families.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define HHA_SOURCE "drivers/perf/hisilicon/hisi_uncore_hha_pmu.c"
/* HHA_V1_NR_COUNTERS, HHA_V2_NR_COUNTERS */
#define HHA_V1_COUNTERS 16
#define HHA_V2_COUNTERS 8
/* check_event: HHA_V1_NR_EVENT, HHA_V2_NR_EVENT */
#define HHA_V1_LAST 0x65
#define HHA_V2_LAST 0xce
/* srcid_cmd, srcid_msk, tracetag_en and datasrc_skt: config1:0-23, v2's filter */
#define HHA_FILTER 0xffffffull

/* hisi_hha_pmu_dev_probe() takes v2's attribute groups, with its filters, from HISI_PMU_V2 on */
static bool is_v2(const struct pmu *p)
{
	return hisi_uncore_v2(p, "srcid_cmd");
}

HISI_UNCORE_NAME_HOOKS("sccl", "hha")

static size_t counters_of(const struct pmu *p)
{
	return is_v2(p) ? HHA_V2_COUNTERS : HHA_V1_COUNTERS;
}

/* perf's hip08/uncore-hha.json where it has the event, the driver's names elsewhere */
static const struct catalog_entry events[] = {
	{ "rx_ops_num", "The number of all operations received by the HHA" },
	{ "rx_outer", "The number of all operations received by the HHA from another socket" },
	{ "rx_sccl",
	  "The number of all operations received by the HHA from another SCCL in this socket" },
	{ "rx_ccix", "Count of the number of operations that HHA has received from CCIX" },
	{ "rd_ddr_64b", "The number of read operations sent by HHA to DDRC which size is 64 bytes" },
	{ "wr_ddr_64b",
	  "The number of write operations sent by HHA to DDRC which size is 64 bytes" },
	{ "rd_ddr_128b",
	  "The number of read operations sent by HHA to DDRC which size is 128 bytes" },
	{ "wr_ddr_128b",
	  "The number of write operations sent by HHA to DDRC which size is 128 bytes" },
	{ "spill_num", "Count of the number of spill operations that the HHA has sent" },
	{ "spill_success",
	  "Count of the number of successful spill operations that the HHA has sent" },
	{ "hha_retry", "HHA retries (v2; the driver's name, no document describes it)" },
	{ "cycles", "HHA clock cycles (v2)" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "srcid_cmd", "count only requests from this source id, a CCL or ICL (v2)" },
	{ "srcid_msk", "the bits of srcid_cmd not compared (v2)" },
	{ "tracetag_en", "count only requests with the tracetag set (v2)" },
	{ "datasrc_skt", "with a data-source filter, tell this socket from the others (v2)" },
	{ NULL, NULL },
};

/* hisi_uncore_pmu_event_init() with the version's check_event and counters; a mask alone warned */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct pmu *p = set->v[i].pmu;
	bool v2 = is_v2(p);
	int ret = hisi_uncore_check(set, i, v2 ? HHA_V2_LAST : HHA_V1_LAST, v2 ? "v2" : "v1",
				    counters_of(p), err);

	if (!ret && v2)
		hisi_uncore_mask_alone(&set->v[i], "srcid_msk", "srcid_cmd",
				       "hisi_hha_pmu_config_srcid", warn);
	return ret;
}

/* hisi_hha_pmu_enable_filter(): HHA_SRCID_CTRL and HHA_DATSRC_CTRL are the PMU's, not a counter's */
static void check_plan(const struct plan *set, struct diag *warn)
{
	hisi_uncore_shared_filter(set, &family_hisi_hha, HHA_FILTER,
				  "HHA_SRCID_CTRL and HHA_DATSRC_CTRL, hisi_hha_pmu_enable_filter",
				  warn);
}

#define HHA_OWN "pmuctl's, on perf's hip08/uncore-hha.json (rd_ddr_64b: \"read operations sent by HHA to DDRC which size is 64 bytes\")"
#define HHA_RD "(rd_ddr_64b * 64 + rd_ddr_128b * 128)"
#define HHA_WR "(wr_ddr_64b * 64 + wr_ddr_128b * 128)"

static const struct family_metric doc_metrics[] = {
	{ "hisi_hha_mem_rd_bw", HHA_RD " / " ACROSS_NS, "GB/s",
	  "memory read bandwidth of a home agent: what it reads from its DDRCs (v1)", HHA_OWN, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ "hisi_hha_mem_wr_bw", HHA_WR " / " ACROSS_NS, "GB/s",
	  "memory write bandwidth of a home agent: what it writes to its DDRCs (v1)", HHA_OWN, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

static const struct family_metric metrics[] = {
	{ ACROSS_MEM_RD, HHA_RD " / " ACROSS_NS, "GB/s",
	  "memory read bandwidth of the socket (its home agents summed), as hisi_hha_mem_rd_bw",
	  HHA_OWN, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_WR, HHA_WR " / " ACROSS_NS, "GB/s",
	  "memory write bandwidth of the socket (its home agents summed), as hisi_hha_mem_wr_bw",
	  HHA_OWN, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HIDs HISI0243 (v1), HISI0244 (v2): hisi_hha_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI024",
	.module = "hisi_uncore_hha_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v4.16 (v1), v5.13 (v2, torvalds/linux 932f6a99f9b0), " HHA_SOURCE,
};

static const struct kernel_change changes[] = {
	{ 5, 13,
	  "HHA PMU v2 (Hip09): 8 counters (v1: 16), events rx_ops_num, rx_outer, rx_sccl, hha_retry and cycles only, the srcid/tracetag/datasrc filters in config1; an identifier file on both",
	  "torvalds/linux 932f6a99f9b0 (\"drivers/perf: hisi: Add new functions for HHA PMU\")",
	  "tells v1 from v2 by the formats the driver registers (v2: srcid_cmd), which needs no identifier; the bandwidth formulas need v1's rd_ddr_* events" },
	{ 0 },
};

const struct pmu_family family_hisi_hha = {
	.id = "hisi_hha",
	.title = "HiSilicon HHA",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.format_docs = formats,
	.check = check,
	.check_plan = check_plan,
	.group_max = HHA_V2_COUNTERS,
	.counters = HHA_V2_COUNTERS,
	.counters_of = counters_of,
	.counters_from = "HHA_V1_NR_COUNTERS (16) or HHA_V2_NR_COUNTERS (8), " HHA_SOURCE,
	/* its formulas need v1's DDR operations, which v2's events/ does not show */
	.metrics_need = "rd_ddr_64b",
	.doc_metrics = doc_metrics,
	.metrics = metrics,
	.hardware = &hardware,
	.kernel_changes = changes,
	.serve_metrics = ACROSS_MEM_RD "," ACROSS_MEM_WR,
};
