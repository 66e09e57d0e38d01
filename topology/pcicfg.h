/* SPDX-License-Identifier: GPL-2.0 */
/* One function's config space, read as lspci reads it: header, capability chains, vendor capabilities. */
#ifndef PMUCTL_PCICFG_H
#define PMUCTL_PCICFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PCICFG_HEADER 64	/* what a non-root read gets, and all map needs of most functions */
#define PCICFG_SPACE 256
#define PCICFG_SPACE_EXP 4096

/* Vendor-specific extended capabilities kept per function, and the bytes kept of each */
#define PCICFG_VCAPS 16
#define PCICFG_VCAP_BYTES 32

enum chain_end {
	CHAIN_END,		/* a zero pointer or an empty header */
	CHAIN_LOOPED,		/* a pointer came back to a visited capability */
	CHAIN_UNREADABLE,	/* the chain leaves the bytes we could read */
};

/*
 * A vendor-specific extended capability, as lspci's ls-ecaps.c tells them apart: a DVSEC
 * (PCI_EXT_CAP_ID_DVSEC) by the vendor and id of its headers 1 and 2, a VSEC
 * (PCI_EXT_CAP_ID_VNDR) by the function's own vendor and its id. None is decoded here: the
 * family that knows one reads its bytes (pmu/family/).
 */
struct pcicfg_vcap {
	uint16_t offset;
	bool designated;	/* a DVSEC; else a VSEC */
	uint16_t vendor, id;
	uint8_t rev;
	uint16_t length;	/* as its header says */
	uint8_t bytes[PCICFG_VCAP_BYTES];	/* from its first byte on */
	uint8_t nbytes;		/* how many of them could be read */
};

struct pcicfg {
	uint16_t vendor, device;
	uint32_t class_code;	/* base, sub, prog-if */
	uint8_t header_type;	/* without the multi-function bit */
	bool bridge;		/* type 1 header: secondary..subordinate below */
	uint8_t secondary, subordinate;
	bool pcie;
	uint8_t port_type;	/* PCI_EXP_TYPE_*: 4 root port, 5/6 switch ports */
	uint8_t link_port;	/* LnkCap port number */
	uint8_t max_link_width;	/* LnkCap: the lanes it can train to (pcie_get_width_cap()); 0 unknown */
	enum chain_end std_end, ext_end;
	bool ext_walked;	/* PCIe, and offset 0x100 was readable */
	bool ext_unreadable;	/* PCIe, but only the first 64 or 256 bytes were readable */
	/* in the order of the chain; malloc'd, as few functions have any (pcicfg_free) */
	struct pcicfg_vcap *vcap;
	uint8_t nvcaps;
	unsigned vcaps_dropped;	/* past PCICFG_VCAPS */
};

/*
 * Decode len bytes of config space (64, 256 or 4096). The walks follow lspci's (a visited set
 * per chain, stop on 0 / all ones), so the vendor capabilities come in the order lspci -vvv
 * shows them. Never reads past len.
 */
void pcicfg_decode(const uint8_t *cfg, size_t len, struct pcicfg *out);
/* What a decode allocated: before a struct is decoded again, or dropped */
void pcicfg_free(struct pcicfg *c);

/* The first 64 bytes only: ids, class, header type, bus numbers; no capability walks */
void pcicfg_decode_header(const uint8_t *cfg, struct pcicfg *out);

/*
 * Whether a function may carry capabilities a family reads from the extended space, judged
 * from its first 64 bytes: a bridge (root ports carry them: an RC map, a RAS DES capability)
 */
bool pcicfg_may_be_root_port(const uint8_t *hdr);
/*
 * A bridge its PCI Express capability calls a switch port or a bridge to or from PCI
 * (PCI_EXP_TYPE_UPSTREAM to PCI_EXP_TYPE_PCIE_BRIDGE): no root port, whatever sits above it
 */
bool pcicfg_switch_port(const struct pcicfg *c);
/* A function its PCI Express capability calls a root port (PCI_EXP_TYPE_ROOT_PORT): map's and the families' */
bool pcicfg_root_port(const struct pcicfg *c);

/* The first DVSEC (designated) or VSEC of (vendor, id) with at least need bytes read, or NULL */
const struct pcicfg_vcap *pcicfg_vcap_find(const struct pcicfg *c, bool designated, uint16_t vendor,
					   uint16_t id, size_t need);

#endif
