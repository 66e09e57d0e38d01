/* SPDX-License-Identifier: GPL-2.0 */
/* lspci's -s and -d selectors, parsed by libpci, matched against collected functions. */
#ifndef PMUCTL_PCIFILTER_H
#define PMUCTL_PCIFILTER_H

#include <stdbool.h>
#include <pci/pci.h>
#include "pmu/err.h"
#include "topology/pcitopo.h"

/* "[[[[<domain>]:]<bus>]:][<slot>][.[<func>]]", as lspci -s */
int pci_select_slot(struct pci_filter *f, const char *text, struct pmu_err *err);
/* "[<vendor>]:[<device>][:<class>[:<prog-if>]]", as lspci -d */
int pci_select_id(struct pci_filter *f, const char *text, struct pmu_err *err);
void pci_select_init(struct pci_filter *f);
bool pci_select_match(const struct pci_filter *f, const struct pci_fn *fn);

#endif
