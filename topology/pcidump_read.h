/* SPDX-License-Identifier: GPL-2.0 */
/* The whole config space of chosen functions of a dump, parsed by libpci in parallel sessions. */
#ifndef PMUCTL_PCIDUMP_READ_H
#define PMUCTL_PCIDUMP_READ_H

#include "pmu/diag.h"
#include "topology/pcicfg.h"
#include "topology/pcidump.h"

struct cfg_image {
	struct pci_dump_fn fn; /* first: images sort and search with pci_dump_fn_cmp */
	size_t len; /* what libpci could read: 4096, 256, 64 or 0 */
	uint8_t bytes[PCI_CFG_SPACE_EXP];
};

struct cfg_images {
	struct cfg_image *v; /* sorted by function */
	size_t n;
};

/*
 * Config images of the functions in keep (sealed). libpci parses one byte per sscanf, so the
 * functions are shared among up to one session per online CPU.
 */
int pci_dump_read_images(const struct pci_dump *d, const struct pci_dump_keep *keep,
			 struct cfg_images *out, struct diag *diag, struct pmu_err *err);
const struct cfg_image *cfg_images_find(const struct cfg_images *im, const struct pci_dump_fn *fn);
void cfg_images_free(struct cfg_images *im);

#endif
