/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The devices a PCI function's driver made below it, as sysfs lists them: the names the
 * exporters beside pmuctl key on (node_exporter's netdev device, node_nvme_info's device, the
 * RDMA device of node_infiniband_*, a DRM card).
 */
#ifndef PMUCTL_PCICLASS_H
#define PMUCTL_PCICLASS_H

#include "lib/sysroot.h"

struct pci_class_devices {
	char netdev[128];	/* net/: "enP5p65s0f0np0", several joined by a comma */
	char nvme[64];		/* nvme/: "nvme0" */
	char infiniband[64];	/* infiniband/: "mlx5_0" */
	char drm[64];		/* drm/card*: "card1" */
};

/*
 * Read those of function bdf ("0005:41:00.0") under root; a missing directory is none: 0, or
 * the first -errno of a directory that could not be listed (the others are read still)
 */
int pci_class_devices_read(const struct sysroot *root, const char *bdf, struct pci_class_devices *out);

#endif
