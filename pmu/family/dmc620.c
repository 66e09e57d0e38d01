// SPDX-License-Identifier: GPL-2.0
/*
 * Arm DMC-620 memory controller PMU, one per DDR channel (Ampere Altra): arm_dmc620_<PA >> 12>,
 * as drivers/perf/arm_dmc620_pmu.c registers it (read at torvalds/linux 254a1420071).
 */
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
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
static const char *describe_event(const struct pmu_family *f, const char *name, char *buf, size_t size)
{
	(void)f;
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

const struct family_ops dmc620_ops = {
	.identify = {
		.decode = decode,
	},
	.locate = {
		.location = location,
		.fields = fields,
	},
	.rules = {
		.describe_event = describe_event,
		.check = check,
		.own_counter = clk_counter,
	},
};
