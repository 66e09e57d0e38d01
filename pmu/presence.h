/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which families' hardware a machine shows (PCI functions, platform devices) beside the PMUs
 * its kernel registered for them: where a driver is missing, doctor says which.
 */
#ifndef PMUCTL_PRESENCE_H
#define PMUCTL_PRESENCE_H

#include <stddef.h>
#include "lib/sysroot.h"

struct pcitopo;
struct pmu_list;
struct pmu_family;

struct presence {
	const struct pmu_family *family;
	size_t pci;		/* PCI functions that show its hardware */
	size_t platform;	/* its platform devices */
	size_t platform_bare;	/* of them, those with no PMU (nor hwmon device) below */
	size_t pmus;		/* its PMUs the kernel registered */
	char example[64];	/* one function or device that shows the hardware */
	char bare_example[64];	/* one platform device without its PMU */
};

/*
 * Every family with hardware or PMUs on the machine, in the table's order (t and pmus may be
 * NULL: nothing read of them): 0, or -ENOMEM
 */
int presence_scan(const struct sysroot *root, const struct pcitopo *t, const struct pmu_list *pmus,
		  struct presence **out, size_t *n);

#endif
