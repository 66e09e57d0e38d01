// SPDX-License-Identifier: GPL-2.0
/*
 * Capability walks on hand-built config spaces: every vendor capability in chain order, loops,
 * short reads; and the Tegra410 family's RC map among decoys, read from what the walk kept.
 */
#include "pmu/family/t410.h"
#include "tests/unit/unit.h"
#include "topology/pcicfg.h"
#include "topology/pcitopo.h"

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

/* The Tegra410 family's reading of the RC map, as the document's script finds it */
static bool rc_map(const struct pcicfg *c, struct t410_rc_map *map)
{
	struct pcifn f = { .cfg = *c };

	return t410_rc_map(&f, map);
}

int main(void)
{
	struct t410_rc_map map;
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
	/* the walk keeps every DVSEC, decoys too, in chain order, decoding none */
	CHECK_U64(i.nvcaps, 4);
	CHECK(i.vcap[0].designated && i.vcap[0].vendor == 0x10de && i.vcap[0].id == 3);
	CHECK(i.vcap[1].vendor == 0x1e98 && i.vcap[1].id == 4 && i.vcap[1].offset == 0x140);
	CHECK(i.vcap[2].offset == 0xe00 && i.vcap[2].length == 0x14 && i.vcap[2].rev == 1);
	CHECK_U64(i.vcap[2].nbytes, PCICFG_VCAP_BYTES);
	/* the family takes the first NVIDIA id 4, past the decoys, as the script does */
	CHECK(rc_map(&i, &map));
	CHECK_U64(map.offset, 0xe00);
	CHECK_U64(map.bus, 0xa0);
	CHECK_U64(map.segment, 0xa1);
	CHECK_U64(map.rp, 0xa2);
	CHECK_U64(map.rc, 0xa3);
	CHECK_U64(map.socket, 0xa4);
	CHECK(i.ext_end == CHAIN_END);

	/* a loop before the DVSEC: the walk ends there and never sees it */
	root_port();
	ext(0x100, 0x1, 0x200);
	ext(0x200, 0x19, 0x100);
	dvsec(0x300, 0, 0x10de, 4);
	pcicfg_free(&i);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!rc_map(&i, &map) && i.ext_end == CHAIN_LOOPED);

	/* a standard chain pointing at itself */
	root_port();
	cfg[0x41] = 0x40;
	pcicfg_free(&i);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(i.std_end == CHAIN_LOOPED && i.pcie);

	/* a DVSEC too close to the end to hold the RC map is not taken */
	root_port();
	dvsec(0x100, 0xff0, 0x10de, 3);
	ext(0xff0, 0x23, 0);
	put32(0xff4, 0x10de);
	put32(0xff8, 4);
	pcicfg_free(&i);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!rc_map(&i, &map));
	CHECK(i.nvcaps == 2 && i.vcap[1].offset == 0xff0 && i.vcap[1].nbytes == 0x10);

	/* a VSEC: its id and the function's vendor */
	root_port();
	ext(0x100, 0x0b, 0);
	put32(0x104, 0x02 | 4u << 16 | 0x100u << 20);
	pcicfg_free(&i);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(i.nvcaps == 1 && !i.vcap[0].designated && i.vcap[0].vendor == 0x10de && i.vcap[0].id == 2 &&
	      i.vcap[0].rev == 4 && i.vcap[0].length == 0x100);
	CHECK(pcicfg_vcap_find(&i, false, 0x10de, 2, 8) == &i.vcap[0] && !pcicfg_vcap_find(&i, true, 0x10de, 2, 8));

	/* non-root reads: 64 bytes, the capability list unreadable; 256 bytes, no extended space */
	root_port();
	dvsec(0x100, 0, 0x10de, 4);
	pcicfg_free(&i);
	pcicfg_decode(cfg, 64, &i);
	CHECK(i.std_end == CHAIN_UNREADABLE && !i.pcie && !rc_map(&i, &map));
	pcicfg_free(&i);
	pcicfg_decode(cfg, 256, &i);
	CHECK(i.pcie && i.ext_unreadable && !i.ext_walked && !rc_map(&i, &map));
	pcicfg_free(&i);
	pcicfg_decode(cfg, 4096, &i);
	CHECK(rc_map(&i, &map) && map.offset == 0x100);

	/* all ones (an absent function) ends the chain at once */
	memset(cfg, 0xff, sizeof(cfg));
	pcicfg_free(&i);
	pcicfg_decode(cfg, sizeof(cfg), &i);
	CHECK(!i.nvcaps);
	pcicfg_free(&i);

	return unit_report("test_pcicfg");
}
