/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An lspci hex dump of whole config spaces, cut down to the lines the mapping needs before libpci's dump method
 * parses it: libpci spends one sscanf per byte, and most bytes are endpoints' extended space.
 */
#ifndef PMUCTL_PCIDUMP_H
#define PMUCTL_PCIDUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/err.h"

/* Refused beyond this: 19,000 functions' worth of full dumps */
#define PCI_DUMP_MAX (256u << 20)

/* The config lines below this offset are always kept: the header libpci and map decode first */
#define PCI_DUMP_HEADER_BYTES 0x40

struct pci_dump {
	char *text;
	size_t len;
	bool mapped; /* text is the file mapped, not a copy */
};

struct pci_dump_fn {
	uint32_t domain;
	uint8_t bus, dev, fn;
};

/* Orders functions as lspci does: domain, bus, device, function */
int pci_dump_fn_cmp(const void *a, const void *b);

/* Which functions keep all their config lines */
struct pci_dump_keep {
	struct pci_dump_fn *v; /* sorted by pci_dump_keep_seal */
	size_t n, cap;
};

/* The whole file: a dump may come from a pipe, and it is sliced twice */
int pci_dump_load(const char *path, struct pci_dump *d, struct pmu_err *err);
void pci_dump_free(struct pci_dump *d);

int pci_dump_keep_add(struct pci_dump_keep *k, uint32_t domain, uint8_t bus, uint8_t dev,
		      uint8_t fn);
void pci_dump_keep_seal(struct pci_dump_keep *k);
void pci_dump_keep_free(struct pci_dump_keep *k);

enum pci_dump_cut {
	PCI_DUMP_HEADERS, /* every function: the header; functions in keep: everything */
	PCI_DUMP_KEPT_ONLY, /* functions in keep only, whole */
};

/*
 * Write to fd the lines of the dump that cut asks for; lines that belong to no function are
 * always written. Function lines are recognised exactly as libpci recognises them; a line
 * libpci would refuse (too long, unterminated, NUL) is always written, so libpci still reports
 * it. A config offset past 4096 is refused here: libpci keeps it in an int, and eight hex
 * digits would make it write before its buffer.
 */
int pci_dump_slice(const struct pci_dump *d, const struct pci_dump_keep *keep,
		   enum pci_dump_cut cut, int fd, struct pmu_err *err);

/* The slice in a memory file for libpci's dump method, named in path; returns the fd */
int pci_dump_slice_file(const struct pci_dump *d, const struct pci_dump_keep *keep,
			enum pci_dump_cut cut, char *path, size_t size, struct pmu_err *err);

#endif
