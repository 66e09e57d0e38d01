// SPDX-License-Identifier: GPL-2.0
/* libpci parses the selectors; matching is done here because it needs no pci_dev. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "topology/pcifilter.h"

void pcifilter_init(struct pci_filter *f)
{
	pci_filter_init(NULL, f);
}

static int parse_with(char *(*parse)(struct pci_filter *, char *), struct pci_filter *f,
		      const char *text, const char *what, struct err_report *err)
{
	char *copy = strdup(text);
	char *why;

	if (!copy)
		return err_set(err, -ENOMEM, "out of memory");
	why = parse(f, copy);
	free(copy);
	if (why)
		return err_set(err, -EINVAL, "invalid %s '%s': %s", what, text, why);
	return 0;
}

int pcifilter_slot(struct pci_filter *f, const char *text, struct err_report *err)
{
	return parse_with(pci_filter_parse_slot, f, text, "device selector", err);
}

int pcifilter_id(struct pci_filter *f, const char *text, struct err_report *err)
{
	return parse_with(pci_filter_parse_id, f, text, "vendor:device selector", err);
}

bool pcifilter_match(const struct pci_filter *f, const struct pcifn *fn)
{
	unsigned cls = fn->cfg.class_code >> 8;

	if ((f->domain >= 0 && (unsigned)f->domain != fn->domain) ||
	    (f->bus >= 0 && f->bus != fn->bus) || (f->slot >= 0 && f->slot != fn->dev) ||
	    (f->func >= 0 && f->func != fn->fn))
		return false;
	if ((f->vendor >= 0 && f->vendor != fn->cfg.vendor) ||
	    (f->device >= 0 && f->device != fn->cfg.device))
		return false;
	if (f->device_class >= 0 &&
	    (cls & f->device_class_mask) != ((unsigned)f->device_class & f->device_class_mask))
		return false;
	if (f->prog_if >= 0 && (unsigned)f->prog_if != (fn->cfg.class_code & 0xff))
		return false;
	return true;
}
