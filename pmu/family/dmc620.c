// SPDX-License-Identifier: GPL-2.0
/*
 * Arm DMC-620 memory controller PMU, one per DDR channel (Ampere Altra): arm_dmc620_<PA >> 12>,
 * as drivers/perf/arm_dmc620_pmu.c registers it (read at torvalds/linux 254a1420071).
 */
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define DMC620_SOURCE "drivers/perf/arm_dmc620_pmu.c (torvalds/linux 254a1420071)"

/* The channel's register base, as the name gives it (name << 12, DMC620_PA_SHIFT), in priv */
struct dmc620_pmu {
	uint64_t addr;
};
_Static_assert(sizeof(struct dmc620_pmu) <= PMU_PRIV_SIZE,
	       "struct dmc620_pmu outgrew PMU_PRIV_SIZE");

/* dmc620_pmu_device_probe(): "%s_%llx", DMC620_PMUNAME, res->start >> DMC620_PA_SHIFT */
static bool decode(struct pmu *p)
{
	static const char prefix[] = "arm_dmc620_";
	const char *hex;
	uint64_t v;

	if (strncmp(p->name, prefix, sizeof(prefix) - 1))
		return false;
	/* %llx: no 0x, never empty */
	hex = p->name + sizeof(prefix) - 1;
	if (!strncmp(hex, "0x", 2) || strnum_u64(hex, 16, UINT64_MAX >> 12, &v))
		return false;
	((struct dmc620_pmu *)p->priv)->addr = v << 12;
	return true;
}

/* The name says the channel's address only: which socket it serves is the firmware's */
static void location(const struct pmu *p, char *buf, size_t size)
{
	snprintf(buf, size, "channel at 0x%llx",
		 (unsigned long long)((const struct dmc620_pmu *)p->priv)->addr);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "address",
				     .kind = FIELD_HEX,
				     .num = (long long)((const struct dmc620_pmu *)p->priv)->addr };
	return 1;
}

/* The driver names its events only: what it says of each is its clock domain and counters */
static const char *describe_event(const char *name, char *buf, size_t size)
{
	if (!strncmp(name, "clkdiv2_", 8))
		snprintf(buf, size, "%s in the clkdiv2 domain (half the DMC clock, 8 counters)",
			 name + 8);
	else if (!strncmp(name, "clk_", 4))
		snprintf(buf, size, "%s in the clk domain (the DMC clock, 2 counters)", name + 4);
	else
		return NULL;
	return buf;
}

/* clkdiv2=0 events take the two clk counters (dmc620_get_event_idx), the others the eight */
static bool clk_counter(const struct plan_event *e)
{
	return !(e->config[2] & (1ULL << 9));
}

/*
 * dmc620_pmu_event_init(): "We can't atomically disable all HW counters so only one event
 * allowed, although software events are acceptable": -EINVAL for a second hardware event
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	(void)warn;
	return rule_one_hw_event_per_group(set, i, err, "DMC-620", "dmc620_pmu_event_init");
}

#define DMC620_OWN "pmuctl, from the driver's clk_cycle_count (" DMC620_SOURCE ")"
/* No public document gives a command's bytes: a DDR4 burst is BL8 x 64 bits, 64 bytes (JESD79-4) */
#define DMC620_BYTES "pmuctl's, derived: 64 bytes a read or write command (a DDR4 burst, BL8 x 64 bits), on the driver's clkdiv2_rdwr (" DMC620_SOURCE ")"

static const struct family_metric doc_metrics[] = {
	{ "dmc620_clock", "clk_cycle_count / 1e6 / duration_time", "MHz",
	  "DMC-620 clock of a channel, measured (pmuctl's)", DMC620_OWN, 0, false, NULL, false,
	  false, DEST_NONE, NULL },
	/* reads and writes together: the mask/match bits that tell them apart are the TRM's, in no public source */
	{ "dmc620_mem_bw", "clkdiv2_rdwr * 64 / " ACROSS_NS, "GB/s",
	  "memory bandwidth of a channel, reads and writes together, derived: its read and write commands x 64 bytes, a full DDR4 burst (no public document gives the bytes)",
	  DMC620_BYTES, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HID ARMHD620, dmc620_acpi_match */
static const struct family_hardware hardware = {
	.platform = "ARMHD620:",
	.module = "arm_dmc620_pmu",
	.config = "CONFIG_ARM_DMC620_PMU",
	.since = "v5.10, " DMC620_SOURCE,
};

const struct pmu_family family_dmc620 = {
	.id = "dmc620",
	.title = "Arm DMC-620 memory controller",
	.uncore = true,
	.never_group = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.describe_event = describe_event,
	.check = check,
	.counters = 8,
	.counters_from = "DMC620_PMU_CLKDIV2_MAX_COUNTERS, dmc620_get_event_idx",
	.own_counter = clk_counter,
	.own_counters = 2,
	.own_counters_from = "DMC620_PMU_CLK_MAX_COUNTERS, dmc620_get_event_idx",
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
	.serve_metrics = "dmc620_mem_bw",
};
