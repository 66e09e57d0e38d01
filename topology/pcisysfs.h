/* SPDX-License-Identifier: GPL-2.0 */
/* A sysfs PCI tree's device names checked before libpci scans them, and BARs read as libpci reads them. */
#ifndef PMUCTL_PCISYSFS_H
#define PMUCTL_PCISYSFS_H

#include <stdbool.h>
#include "lib/err.h"
#include "lib/sysroot.h"

#define PCISYSFS_DEVICES "bus/pci/devices"

/* 0, or an error naming the entry of bus/pci/devices that is no device name (one directory read) */
int pcisysfs_check(const struct sysroot *root, struct err_report *err);

struct pcifn;
/*
 * f's directory under root's PCISYSFS_DEVICES, which the calls below read (one walk of the
 * device's path, not one a file): 0 or -errno
 */
int pcisysfs_fn_open(const struct sysroot *root, const struct pcifn *f, struct sysroot *dir);

/*
 * A dump has no BAR sizes; the machine it was taken on has them in its resource files. When
 * its directory dir holds the same function (same ids) with a BAR at the same address, take its size.
 */
void pcisysfs_bar_sizes(const struct sysroot *dir, struct pcifn *f);

/*
 * Where sysfs puts f: its numa_node ("%d\n", -1 without one; left -1 when the file is missing)
 * and the host bridge its device directory hangs below (devices/pci0000:00/0000:00:01.0/...).
 * For a dump, only when root holds the same function (same ids): the machine it was taken on.
 * devs is root's PCISYSFS_DEVICES, opened once for every function's link. dir may be NULL
 * when neither numa nor check_ids asks for a file in it.
 */
void pcisysfs_locality(const struct sysroot *dir, const struct sysroot *devs, struct pcifn *f, bool check_ids,
		       bool numa);
/*
 * Whether root's kernel has NUMA nodes: only then has a function a numa_node file (both are
 * CONFIG_NUMA's: drivers/pci/pci-sysfs.c, drivers/base/node.c)
 */
bool pcisysfs_numa(const struct sysroot *root);

/* The memory BARs of f from its resource file, as libpci reads them; an error names the line */
int pcisysfs_bars(const struct sysroot *dir, struct pcifn *f, struct err_report *err);
/* The same by its path from root: one open, where the file is all its directory is read for */
int pcisysfs_bars_at(const struct sysroot *root, struct pcifn *f, struct err_report *err);

#endif
