// SPDX-License-Identifier: GPL-2.0
/* Capability walks over config-space bytes; no I/O, so fuzzers drive it directly.
 * Register offsets are libpci's (pci/header.h). */
#include <stdlib.h>
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
			if (where + PCI_EXP_LNKCAP + 4 <= len) {
				out->link_port = cfg[where + PCI_EXP_LNKCAP + 3];
				out->max_link_width = (rd16(cfg, where + PCI_EXP_LNKCAP) & PCI_EXP_LNKCAP_WIDTH) >> 4;
			}
		}
		where = cfg[where + 1] & ~3u;
	}
}

/*
 * A vendor capability at where, its extended header's id given: a DVSEC's header 1 (+4) holds
 * its vendor, revision and length, header 2 (+8) its id; a VSEC's header (+4) its id, revision
 * and length, its vendor the function's
 */
static void keep_vcap(const uint8_t *cfg, size_t len, size_t where, bool designated, struct pcicfg *out)
{
	struct pcicfg_vcap *v;
	size_t need = designated ? 10 : 8;

	if (out->nvcaps == PCICFG_VCAPS) {
		out->vcaps_dropped++;
		return;
	}
	if (where + need > len)
		return;
	/* one more at a time: a root port has a few, most functions none */
	v = realloc(out->vcap, (out->nvcaps + 1u) * sizeof(*v));
	if (!v) {
		out->vcaps_dropped++;
		return;
	}
	out->vcap = v;
	v = &out->vcap[out->nvcaps++];
	memset(v, 0, sizeof(*v));
	v->offset = (uint16_t)where;
	v->designated = designated;
	v->vendor = designated ? rd16(cfg, where + 4) : out->vendor;
	v->rev = (uint8_t)((rd32(cfg, where + 4) >> 16) & 0xf);
	v->length = (uint16_t)(rd32(cfg, where + 4) >> 20);
	v->id = designated ? rd16(cfg, where + 8) : (uint16_t)(rd32(cfg, where + 4) & 0xffff);
	v->nbytes = (uint8_t)(len - where < PCICFG_VCAP_BYTES ? len - where : PCICFG_VCAP_BYTES);
	memcpy(v->bytes, cfg + where, v->nbytes);
}

const struct pcicfg_vcap *pcicfg_vcap_find(const struct pcicfg *c, bool designated, uint16_t vendor,
					   uint16_t id, size_t need)
{
	for (size_t i = 0; i < c->nvcaps; i++) {
		const struct pcicfg_vcap *v = &c->vcap[i];

		if (v->designated == designated && v->vendor == vendor && v->id == id && v->nbytes >= need)
			return v;
	}
	return NULL;
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
		if ((header & 0xffff) == PCI_EXT_CAP_ID_DVSEC || (header & 0xffff) == PCI_EXT_CAP_ID_VNDR)
			keep_vcap(cfg, len, where, (header & 0xffff) == PCI_EXT_CAP_ID_DVSEC, out);
		where = (header >> 20) & ~3u;
	} while (where);
}

bool pcicfg_may_be_root_port(const uint8_t *hdr)
{
	return (hdr[PCI_HEADER_TYPE] & 0x7f) == 1;
}

bool pcicfg_switch_port(const struct pcicfg *c)
{
	return c->bridge && c->pcie && c->port_type >= PCI_EXP_TYPE_UPSTREAM &&
	       c->port_type <= PCI_EXP_TYPE_PCIE_BRIDGE;
}

bool pcicfg_root_port(const struct pcicfg *c)
{
	return c->pcie && c->port_type == PCI_EXP_TYPE_ROOT_PORT;
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

void pcicfg_free(struct pcicfg *c)
{
	free(c->vcap);
	c->vcap = NULL;
	c->nvcaps = 0;
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
