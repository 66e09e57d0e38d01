/* SPDX-License-Identifier: GPL-2.0 */
/* lspci's -s and -d selectors, parsed by libpci, matched against collected functions. */
#ifndef PMUCTL_PCIFILTER_H
#define PMUCTL_PCIFILTER_H

#include <stdbool.h>
#include <pci/pci.h>
#include "lib/err.h"
#include "topology/pcitopo.h"

/* "[[[[<domain>]:]<bus>]:][<slot>][.[<func>]]", as lspci -s */
int pcifilter_slot(struct pci_filter *f, const char *text, struct err_report *err);
/* "[<vendor>]:[<device>][:<class>[:<prog-if>]]", as lspci -d */
int pcifilter_id(struct pci_filter *f, const char *text, struct err_report *err);
void pcifilter_init(struct pci_filter *f);
bool pcifilter_match(const struct pci_filter *f, const struct pcifn *fn);

#endif
