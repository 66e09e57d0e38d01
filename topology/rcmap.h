/* SPDX-License-Identifier: GPL-2.0 */
/* Which PMU sees a PCI function: Tegra410 RC/root port through the DVSEC, HNS3 through bdf ranges. */
#ifndef PMUCTL_RCMAP_H
#define PMUCTL_RCMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "pmu/pmu.h"
#include "topology/pcitopo.h"

#define RCMAP_PMU_NAME_MAX 64

struct fn_map {
	ssize_t root;		/* index of the Tegra410 root port above (or at) the function, -1 none */
	const struct nv_dvsec *dvsec;	/* the root port's DVSEC */
	uint16_t src_bdf;	/* (bus << 8) | (dev << 3) | fn */
	uint8_t rp_mask;	/* 1 << rp, for src_rp_mask / dst_rp_mask; 0 when rp > 7 */
	char pcie_pmu[RCMAP_PMU_NAME_MAX], tgt_pmu[RCMAP_PMU_NAME_MAX];
	bool pcie_present, tgt_present;	/* the driver registered them (sysfs) */
	const struct pmu *hns3;	/* the HNS3 SICL PMU whose bdf range covers it */
};

/* A Tegra410 root port: an NVIDIA function that carries the RC-map DVSEC. */
bool rcmap_is_root_port(const struct pcifn *f);

/*
 * Map every function of t; maps[i] describes t->fn[i]. pmus may be NULL
 * (no sysfs PMUs known): names are still computed, presence is false.
 */
int rcmap_build(const struct pcitopo *t, const struct pmu_list *pmus, struct fn_map **maps);

/* The TGT address filter that matches exactly one BAR: (addr & mask) == (base & mask). */
bool rcmap_bar_filter(const struct pcibar *b, uint64_t *base, uint64_t *mask);

#endif
