/* SPDX-License-Identifier: GPL-2.0 */
/*
 * NVIDIA BlueField performance counters: the mlxbf-pmc hwmon device named "bfperf"
 * (drivers/platform/mellanox/mlxbf-pmc.c). Each block of it is a PMU of the bluefield family,
 * named bfperf/<block>, with the events of its event_list (or, for register blocks, its files).
 */
#ifndef PMUCTL_BLUEFIELD_H
#define PMUCTL_BLUEFIELD_H

#include <stddef.h>
#include "lib/diag.h"
#include "lib/sysroot.h"
#include "pmu/family/family.h"

#define BF_PMU_PREFIX "bfperf/"
/*
 * The most a BlueField counter can advance in a second: 10^12, 15 times the fastest link a
 * block sees (PCIe Gen5 x16, 64 GB/s, for the byte counters of the pcie blocks) and over 250
 * events a cycle at 4 GHz for the rest. A delta above it between two reads is a reset or a
 * bad read, never a count.
 */
#define BF_COUNT_MAX_PER_S 1e12
/*
 * The same for a BlueField-3 crspace counter, a 32-bit register of events of its block's
 * clock (under 3.5 GHz): 10^10 a second, three events a cycle, fills the register in 0.43 s.
 * Above 10^12, any 32-bit delta would pass, and a glitch to 0xffffffff would count 4 billion.
 */
#define BF_CRSPACE_COUNT_MAX_PER_S 1e10

enum bf_block_kind {
	BF_BLOCK_COUNTER,	/* eventN/counterN pairs, each programmed on its own */
	BF_BLOCK_L3CACHE,	/* counters started and stopped together through "enable" */
	BF_BLOCK_CRSPACE,	/* BF3 crspace: enable + count_clock */
	BF_BLOCK_REGISTER,	/* statistics registers, one file each (pcieN, ecc) */
};

struct pmu;
struct pmu_event;
struct pmu_list;

/* What kind of block p is, from its files; its name for list */
enum bf_block_kind bf_block_kind(const struct pmu *p);

/* What the BSP documentation says the events mean (bluefield_catalog.c, generated) */
extern const struct catalog_entry catalog_bluefield[];

/* event_list text ("0x45: HNF_REQUESTS\n..."): 0 or -EINVAL with the bad line number */
int bf_event_list_parse(const char *text, struct pmu_event **ev, size_t *n, size_t *bad_line);

/* The block's directory below the sysfs root: class/hwmon/<hwmon>/<block> */
int bf_block_dir(const struct pmu *p, char *buf, size_t size);

#endif
