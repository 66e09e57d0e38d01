// SPDX-License-Identifier: GPL-2.0
/* Alibaba Yitian 710 DDR Sub-System Driveway PMU (alibaba_uncore_drw_pmu.c, alibaba_pmu.rst). */
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

/* The sub-channel's base address, as the name gives it (name << 12), in struct pmu's priv */
struct drw_pmu {
	uint64_t addr;
};
_Static_assert(sizeof(struct drw_pmu) <= PMU_PRIV_SIZE, "struct drw_pmu outgrew PMU_PRIV_SIZE");

/* ali_drw_<PA >> 12>: die 0 from 0x21000, die 1 from 0x40021000; +0x2000 a channel, +0x80 a sub-channel */
static bool decode(struct pmu *p)
{
	const char *hex = p->name + strlen("ali_drw_");
	uint64_t v, low;

	if (strncmp(p->name, "ali_drw_", 8) || strnum_u64(hex, 16, UINT64_MAX >> 12, &v) ||
	    !strncmp(hex, "0x", 2))
		return false;
	((struct drw_pmu *)p->priv)->addr = v << 12;
	p->die = (int)(v >> 30);
	low = v & 0x3fffffff;
	if ((low & ~0x6080ULL) == 0x21000) {
		p->channel = (int)((low >> 13) & 3);
		p->subchannel = (int)((low >> 7) & 1);
	}
	return true;
}

static void location(const struct pmu *p, char *buf, size_t size)
{
	if (p->channel >= 0)
		snprintf(buf, size, "die %d, channel %d, sub-channel %d", p->die, p->channel,
			 p->subchannel);
	else
		snprintf(buf, size, "die %d", p->die);
}

/* A die is what a socket is elsewhere: --per-socket sums by it */
static int socket_of(const struct pmu *p)
{
	return p->die;
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "address", .kind = FIELD_HEX, .num = (long long)((const struct drw_pmu *)p->priv)->addr };
	out[1] = (struct pmu_field){ .key = "die", .kind = FIELD_INT, .num = p->die, .null = p->die < 0 };
	out[2] = (struct pmu_field){ .key = "channel", .kind = FIELD_INT, .num = p->channel,
				     .null = p->channel < 0 };
	out[3] = (struct pmu_field){ .key = "subchannel", .kind = FIELD_INT, .num = p->subchannel,
				     .null = p->subchannel < 0 };
	return 4;
}

static const struct catalog_entry events[] = {
	{ "hif_rd_or_wr", "HIF read or write commands" },
	{ "hif_wr", "HIF write commands (64 bytes each): write bandwidth with hif_rmw" },
	{ "hif_rd", "HIF read commands (64 bytes each): read bandwidth" },
	{ "hif_rmw", "HIF read-modify-write commands (64 bytes each): write bandwidth with hif_wr" },
	{ "hif_hi_pri_rd", "HIF high-priority read commands" },
	{ "cycle", "DDRC core clock cycles (the 56-bit cycle counter)" },
	{ "ddr_cycles", "perf's name for cycle (ali_drw.json)" },
	{ NULL, NULL },
};

/* ali_drw_pmu_event_init(): "driveway only allow one event!" */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	(void)warn;
	return rule_one_hw_event_per_group(set, i, err, "Yitian DRW", "\"driveway only allow one event!\"");
}

