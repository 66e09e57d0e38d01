/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a PCI function is, which PMU sees it, and the filter that selects the function in it:
 * the one answer map prints and stat --device counts with. Where it sits comes from the
 * topology and sysfs, refined by a family's capability; which PMU sees it from the family
 * descriptors (map_functions).
 */
#ifndef PMUCTL_DEVMAP_H
#define PMUCTL_DEVMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include "lib/sysroot.h"
#include "pmu/pmu.h"
#include "topology/pcitopo.h"

#define FN_PMU_NAME_MAX 64
#define FN_FILTER_TERMS 3
#define FN_BARS 6

/* How a filter's value is written: a requester ID in 4 hex digits, a mask in hex, a flag in decimal */
enum fn_show { FN_DEC, FN_HEX, FN_BDF };

/* A format field and its value */
struct fn_term {
	const char *name;
	uint64_t value;
	enum fn_show show;
};

struct fn_filter {
	struct fn_term term[FN_FILTER_TERMS];
	size_t n;		/* 0: no such filter */
	int bar;		/* the BAR an address filter matches, -1 for others */
	uint64_t bar_size;
};

/* A PMU that sees a function: it may be absent from sysfs when its driver is not loaded */
struct fn_pmu {
	const struct pmu_family *family;	/* NULL: no PMU sees the function */
	char name[FN_PMU_NAME_MAX];
	const struct pmu *pmu;		/* registered in sysfs, or NULL */
	const char *event;		/* the event map shows with the filters */
	struct fn_filter function;	/* the function alone */
	struct fn_filter root_port;	/* its whole root port */
	bool port_pmu;			/* the PMU is its root port's own: the port whole, no filter */
	/*
	 * The die whose counter is the function's, when the PMU counts the same unit of every
	 * die at once (a stack of a PMU for the machine); -1: the PMU's whole count is
	 */
	int die;
	/*
	 * traffic to each memory BAR of the function: FN_BARS slots after the maps, in their
	 * allocation, so that a count without BAR filters never touches their pages (1 KiB a function)
	 */
	struct fn_filter *bars;
	size_t nbars;
};

/*
 * Where a function is. The tree and sysfs give every vendor's: its root port (the nearest PCI
 * Express root port above it, or itself) and its socket (the package of its NUMA node's CPUs:
 * a node is not a socket, two may share one). A family that knows
 * better from a capability of its own (a DVSEC on its root ports) refines it (its locate op).
 */
struct fn_location {
	ssize_t root_port;	/* the root port above it (or itself), an index in the topology; -1 none */
	/* where the bus ranges alone would have put it, when its sysfs path says otherwise; -2 agree */
	ssize_t by_ranges;
	int numa_node;		/* sysfs's; -1 not known (a dump, or no NUMA) */
	int socket;		/* -1 not known */
	int rc;			/* the family's root complex or PCIe core; -1 none */
	int rp;			/* the family's number for the root port; -1 none */
	const struct pmu_family *by;	/* the family that placed it; NULL: the tree and sysfs */
};

struct devmap_fn {
	struct fn_location at;
	uint16_t src_bdf;	/* (bus << 8) | (dev << 3) | fn: the requester ID */
	struct fn_pmu requester;	/* counts the traffic the function sends */
	struct fn_pmu target;		/* counts the traffic sent to its BARs */
};

/* Whether m is in socket and RC rc (-1: any) */
bool devmap_fn_at(const struct devmap_fn *m, long socket, long rc);

/*
 * Map every function of t; maps[i] describes t->fn[i]. pmus may be NULL (presence unknown);
 * root is the machine, for its NUMA nodes' CPUs (NULL: no socket from NUMA).
 */
int devmap_build(const struct pcitopo *t, const struct pmu_list *pmus, const struct sysroot *root,
		 struct devmap_fn **maps);

/* For families' map_functions: name the PMU (and find it in pmus), add a term to a filter */
void fn_pmu_name(struct fn_pmu *r, const struct pmu_list *pmus, const struct pmu_family *family,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/*
 * r names from's PMU: a family whose PMU is its RC's names it once for the RC's functions,
 * which sit side by side in BDF order (fn_same_rc), not once a function
 */
void fn_pmu_as(struct fn_pmu *r, const struct fn_pmu *from);
bool fn_same_rc(const struct devmap_fn *a, const struct devmap_fn *b);
/*
 * 0, or -ENOSPC past FN_FILTER_TERMS: then the filter is emptied, never cut short, since a
 * filter without one of its terms would select more than the function
 */
int fn_filter_add(struct fn_filter *f, const char *name, uint64_t value, enum fn_show show);
/* "src_bdf=0x4100,src_bdf_en=1" */
const char *fn_filter_text(const struct fn_filter *f, char *buf, size_t size);

/* The PCIE-TGT address filter that matches exactly one BAR: (addr & mask) == (base & mask). */
bool devmap_bar_filter(const struct pcibar *b, uint64_t *base, uint64_t *mask);

#endif
