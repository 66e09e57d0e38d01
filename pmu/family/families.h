/* SPDX-License-Identifier: GPL-2.0 */
/* The descriptors the table in family.c lists; nothing else names them. */
#ifndef PMUCTL_FAMILIES_H
#define PMUCTL_FAMILIES_H

#include "pmu/family/family.h"

extern const struct pmu_family family_t410_ucf;
extern const struct pmu_family family_t410_pcie;
extern const struct pmu_family family_t410_pcie_tgt;
extern const struct pmu_family family_t410_cmem;
extern const struct pmu_family family_t410_nvlink_c2c;
extern const struct pmu_family family_t410_nvclink;
extern const struct pmu_family family_t410_nvdlink;
extern const struct pmu_family family_yitian_drw;
extern const struct pmu_family family_hns3;
extern const struct pmu_family family_bluefield;
extern const struct pmu_family family_grace_scf;
extern const struct pmu_family family_grace_pcie;
extern const struct pmu_family family_grace_nvlink_c2c0;
extern const struct pmu_family family_grace_nvlink_c2c1;
extern const struct pmu_family family_grace_cnvlink;
extern const struct pmu_family family_dwc_pcie;
extern const struct pmu_family family_hisi_pcie;
extern const struct pmu_family family_hisi_ddrc;
extern const struct pmu_family family_hisi_hha;
extern const struct pmu_family family_hisi_l3c;
extern const struct pmu_family family_hisi_sllc;
extern const struct pmu_family family_hisi_pa;
extern const struct pmu_family family_hisi_cpa;
extern const struct pmu_family family_hisi_uc;
extern const struct pmu_family family_dmc620;
extern const struct pmu_family family_ampereone;
extern const struct pmu_family family_arm_cmn;

#endif
