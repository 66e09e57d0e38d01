/* SPDX-License-Identifier: GPL-2.0 */
/* One function's config space, read as lspci reads it: header, capability chains, NVIDIA DVSEC. */
#ifndef PMUCTL_PCICFG_H
#define PMUCTL_PCICFG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PCICFG_HEADER 64	/* what a non-root read gets, and all map needs of most functions */
#define PCICFG_SPACE 256
#define PCICFG_SPACE_EXP 4096

/* nvidia-tegra410-pmu.rst: DVSEC vendor 10de, id 4, on every root port */
#define NV_DVSEC_VENDOR 0x10de
#define NV_DVSEC_ID_RC_MAP 0x0004

enum chain_end {
	CHAIN_END,		/* a zero pointer or an empty header */
	CHAIN_LOOPED,		/* a pointer came back to a visited capability */
	CHAIN_UNREADABLE,	/* the chain leaves the bytes we could read */
};

struct nv_dvsec {
	uint16_t offset;
	uint8_t bus, segment, rp, rc, socket;
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
	enum chain_end std_end, ext_end;
	bool ext_walked;	/* PCIe, and offset 0x100 was readable */
	bool ext_unreadable;	/* PCIe, but only the first 64 or 256 bytes were readable */
	bool has_nv_dvsec;
	struct nv_dvsec dvsec;
	unsigned decoy_dvsecs;	/* other DVSECs passed on the way */
};

/*
 * Decode len bytes of config space (64, 256 or 4096). The walks follow lspci's
 * (a visited set per chain, stop on 0 / all ones), so the first NVIDIA DVSEC
 * found is the one the document's script finds. Never reads past len.
 */
void pcicfg_decode(const uint8_t *cfg, size_t len, struct pcicfg *out);

/* The first 64 bytes only: ids, class, header type, bus numbers; no capability walks */
void pcicfg_decode_header(const uint8_t *cfg, struct pcicfg *out);

/*
 * Whether a function's capabilities can hold the RC map, judged from its first 64 bytes: an
 * NVIDIA bridge. The document puts the DVSEC on root ports, and a root port is a bridge; the
 * document's script also looks at NVIDIA endpoints (GPUs), whose DVSEC is not an RC map.
 */
bool pcicfg_may_be_root_port(const uint8_t *hdr);

#endif
