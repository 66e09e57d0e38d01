// SPDX-License-Identifier: GPL-2.0
/* Alibaba Yitian 710 DDR Sub-System Driveway PMU (alibaba_uncore_drw_pmu.c, alibaba_pmu.rst). */
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
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

/* ali_drw_pmu_event_init(): "driveway only allow one event!" */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	(void)warn;
	return rule_one_hw_event_per_group(set, i, err, "Yitian DRW", "\"driveway only allow one event!\"");
}

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

const struct family_ops yitian_drw_ops = {
	.identify = {
		.decode = decode,
	},
	.locate = {
		.location = location,
		.socket_of = socket_of,
		.fields = fields,
	},
	.rules = {
		.check = check,
		.own_counter = drw_cycle,
	},
};
