// SPDX-License-Identifier: GPL-2.0
/* Capability walks on hand-built config spaces: the DVSEC behind decoys, loops, short reads. */
#include "tests/unit/unit.h"
#include "topology/pcicfg.h"

static uint8_t cfg[PCICFG_SPACE_EXP];

static void put32(size_t at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		cfg[at + i] = (uint8_t)(v >> (8 * i));
}

/* extended capability header: id, version 1, next */
static void ext(size_t at, uint16_t id, size_t next)
{
	put32(at, id | 1u << 16 | (uint32_t)next << 20);
}

static void dvsec(size_t at, size_t next, uint16_t vendor, uint16_t id)
{
	ext(at, 0x23, next);
	put32(at + 4, vendor | 1u << 16 | 0x14u << 20);
	put32(at + 8, id);
	for (int i = 0; i < 5; i++)
		cfg[at + 0xc + i] = (uint8_t)(0xa0 + i);	/* bus, segment, rp, rc, socket */
}

static void root_port(void)
{
	memset(cfg, 0, sizeof(cfg));
	put32(0, 0x22b210de);
	put32(8, 0x06040001);
	cfg[0x06] = 0x10;	/* capability list */
	cfg[0x0e] = 1;
	cfg[0x19] = 0x01;
	cfg[0x1a] = 0x1f;
	cfg[0x34] = 0x40;
	cfg[0x40] = 0x10;	/* PCIe, root port, port number 3 */
	cfg[0x42] = 0x42;
	cfg[0x4f] = 3;
}

int main(void)
{
	struct pcicfg i;

	/* decoys first: other NVIDIA DVSEC ids, another vendor's id 4; the real one deep at 0xe00 */
	root_port();
	dvsec(0x100, 0x140, 0x10de, 3);
	dvsec(0x140, 0xe00, 0x1e98, 4);
	dvsec(0xe00, 0x180, 0x10de, 4);
	dvsec(0x180, 0, 0x10de, 4);
	cfg[0x180 + 0xc] = 0xee;
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(i.pcie && i.port_type == 4 && i.link_port == 3);
	CHECK(i.bridge && i.secondary == 1 && i.subordinate == 0x1f);
	CHECK(i.has_nv_dvsec);
	CHECK_U64(i.dvsec.offset, 0xe00);
	CHECK_U64(i.dvsec.bus, 0xa0);
	CHECK_U64(i.dvsec.segment, 0xa1);
	CHECK_U64(i.dvsec.rp, 0xa2);
	CHECK_U64(i.dvsec.rc, 0xa3);
	CHECK_U64(i.dvsec.socket, 0xa4);
	CHECK_U64(i.decoy_dvsecs, 2);
	CHECK(i.ext_end == CHAIN_END);

	/* a loop before the DVSEC: the walk ends there and never sees it */
	root_port();
	ext(0x100, 0x1, 0x200);
	ext(0x200, 0x19, 0x100);
	dvsec(0x300, 0, 0x10de, 4);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!i.has_nv_dvsec && i.ext_end == CHAIN_LOOPED);

	/* a standard chain pointing at itself */
	root_port();
	cfg[0x41] = 0x40;
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(i.std_end == CHAIN_LOOPED && i.pcie);

	/* a DVSEC too close to the end to hold the RC map is not taken */
	root_port();
	dvsec(0x100, 0xff0, 0x10de, 3);
	ext(0xff0, 0x23, 0);
	put32(0xff4, 0x10de);
	put32(0xff8, 4);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!i.has_nv_dvsec);

	/* non-root reads: 64 bytes, the capability list unreadable; 256 bytes, no extended space */
	root_port();
	dvsec(0x100, 0, 0x10de, 4);
	pcicfg_decode(cfg, 64, &i);
	CHECK(i.std_end == CHAIN_UNREADABLE && !i.pcie && !i.has_nv_dvsec);
	pcicfg_decode(cfg, 256, &i);
	CHECK(i.pcie && i.ext_unreadable && !i.ext_walked && !i.has_nv_dvsec);
	pcicfg_decode(cfg, 4096, &i);
	CHECK(i.has_nv_dvsec && i.dvsec.offset == 0x100);

	/* all ones (an absent function) ends the chain at once */
	memset(cfg, 0xff, sizeof(cfg));
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!i.has_nv_dvsec);

	return unit_report("test_pcicfg");
}
