/* SPDX-License-Identifier: GPL-2.0 */
/* What the Tegra410 families share (nvidia-tegra410-pmu.rst, drivers/perf/arm_cspmu). */
#ifndef PMUCTL_T410_H
#define PMUCTL_T410_H

#include <stdbool.h>
#include "pmu/family/family.h"

#define T410_DOC "nvidia-tegra410-pmu.rst"
#define T410_NS "(duration_time * 1e9)"	/* ELAPSED_TIME_IN_NS */

/* arm_cspmu: the cycle counter is event 0x100000000, outside every filter */
#define CSPMU_CYCLES (1ULL << 32)

/* "<prefix><socket>" or, with has_rc, "<prefix><socket>_rc_<rc>" */
bool t410_decode(struct pmu *p, const char *prefix, bool has_rc);
void t410_location(const struct pmu *p, char *buf, size_t size);
/*
 * AVG_LATENCY = *_CUM_OUTS / *_REQ and FREQ = CYCLES / time: a PMU's *_cum_outs, *_req and
 * cycles are read in one group when the set has a *_cum_outs for it (Grace's PMUs alike, with
 * their *_loc/_rem and SCF's *_outstanding / *_access names)
 */
bool t410_latency_together(const struct plan *set, size_t i, size_t k);
/* The same, as plan_together's key */
bool t410_latency_key(const struct plan *set, size_t i, uint64_t key[2]);

#endif
