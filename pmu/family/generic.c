// SPDX-License-Identifier: GPL-2.0
/* Every other PMU: what its format/ and events/ files say, and no rule of pmuctl's own. */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/pmu.h"

static bool decode(struct pmu *p)
{
	(void)p;
	return true;
}

/* Grace and other NVIDIA link PMUs have a peer file too */
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

/* The Arm CoreSight PMU architecture's devices (ACPI APMT): a vendor module names their PMUs */
static const struct family_hardware hardware = {
	.platform = "arm-cs-arch-pmu.",
	.module = "arm_cspmu_module (and its vendor's: nvidia_cspmu, ampere_cspmu)",
	.config = "CONFIG_ARM_CORESIGHT_PMU_ARCH_SYSTEM_PMU",
	.since = "v6.2, torvalds/linux e37dfd65731d",
};

const struct pmu_family family_generic = {
	.id = "generic",
	.title = "Other PMUs",
	.decode = decode,
	.read_extra = read_extra,
	.metric_applies = metric_applies,
	.hardware = &hardware,
};
