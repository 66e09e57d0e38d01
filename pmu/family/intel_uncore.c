// SPDX-License-Identifier: GPL-2.0
/*
 * What Intel's uncore driver checks of every box's events (arch/x86/events/intel/uncore.c and
 * uncore_snbep.c, read at torvalds/linux 0378c93a92e2): a free-running counter is event 0xff
 * with a umask that names one (uncore_freerunning_type, uncore_freerunning_idx), and 0xff
 * alone is a box's fixed counter (UNCORE_FIXED_EVENT).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define UNCORE_FIXED_EVENT 0xff
#define UNCORE_FREERUNNING_UMASK_START 0x10

static unsigned int fr_umask(uint64_t config)
{
	return (unsigned int)((config >> 8) & 0xff);
}

/* The counter type (umask's high nibble from 0x10) and index (low nibble) of a config */
static bool fr_counter(uint64_t config, unsigned int *type, unsigned int *idx)
{
	if ((config & 0xff) != UNCORE_FIXED_EVENT || fr_umask(config) < UNCORE_FREERUNNING_UMASK_START)
		return false;
	*type = (fr_umask(config) - UNCORE_FREERUNNING_UMASK_START) >> 4;
	*idx = fr_umask(config) & 0xf;
	return true;
}

/*
 * Whether p has counter (type, idx): the driver's freerunning table is not in sysfs, but its
 * events are one an existing counter (the event_descs), so the machine's own files say
 */
static bool fr_known(const struct pmu *p, unsigned int type, unsigned int idx)
{
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++) {
		uint64_t v;
		unsigned int t, x;
		const char *s = pmu_event_value(p, i);

		/* "event=0xff,umask=0x2N", as uncore_event_show prints it */
		if (!s || strncmp(s, "event=0xff,umask=0x", 19) || strnum_u64(s + 19, 16, 0xff, &v))
			continue;
		if (fr_counter(0xff | v << 8, &t, &x) && t == type && x >= idx)
			return true;
	}
	return false;
}

/* check_valid_freerunning_event(): a type and an index the box has, else -EINVAL */
static int freerunning_check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	unsigned int type, idx;

	if (!fr_counter(e->config[0], &type, &idx)) {
		diag_add(warn, "'%s' on '%s' is no free-running counter (event=0xff with umask 0x10 or more): these PMUs have no other counters, so it counts nothing",
			 e->event, e->pmu->name);
		return 0;
	}
	if (pmu_nevents(e->pmu) && !fr_known(e->pmu, type, idx))
		return rule_err(err, e, -EINVAL,
				"umask=0x%02x on '%s' names free-running counter %u of type %u, which its events do not show: check_valid_freerunning_event refuses it (pmuctl list -v %s)",
				fr_umask(e->config[0]), e->pmu->name, idx, type, e->pmu->name);
	return 0;
}

/* An IIO stack's counters or a memory controller's, as the name numbers them */
static void fr_location(const struct pmu *p, char *buf, size_t size)
{
	if (p->rc >= 0)
		snprintf(buf, size, "stack %d", p->rc);
	else
		snprintf(buf, size, "controller %d", p->channel);
}

const struct family_ops intel_freerunning_ops = {
	.locate = {
		.location = fr_location,
	},
	.rules = {
		.check = freerunning_check,
	},
};

/* The IMC's fixed DCLK counter: config 0xff exactly (uncore_pmu_event_init) */
static bool imc_fixed(const struct plan_event *e)
{
	return e->config[0] == UNCORE_FIXED_EVENT;
}

const struct family_ops intel_imc_ops = {
	.rules = {
		.own_counter = imc_fixed,
	},
};
