/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What HiSilicon's uncore PMUs share (DDRC, HHA, L3C, SLLC on a CPU die, PA on an I/O die):
 * the name hisi_<die><D>_<unit><I>[_<sub>] and the rules of hisi_uncore_pmu_event_init, one
 * core driver's (drivers/perf/hisilicon/hisi_uncore_pmu.c) under each unit's file.
 */
#ifndef PMUCTL_HISI_UNCORE_H
#define PMUCTL_HISI_UNCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/err.h"
#include "pmu/family/family.h"

/* What the name says, in struct pmu's priv */
struct hisi_uncore_pmu {
	int die; /* the SCCL (CPU die) or SICL (I/O die) id */
	int index;
	int sub; /* -1: a name without one (every v1 unit, HHA and L3C of any version) */
};

const struct hisi_uncore_pmu *hisi_uncore_of(const struct pmu *p);
/* hisi_<die><D>_<unit><I>[_<sub>], die "sccl" or "sicl": false when p is no such PMU */
bool hisi_uncore_decode(struct pmu *p, const char *die, const char *unit);
/* "sccl 1, hha 0[, sub 0]" */
void hisi_uncore_location(const struct pmu *p, const char *die, const char *unit, char *buf,
			  size_t size);
/* list -j's <die>, <unit> and sub */
size_t hisi_uncore_fields(const struct pmu *p, const char *die, const char *unit,
			  struct pmu_field *out);
/* The same as a unit's hooks, its die and unit words from its data's params ("sccl", "hha") */
bool hisi_uncore_name_decode(struct pmu *p);
void hisi_uncore_name_location(const struct pmu *p, char *buf, size_t size);
size_t hisi_uncore_name_fields(const struct pmu *p, struct pmu_field *out);

/*
 * The driver's v2 register set (identifier >= HISI_PMU_V2) shows in the formats it registers:
 * v1's is the event alone, v2's adds its filters (format, "srcid_cmd"); the test works where
 * no identifier file is (kernels before v5.13)
 */
bool hisi_uncore_v2(const struct pmu *p, const char *format);
/* The event code: hisi_get_eventid, config:0-7 */
#define HISI_UNCORE_CODE 0xffull

/* What hisi_uncore_pmu_event_init() checks a unit's events against */
struct hisi_uncore_limits {
	unsigned long long last;	/* check_event */
	unsigned long long last_before;	/* check_event before 35f5b36e8cc2 (v6.17) raised it; 0: the same */
	const char *version;		/* "v1", "v2": the PMU version the limit is of */
	size_t counters;		/* hisi_validate_event_group's budget */
};

/*
 * hisi_uncore_pmu_event_init(): an event code past check_event and a group of more hardware
 * events than counters (hisi_validate_event_group) are -EINVAL. Before 43de0ac332b8 (v6.18)
 * the whole config word was compared: bits above the code are warned on such kernels.
 */
int hisi_uncore_check(struct plan *set, size_t i, const struct hisi_uncore_limits *l,
		      struct err_report *err, struct diag *warn);

/*
 * The first two events of one PMU of family f, e after o, that set the bits of config1 in mask
 * (of config2 in mask2) differently: false when none do
 */
bool hisi_uncore_filter_clash(const struct plan *set, const struct pmu_family *f, uint64_t mask,
			      uint64_t mask2, const struct plan_event **e, const struct plan_event **o);
/*
 * Warn once for such a pair: the unit has one filter register for all its counters (named in
 * where), which each event ORs its value into and clears at its end
 */
void hisi_uncore_shared_filter(const struct plan *set, const struct pmu_family *f, uint64_t mask,
			       uint64_t mask2, const char *where, struct diag *warn);

/*
 * Warn when event e sets format mask but not cmd, which the unit's filter needs to take it:
 * the driver writes the mask only beside a command (function, hisi_<unit>_pmu_config_srcid)
 */
void hisi_uncore_mask_alone(const struct plan_event *e, const char *mask, const char *cmd,
			    const char *function, struct diag *warn);

#endif
