// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon CPA PMU (Coherency Protocol Agent), on an I/O die: hisi_sicl<S>_cpa<I>, as
 * drivers/perf/hisilicon/hisi_uncore_cpa_pmu.c registers it (read at torvalds/linux
 * 6f47c7ae8c7a; merged as 6b79738b6ed9, v5.19), with perf's hip09/sys/uncore-cpa.json
 * (6b342707a1ec), whose port bandwidths need four events sysfs does not have.
 */
#include "pmu/family/families.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/plan.h"
#include "pmu/pmu.h"

#define CPA_SOURCE "drivers/perf/hisilicon/hisi_uncore_cpa_pmu.c"
#define CPA_JSON "perf's hip09/sys/uncore-cpa.json"
/* CPA_NR_COUNTERS, CPA_NR_EVENTS */
#define CPA_COUNTERS 8
#define CPA_LAST 0xff
/* the JSON's "Compat": the identifier of HISI_PMU_V2 */
#define CPA_COMPAT "0x00000030"

HISI_UNCORE_NAME_HOOKS("sicl", "cpa")

/* perf's JSON, word for word */
static const struct catalog_entry events[] = {
	{ "cpa_cycles", "count of CPA cycles" },
	{ "cpa_p1_wr_dat", "Number of write ops transmitted by the P1 port" },
	{ "cpa_p1_rd_dat", "Number of read ops transmitted by the P1 port" },
	{ "cpa_p1_rd_dat_64b",
	  "Number of read ops transmitted by the P1 port which size is 64 bytes (perf's JSON only)" },
	{ "cpa_p1_rd_dat_32b",
	  "Number of read ops transmitted by the P1 port which size is 32 bytes (perf's JSON only)" },
	{ "cpa_p0_wr_dat", "Number of write ops transmitted by the P0 port" },
	{ "cpa_p0_rd_dat", "Number of read ops transmitted by the P0 port" },
	{ "cpa_p0_rd_dat_64b",
	  "Number of read ops transmitted by the P0 port which size is 64 bytes (perf's JSON only)" },
	{ "cpa_p0_rd_dat_32b",
	  "Number of read ops transmitted by the P0 port which size is 32 bytes (perf's JSON only)" },
	{ NULL, NULL },
};

/* The JSON's events the driver does not name, on a PMU whose identifier is the JSON's Compat */
static const struct event_alias aliases[] = {
	{ "cpa_p1_rd_dat_64b", NULL, CPA_JSON, "config=0x3", CPA_COMPAT },
	{ "cpa_p1_rd_dat_32b", NULL, CPA_JSON, "config=0x4", CPA_COMPAT },
	{ "cpa_p0_rd_dat_64b", NULL, CPA_JSON, "config=0x83", CPA_COMPAT },
	{ "cpa_p0_rd_dat_32b", NULL, CPA_JSON, "config=0x84", CPA_COMPAT },
	{ NULL, NULL, NULL, NULL, NULL },
};

/* hisi_uncore_pmu_event_init(): CPA_NR_EVENTS, 8 counters; it has no filter */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	(void)warn;
	return hisi_uncore_check(set, i, CPA_LAST, "v2", CPA_COUNTERS, err);
}

#define CPA_BW(port)                                                                               \
	"(cpa_" port "_wr_dat * 64 + cpa_" port "_rd_dat_64b * 64 + cpa_" port                     \
	"_rd_dat_32b * 32) / cpa_cycles"

/* perf's two, names and formulas, bytes a CPA cycle as the JSON has them (no ScaleUnit) */
static const struct family_metric doc_metrics[] = {
	{ "cpa_p1_avg_bw", CPA_BW("p1"), "B/cycle", "Average bandwidth of CPA Port 1", CPA_JSON, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ "cpa_p0_avg_bw", CPA_BW("p0"), "B/cycle", "Average bandwidth of CPA Port 0", CPA_JSON, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ "hisi_cpa_clock", "cpa_cycles / 1e6 / duration_time", "MHz", "CPA clock, measured",
	  "pmuctl's, on the driver's cpa_cycles (" CPA_SOURCE ")", 0, false, NULL, false, false,
	  DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HID HISI0281: hisi_cpa_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI0281",
	.module = "hisi_uncore_cpa_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v5.19 (torvalds/linux 6b79738b6ed9), " CPA_SOURCE,
};

const struct pmu_family family_hisi_cpa = {
	.id = "hisi_cpa",
	.title = "HiSilicon CPA",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.aliases = aliases,
	.check = check,
	.group_max = CPA_COUNTERS,
	.counters = CPA_COUNTERS,
	.counters_from = "CPA_NR_COUNTERS, " CPA_SOURCE,
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
};
