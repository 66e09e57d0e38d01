/* SPDX-License-Identifier: GPL-2.0 */
/* Every PCI function of a machine, read through libpci (sysfs, or an lspci hex dump). */
#ifndef PMUCTL_PCITOPO_H
#define PMUCTL_PCITOPO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/err.h"
#include "lib/sysroot.h"
#include "topology/pcicfg.h"
#include "topology/pcilink.h"

/* The command whose output -F reads: a hex dump of all 4096 bytes of config space */
#define LSPCI_DUMP_CMD "lspci -xx" "xx"

struct pcibar {
	uint64_t addr;
	uint64_t size;		/* 0 when unknown (dumps carry no sizes) */
	bool mem, mem64, prefetch;
};

/* A BAR as libpci gives it: the address with the BAR's low flag bits; I/O BARs are left out */
void pcibar_set(struct pcibar *b, uint64_t raw, uint64_t size);

struct pcifn {
	uint32_t domain;	/* libpci allows five hex digits */
	uint8_t bus, dev, fn;
	size_t cfg_len;		/* bytes read: 64 (all map needs, or a non-root read), 256 or 4096 */
	struct pcicfg cfg;
	struct pcibar bar[6];
	struct pcilink link;
	char *name;		/* vendor and device from pci.ids; NULL unless asked for */
	int numa_node;		/* as sysfs says; -1 not known (a dump, a machine without NUMA) */
	char host_bridge[24];	/* "pci0000:00", the sysfs directory it hangs below; "" from a dump */
	char top[16];		/* the function just below the host bridge on its sysfs path: its root port, or itself */
};

struct pcitopo {
	struct pcifn *fn;	/* sorted as lspci sorts: domain, bus, device, function */
	size_t n;
	bool show_domains;	/* lspci prints domains when any function has one */
	size_t candidates;	/* bridges whose whole config space is read (pcitopo_source.every_bridge) */
	size_t ext_unreadable;	/* candidates whose extended config space could not be read */
	size_t looped;		/* functions with a looped capability chain */
	struct diag diag;	/* libpci's warnings, and what was skipped */
};

struct pcitopo_source {
	const struct sysroot *root;	/* read <root>/bus/pci when dump is NULL; with a dump, BAR
					 * sizes from it when it is the dump's machine */
	const char *dump;		/* LSPCI_DUMP_CMD output, read by libpci's dump method */
	/* sysfs's BARs left unread (no resource file opened): a count with no address filter */
	bool no_bars;
	/* root ports' BARs left unread (a PCI Express root port): map's tree shows none of theirs */
	bool no_port_bars;
	/*
	 * The extended space of every bridge, switch ports' too: map -j shows each one's
	 * capabilities. Else only of bridges that may be root ports, where families read theirs.
	 */
	bool every_bridge;
};

int pcitopo_read(const struct pcitopo_source *src, struct pcitopo *t, struct err_report *err);
/*
 * The names of the functions want marks (NULL: every one) that have none yet, from pci.ids, in
 * a session of their own after the read: each caller names what it prints
 */
int pcitopo_names(struct pcitopo *t, const bool *want, struct err_report *err);
void pcitopo_free(struct pcitopo *t);
/* "0005:01:00.0" always: the form JSON and completion use */
void pcifn_full_name(const struct pcifn *f, char *buf, size_t size);
/* "0005:01:00.0" or "01:00.0", as lspci prints it in this topology */
void pcifn_name(const struct pcitopo *t, const struct pcifn *f, char *buf, size_t size);

#endif
