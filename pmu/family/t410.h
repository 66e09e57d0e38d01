/* SPDX-License-Identifier: GPL-2.0 */
/* What the Tegra410 families share (nvidia-tegra410-pmu.rst, drivers/perf/arm_cspmu). */
#ifndef PMUCTL_T410_H
#define PMUCTL_T410_H

#include <stdbool.h>
#include <stdint.h>
#include "pmu/devmap.h"
#include "pmu/family/cspmu.h"
#include "pmu/family/family.h"

#define T410_DOC "nvidia-tegra410-pmu.rst"

/* nvidia-tegra410-pmu.rst: the RC-map DVSEC, vendor 10de, id 4, on every root port */
#define T410_DVSEC_VENDOR 0x10de
#define T410_DVSEC_RC_MAP 0x0004

/* What the RC-map DVSEC of a root port says (+0xc bus, +0xd segment, +0xe RP, +0xf RC, +0x10 socket) */
struct t410_rc_map {
	uint16_t offset;
	uint8_t bus, segment, rp, rc, socket;
};

/* f's RC map: the first DVSEC of (10de, 4) whose bytes reach +0x10, as the document's script finds it */
bool t410_rc_map(const struct pcifn *f, struct t410_rc_map *out);
/* Each function below a root port with an RC map: its socket, RC and RP from it */
void t410_locate(const struct pmu_family *f, const struct pcitopo *t, struct devmap_fn *maps);
/* "Bus=00, Segment=01, RP=00, RC=00, Socket=00", the script's line */
bool t410_rc_map_line(const struct pmu_family *f, const struct pcifn *fn, uint16_t *offset, char *buf,
		      size_t size);

/* Root ports with the RC-map DVSEC: the PCIE and PCIE-TGT PMUs' hardware (doctor) */
bool t410_rc_map_root_port(const struct pmu_family *f, const struct pcifn *fn);
/*
 * AVG_LATENCY = *_CUM_OUTS / *_REQ and FREQ = CYCLES / time: a PMU's *_cum_outs, *_req and
 * cycles are read in one group when the set has a *_cum_outs for it (Grace's PMUs alike, with
 * their *_loc/_rem and SCF's *_outstanding / *_access names)
 */
bool t410_latency_together(const struct plan *set, size_t i, size_t k);
/* The same, as plan_together's key */
bool t410_latency_key(const struct plan *set, size_t i, uint64_t key[2]);

#endif
