/* SPDX-License-Identifier: GPL-2.0 */
/* A fixture machine for unit tests: its PMUs (BlueField blocks included), read as stat reads them. */
#ifndef PMUCTL_UNIT_MACHINE_H
#define PMUCTL_UNIT_MACHINE_H

#include <stdio.h>
#include <stdlib.h>
#include "lib/sysroot.h"
#include "pmu/pmu.h"

struct machine {
	struct sysroot root;
	struct pmu_list pmus;
	struct cpulist online;
};

/* tests/fixtures/<name>/sys, from the repository root (tests/run's directory) */
static inline void machine_load(struct machine *m, const char *name)
{
	char path[256];
	struct diag d = { 0 };

	snprintf(path, sizeof(path), "tests/fixtures/%s/sys", name);
	/* a BlueField has no perf PMU directory: -ENOENT, its blocks read all the same */
	if (sysroot_open(&m->root, path) || (pmu_scan(&m->root, &m->pmus, &d) && !m->pmus.n) ||
	    pmu_online_cpus(&m->root, &m->online)) {
		fprintf(stderr, "cannot read the fixture %s: run from the repository root\n", path);
		exit(1);
	}
	diag_free(&d);
}

static inline void machine_free(struct machine *m)
{
	pmu_list_free(&m->pmus);
	cpulist_free(&m->online);
	sysroot_close(&m->root);
}

#endif
