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
#include "pmu/family/family.h"
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

const struct family_ops ampereone_ops = {
	.identify = {
		.decode = decode,
	},
	.locate = {
		.location = location,
		.fields = fields,
	},
	.rules = {
		.check = check,
		.own_counter = cspmu_is_cycles,
		.slot_value = slot_value,
	},
};
