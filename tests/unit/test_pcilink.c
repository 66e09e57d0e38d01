// SPDX-License-Identifier: GPL-2.0
/*
 * A trained link's payload rate each way, the denominator of every utilisation pmuctl shows:
 * GT/s x lanes x the line code of its generation (the PCI Express Base Specification's 8b/10b
 * to 5 GT/s, 128b/130b from 8 GT/s, 242/256 flit mode at 64 GT/s) / 8; nothing for a link down
 * or a speed not known.
 */
#include <math.h>
#include "topology/pcilink.h"
#include "tests/unit/unit.h"

static double rate(uint8_t speed, uint8_t width)
{
	struct pcilink l = { .present = true, .speed = speed, .width = width };

	return pcilink_bytes_per_second(&l);
}

static bool same(double got, double want)
{
	return fabs(got - want) <= 1e-12 * want;
}

int main(void)
{
	/* Link Status's speed codes: 1 2.5 GT/s ... 6 64 GT/s, 0 and 7 not known */
	CHECK(pcilink_gts(1) == 2.5 && pcilink_gts(3) == 8 && pcilink_gts(6) == 64);
	CHECK(pcilink_gts(0) == 0 && pcilink_gts(7) == 0);
	/* 8b/10b: 2.5 GT/s x1 is 250 MB/s, 5 GT/s x4 2 GB/s */
	CHECK(same(rate(1, 1), 250e6));
	CHECK(same(rate(2, 4), 2e9));
	/* 128b/130b: 8 GT/s x16, 16 GT/s x8 and 32 GT/s x16 */
	CHECK(same(rate(3, 16), 8e9 * 16 * 128 / 130 / 8));
	CHECK(same(rate(4, 8), 16e9 * 8 * 128 / 130 / 8));
	CHECK(same(rate(5, 16), 32e9 * 16 * 128 / 130 / 8));
	/* flit mode at 64 GT/s: x16 carries 121 GB/s */
	CHECK(same(rate(6, 16), 121e9));
	/* down, not known, or no link: no rate, never one that looks measured */
	CHECK(rate(4, 0) == 0 && rate(0, 8) == 0 && rate(7, 8) == 0);
	CHECK(pcilink_bytes_per_second(&(struct pcilink){ .speed = 4, .width = 8 }) == 0);
	return unit_report("pcilink");
}