/* perf's ali_drw.json names event 0x80 ddr_cycles; the driver's sysfs names it cycle */
static const struct event_alias aliases[] = {
	{ "ddr_cycles", "cycle", "perf ali_drw.json", NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

/* Event 0x80 counts on the dedicated cycle counter, which every cycle event shares */
static bool drw_cycle(const struct plan_event *e)
{
	return (e->config[0] & 0xff) == 0x80;
}

/*
 * The names every memory family shares, in GB/s: perf's ddr_read_bandwidth.all and
 * ddr_write_bandwidth.all formulas (64-byte HIF commands), summed per die
 */
#define YITIAN_PERF "perf tools/perf/pmu-events/arch/arm64/freescale/yitian710/sys/metrics.json"
#define YITIAN_OWN "pmuctl, on the formula of perf's yitian710/sys/metrics.json (alibaba_pmu.rst: 64-byte HIF commands)"

static const struct family_metric doc_metrics[] = {
	/*
	 * Yitian 710 DRW: the .all metrics are perf's, name and formula; the per-sub-channel ones
	 * and the clock are pmuctl's, on the same formula. alibaba_pmu.rst's DDRC_Freq / DDRC_Cycle
	 * form needs a clock sysfs does not give: cycle / duration_time measures it instead.
	 */
	{ "ddr_read_bandwidth", "hif_rd * 64 / 1e6 / duration_time", "MB/s", "DDR read bandwidth of a sub-channel (pmuctl's: perf's ddr_read_bandwidth.all per PMU)", YITIAN_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "ddr_write_bandwidth", "(hif_wr + hif_rmw) * 64 / 1e6 / duration_time", "MB/s", "DDR write bandwidth of a sub-channel (pmuctl's: perf's ddr_write_bandwidth.all per PMU)", YITIAN_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "ddr_read_bandwidth.all", "hif_rd * 64 / 1e6 / duration_time", "MB/s", "The ddr read bandwidth(MB/s).", YITIAN_PERF, 0, false, NULL, true, false, DEST_NONE, NULL },
	{ "ddr_write_bandwidth.all", "(hif_wr + hif_rmw) * 64 / 1e6 / duration_time", "MB/s", "The ddr write bandwidth(MB/s).", YITIAN_PERF, 0, false, NULL, true, false, DEST_NONE, NULL },
	{ "ddr_clock", "cycle / 1e6 / duration_time", "MHz", "DDRC clock, measured: the DDRC_Freq of alibaba_pmu.rst's bandwidth formula (pmuctl's)", YITIAN_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

static const struct family_metric metrics[] = {
	{ ACROSS_MEM_RD, "hif_rd * 64 / " ACROSS_NS, "GB/s", "memory read bandwidth of the die (its sub-channels summed), as ddr_read_bandwidth.all in GB/s", "pmuctl, on perf's yitian710/sys/metrics.json (ddr_read_bandwidth.all)", 0, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_WR, "(hif_wr + hif_rmw) * 64 / " ACROSS_NS, "GB/s", "memory write bandwidth of the die (its sub-channels summed), as ddr_write_bandwidth.all in GB/s", "pmuctl, on perf's yitian710/sys/metrics.json (ddr_write_bandwidth.all)", 0, true, NULL, false, false, DEST_NONE, NULL },
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL },
};

/* ACPI HID BABA5000, alibaba_uncore_drw_pmu.c */
static const struct family_hardware hardware = {
	.platform = "BABA5000:",
	.module = "alibaba_uncore_drw_pmu",
	.config = "CONFIG_ALIBABA_UNCORE_DRW_PMU",
	.since = "v6.1, torvalds/linux cf7b61073e45",
};

static const struct kernel_change changes[] = {
	{ 6, 1, "the Yitian 710 DDR Driveway PMU driver arrives",
	  "torvalds/linux cf7b61073e45 (\"drivers/perf: add DDR Sub-System Driveway PMU driver for Yitian 710 SoC\")",
	  "none before it: the dies' memory bandwidth needs a kernel from v6.1" },
	{ 0 },
};

const struct pmu_family family_yitian_drw = {
	.id = "yitian_drw",
	.socket_word = "die",
	.title = "Alibaba Yitian 710 DDR Driveway",
	.uncore = true,
	.never_group = true,
	.decode = decode,
	.location = location,
	.socket_of = socket_of,
	.fields = fields,
	.event_docs = events,
	.aliases = aliases,
	.check = check,
	/* the 17th concurrent common-counter event gets -EBUSY at add: the kernel rotates */
	.counters = 16,
	.counters_from = "ALI_DRW_PMU_COMMON_MAX_COUNTERS, ali_drw_pmu.c",
	.own_counter = drw_cycle,
	.metrics = metrics,
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
	.kernel_changes = changes,
	.serve_metrics = ACROSS_MEM_RD "," ACROSS_MEM_WR,
};
