// SPDX-License-Identifier: GPL-2.0
/*
 * AmpereOne MCU PMU, one per DDR memory controller: ampere_mcu_pmu_<N>, N from an IDA in probe
 * order, on the arm_cspmu core with Ampere's backend (drivers/perf/arm_cspmu/ampere_cspmu.c,
 * read at torvalds/linux 53a810ad3c5c; ampere_cspmu.rst).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/cspmu.h"
#include "pmu/family/families.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define AMPERE_SOURCE "drivers/perf/arm_cspmu/ampere_cspmu.c (torvalds/linux 53a810ad3c5c)"
/* threshold config1:0-7, rank config1:8-23, bank config1:24-55: the PMU's one filter */
#define AMPERE_FILTER_MASK ((1ULL << 56) - 1)

/* The IDA number of the name, in struct pmu's priv */
struct ampere_mcu_pmu {
	int mcu;
};
_Static_assert(sizeof(struct ampere_mcu_pmu) <= PMU_PRIV_SIZE,
	       "struct ampere_mcu_pmu outgrew PMU_PRIV_SIZE");

/* ampere_cspmu_init_ops(): ampere_cspmu_format_name(cspmu, "ampere_mcu_pmu_%d") */
static bool decode(struct pmu *p)
{
	static const char prefix[] = "ampere_mcu_pmu_";
	struct ampere_mcu_pmu *a = (struct ampere_mcu_pmu *)p->priv;

	return !strncmp(p->name, prefix, sizeof(prefix) - 1) &&
	       family_decimal(p->name + sizeof(prefix) - 1, strlen(p->name + sizeof(prefix) - 1),
			      &a->mcu);
}

/* The number is the probe order: which channel or socket it is, its cpumask says */
static void location(const struct pmu *p, char *buf, size_t size)
{
	snprintf(buf, size, "mcu %d", ((const struct ampere_mcu_pmu *)p->priv)->mcu);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "mcu",
				     .kind = FIELD_INT,
				     .num = ((const struct ampere_mcu_pmu *)p->priv)->mcu };
	return 1;
}

static const struct catalog_entry formats[] = {
	{ "event", "event code (cycles: 0x100000000, the CoreSight PMU's cycle counter)" },
	{ "threshold", "queue threshold of the *_gt_thresh events; the filters are \"per PMU instance rather than per event\" (ampere_cspmu.rst)" },
	{ "rank", "rank filter, per PMU instance (ampere_cspmu.rst)" },
	{ "bank", "bank filter, per PMU instance (ampere_cspmu.rst)" },
	{ NULL, NULL },
};

/*
 * ampere_cspmu_validate_event(), from arm_cspmu_get_event_idx for every event but cycles: an
 * event whose threshold, rank and bank differ from its group leader's is -EINVAL
 * (ampere_cspmu_validate_configs), and arm_cspmu_validate_group fails the group
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i], *leader = NULL;

	(void)warn;
	if (e->group < 0 || e->leader || cspmu_is_cycles(e))
		return 0;
	for (size_t k = 0; k < set->n && !leader; k++)
		if (set->v[k].group == e->group && set->v[k].leader)
			leader = &set->v[k];
	if (!leader || leader->pmu != e->pmu ||
	    (leader->config[1] & AMPERE_FILTER_MASK) == (e->config[1] & AMPERE_FILTER_MASK))
		return 0;
	return rule_err(
		err, e, -EINVAL,
		"'%s' has config1=0x%llx, its group leader '%s' 0x%llx: the MCU PMU's threshold, rank and bank are one per PMU, and the driver refuses a group that differs (ampere_cspmu_validate_configs); give the group one filter",
		e->event, (unsigned long long)(e->config[1] & AMPERE_FILTER_MASK), leader->event,
		(unsigned long long)(leader->config[1] & AMPERE_FILTER_MASK));
}

/* The filter an event programs (ampere_cspmu_set_ev_filter): one per PMU; cycles take none */
static bool slot_value(const struct plan *set, size_t i, uint64_t value[2])
{
	const struct plan_event *e = &set->v[i];

	if (cspmu_is_cycles(e))
		return false;
	value[0] = e->config[1] & AMPERE_FILTER_MASK;
	value[1] = 0;
	return true;
}

