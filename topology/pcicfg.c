// SPDX-License-Identifier: GPL-2.0
/* Capability walks over config-space bytes; no I/O, so fuzzers drive it directly.
 * Register offsets are libpci's (pci/header.h). */
#include <string.h>
#include <pci/header.h>
#include "topology/pcicfg.h"


static uint16_t rd16(const uint8_t *c, size_t at)
{
	return (uint16_t)(c[at] | c[at + 1] << 8);
}

static uint32_t rd32(const uint8_t *c, size_t at)
{
	return (uint32_t)c[at] | (uint32_t)c[at + 1] << 8 | (uint32_t)c[at + 2] << 16 |
	       (uint32_t)c[at + 3] << 24;
}

static void walk_std_caps(const uint8_t *cfg, size_t len, struct pcicfg *out)
{
	bool seen[256] = { false };
	size_t where;

	out->std_end = CHAIN_END;
	if (!(rd16(cfg, PCI_STATUS) & PCI_STATUS_CAP_LIST))
		return;
	where = cfg[PCI_CAPABILITY_LIST] & ~3u;
	while (where) {
		if (where + 4 > len) {
			out->std_end = CHAIN_UNREADABLE;
			return;
		}
		if (seen[where]) {
			out->std_end = CHAIN_LOOPED;
			return;
		}
		seen[where] = true;
		if (cfg[where] == PCI_CAP_ID_EXP && !out->pcie) {
			out->pcie = true;
			out->port_type = (cfg[where + PCI_EXP_FLAGS] >> 4) & 0xf;
			if (where + PCI_EXP_LNKCAP + 4 <= len)
				out->link_port = cfg[where + PCI_EXP_LNKCAP + 3];
		}
		where = cfg[where + 1] & ~3u;
	}
}

/* DVSEC header 1 (+4) holds the vendor, header 2 (+8) the DVSEC id; the RC map ends at +0x10 */
static void look_at_dvsec(const uint8_t *cfg, size_t len, size_t where, struct pcicfg *out)
{
	if (out->has_nv_dvsec)
		return;
	if (where + 0x11 > len) {
		out->decoy_dvsecs++;
		return;
	}
	if (rd16(cfg, where + 4) != NV_DVSEC_VENDOR || rd16(cfg, where + 8) != NV_DVSEC_ID_RC_MAP) {
		out->decoy_dvsecs++;
		return;
	}
	out->has_nv_dvsec = true;
	out->dvsec = (struct nv_dvsec){
		.offset = (uint16_t)where,
		.bus = cfg[where + 0xc],
		.segment = cfg[where + 0xd],
		.rp = cfg[where + 0xe],
		.rc = cfg[where + 0xf],
		.socket = cfg[where + 0x10],
	};
}

static void walk_ext_caps(const uint8_t *cfg, size_t len, struct pcicfg *out)
{
	uint8_t seen[PCICFG_SPACE_EXP / 4] = { 0 };
	size_t where = PCICFG_SPACE;

	if (len < PCICFG_SPACE + 4) {
		out->ext_unreadable = true;
		return;
	}
	out->ext_walked = true;
	out->ext_end = CHAIN_END;
	do {
		uint32_t header;

		if (where + 4 > len) {
			out->ext_end = CHAIN_UNREADABLE;
			return;
		}
		header = rd32(cfg, where);
		if (!header || header == 0xffffffffu)
			return;
		if (seen[where / 4]) {
			out->ext_end = CHAIN_LOOPED;
			return;
		}
		seen[where / 4] = 1;
		if ((header & 0xffff) == PCI_EXT_CAP_ID_DVSEC)
			look_at_dvsec(cfg, len, where, out);
		where = (header >> 20) & ~3u;
	} while (where);
}

bool pcicfg_may_be_root_port(const uint8_t *hdr)
{
	return rd16(hdr, 0) == NV_DVSEC_VENDOR && (hdr[PCI_HEADER_TYPE] & 0x7f) == 1;
}

void pcicfg_decode_header(const uint8_t *cfg, struct pcicfg *out)
{
	memset(out, 0, sizeof(*out));
	out->vendor = rd16(cfg, 0);
	out->device = rd16(cfg, 2);
	out->class_code = rd32(cfg, PCI_CLASS_REVISION) >> 8;
	out->header_type = cfg[PCI_HEADER_TYPE] & 0x7f;
	if (out->header_type == 1) {
		out->bridge = true;
		out->secondary = cfg[PCI_SECONDARY_BUS];
		out->subordinate = cfg[PCI_SUBORDINATE_BUS];
	}
}

void pcicfg_decode(const uint8_t *cfg, size_t len, struct pcicfg *out)
{
	if (len > PCICFG_SPACE_EXP)
		len = PCICFG_SPACE_EXP;
	if (len < PCICFG_HEADER) {
		memset(out, 0, sizeof(*out));
		out->std_end = CHAIN_UNREADABLE;
		return;
	}
	pcicfg_decode_header(cfg, out);
	walk_std_caps(cfg, len, out);
	/* lspci looks at extended capabilities only for PCI Express functions */
	if (out->pcie)
		walk_ext_caps(cfg, len, out);
}
