// SPDX-License-Identifier: GPL-2.0
/* Every other PMU: what its format/ and events/ files say, and no rule of pmuctl's own. */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/pmu.h"

/* Link PMUs a family does not know may have a peer file too */
static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	(void)machine;
	(void)diag;
	family_read_peer(dir, p);
}

/* A metric file may name a PMU of no family by its name */
static bool metric_applies(const struct pmu *p, const char *mf)
{
	return !strcmp(mf, "generic") || !strcmp(mf, p->name);
}

const struct family_ops generic_ops = {
	.identify = {
		.read_extra = read_extra,
		.extra_at_use = true,
	},
	.metrics = {
		.metric_applies = metric_applies,
	},
};