#define AMPERE_OWN "pmuctl's, on the driver's event names (" AMPERE_SOURCE ")"
/* No Ampere document gives a command's bytes: a DDR5 burst is BL16 x 32 bits, 64 bytes (JESD79-5) */
#define AMPERE_BYTES "pmuctl's, derived: 64 bytes a RD or WR command (a DDR5 burst, BL16 x 32 bits), on the driver's events (" AMPERE_SOURCE ")"
#define AMPERE_RD "rd_rda_sent * 64"
#define AMPERE_WR "wr_wra_sent * 64"

static const struct family_metric doc_metrics[] = {
	{ "ampereone_mcu_rd_cmds", "rd_rda_sent / 1e6 / duration_time", "M/s",
	  "DDR read commands (RD and RDA) a controller sends, a second", AMPERE_OWN, 0, false, NULL,
	  false, false, DEST_NONE, NULL },
	{ "ampereone_mcu_wr_cmds", "wr_wra_sent / 1e6 / duration_time", "M/s",
	  "DDR write commands (WR and WRA) a controller sends, a second", AMPERE_OWN, 0, false,
	  NULL, false, false, DEST_NONE, NULL },
	{ "ampereone_mcu_rd_bw", AMPERE_RD " / " ACROSS_NS, "GB/s",
	  "memory read bandwidth of a controller, derived: its read commands x 64 bytes, a full DDR5 burst (no Ampere document gives the bytes)",
	  AMPERE_BYTES, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "ampereone_mcu_wr_bw", AMPERE_WR " / " ACROSS_NS, "GB/s",
	  "memory write bandwidth of a controller, derived: its write commands x 64 bytes, a full DDR5 burst (no Ampere document gives the bytes)",
	  AMPERE_BYTES, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "ampereone_mcu_clock", "cycle_count / 1e6 / duration_time", "MHz",
	  "MCU clock of a controller, measured", AMPERE_OWN, 0, false, NULL, false, false,
	  DEST_NONE, NULL },
	{ 0 },
};

static const struct family_metric metrics[] = {
	{ ACROSS_MEM_RD, AMPERE_RD " / " ACROSS_NS, "GB/s",
	  "memory read bandwidth of the socket (its controllers summed), as ampereone_mcu_rd_bw",
	  AMPERE_BYTES, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_WR, AMPERE_WR " / " ACROSS_NS, "GB/s",
	  "memory write bandwidth of the socket (its controllers summed), as ampereone_mcu_wr_bw",
	  AMPERE_BYTES, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

/* Its devices are arm-cs-arch-pmu platform devices like every vendor's: only the PMUs tell */
static const struct family_hardware hardware = {
	.module = "ampere_cspmu",
	.config = "CONFIG_AMPERE_CORESIGHT_PMU_ARCH_SYSTEM_PMU",
	.since = "v6.7, " AMPERE_SOURCE,
};

static const struct kernel_change changes[] = {
	{ 6, 7, "ampere_cspmu arrives: AmpereOne's MCU PMUs, ampere_mcu_pmu_<N>",
	  AMPERE_SOURCE, "lists what the kernel registers; none before it" },
	{ 0 },
};

const struct pmu_family family_ampereone = {
	.id = "ampereone_mcu",
	.title = "AmpereOne MCU",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.format_docs = formats,
	.check = check,
	.counters_from = CSPMU_COUNTERS_FROM,
	.own_counter = cspmu_is_cycles,
	.own_counters = 1,
	.own_counters_from = CSPMU_CYCLE_COUNTER_FROM,
	.filter_slots = 1,
	.filter_slots_from = "threshold, rank and bank per PMU, ampere_cspmu_validate_event",
	.slot_value = slot_value,
	.doc_metrics = doc_metrics,
	.metrics = metrics,
	.hardware = &hardware,
	.kernel_changes = changes,
	.serve_metrics = ACROSS_MEM_RD "," ACROSS_MEM_WR,
};
