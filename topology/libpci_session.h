/* SPDX-License-Identifier: GPL-2.0 */
/* One libpci session, its errors turned into an err_report instead of exit(). */
#ifndef PMUCTL_LIBPCI_SESSION_H
#define PMUCTL_LIBPCI_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include <pci/pci.h>
#include "lib/diag.h"
#include "lib/err.h"

/*
 * pci_init on a dump file (dump) or a sysfs bus directory (sysfs), run fn, pci_cleanup;
 * neither: no access method and no scan, for pci_lookup_name alone. libpci's fatal errors
 * become err (-EIO), its warnings diag lines. Sessions nest.
 */
int libpci_session(const char *dump, const char *sysfs, struct diag *diag,
		   int (*fn)(struct pci_access *pacc, void *arg), void *arg, struct err_report *err);

#endif
