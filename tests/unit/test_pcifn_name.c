// SPDX-License-Identifier: GPL-2.0
/* A function's full name, formatted by hand, is printf's "%04x:%02x:%02x.%d" to the byte. */
#include <stdio.h>
#include <string.h>
#include "topology/pcitopo.h"
#include "unit.h"

static void check_name(uint32_t domain, uint8_t bus, uint8_t dev, uint8_t fn, size_t size)
{
	struct pcifn f = { .domain = domain, .bus = bus, .dev = dev, .fn = fn };
	char got[32], want[32];

	memset(got, 'x', sizeof(got));
	memset(want, 'x', sizeof(want));
	pcifn_full_name(&f, got, size);
	snprintf(want, size, "%04x:%02x:%02x.%d", domain, bus, dev, fn);
	CHECK(!memcmp(got, want, sizeof(got)));
}

int main(void)
{
	static const uint32_t domains[] = { 0, 1, 0xa, 0xffff, 0x10000, 0xfffff, 0xffffffff };
	struct pcifn f = { .domain = 5, .bus = 0x27, .dev = 1, .fn = 1 };
	char buf[32];

	pcifn_full_name(&f, buf, sizeof(buf));
	CHECK_STR(buf, "0005:27:01.1");
	for (size_t d = 0; d < sizeof(domains) / sizeof(domains[0]); d++)
		for (unsigned bus = 0; bus < 256; bus += 17)
			for (unsigned dev = 0; dev < 32; dev += 3)
				for (unsigned fn = 0; fn < 12; fn++)
					check_name(domains[d], (uint8_t)bus, (uint8_t)dev, (uint8_t)fn, sizeof(buf));
	/* lspci's short form without domains, the full one with them */
	{
		struct pcitopo t = { .show_domains = false };

		pcifn_name(&t, &f, buf, sizeof(buf));
		CHECK_STR(buf, "27:01.1");
		t.show_domains = true;
		pcifn_name(&t, &f, buf, sizeof(buf));
		CHECK_STR(buf, "0005:27:01.1");
	}
	/* buffers too short for the name are cut as snprintf cuts them */
	for (size_t size = 1; size < 16; size++)
		check_name(0x12345, 0xab, 0x1f, 7, size);
	return unit_report("test_pcifn_name");
}
