// SPDX-License-Identifier: GPL-2.0
/* BDF strings and 16-bit values: (bus << 8) | (device << 3) | function. */
#include <errno.h>
#include <stdio.h>
#include "topology/bdf.h"
#include "unit.h"

static void check_bdf(const char *s, int64_t dom, uint16_t value)
{
	struct err_report err = { 0 };
	struct bdf b;

	CHECK(bdf_parse(s, &b, &err) == 0);
	CHECK(b.domain == dom);
	CHECK_U64(bdf_encode(&b), value);
}

static void check_bad(const char *s, int code)
{
	struct err_report err = { 0 };
	struct bdf b;
	bool v;

	CHECK(bdf_parse_any(s, &b, &v, &err) == code);
}

/* sysfs's DDDD:BB:DD.F has a parse of its own: every device and function, read back as printed */
static void check_canonical(void)
{
	struct err_report err = { 0 };
	char s[32];
	struct bdf b;

	for (unsigned dev = 0; dev < 32; dev++) {
		for (unsigned fn = 0; fn < 8; fn++) {
			snprintf(s, sizeof(s), "%04x:%02x:%02x.%x", 0xabcd, (dev * 37) & 0xff, dev, fn);
			CHECK(bdf_parse(s, &b, &err) == 0);
			CHECK(b.domain == 0xabcd && b.bus == ((dev * 37) & 0xff) && b.dev == dev && b.fn == fn);
		}
	}
	check_bdf("ABCD:0A:1F.7", 0xabcd, 0x0aff);
	/* the same shape out of range, or longer, fails as the general parse says */
	check_bad("0001:00:20.0", -ERANGE);
	check_bad("0001:00:1f.8", -ERANGE);
	check_bad("0001:00:1g.0", -EINVAL);
	check_bad("0001:00:00.0x", -EINVAL);
	check_bdf("00001:00:00.1", 1, 1);
}

int main(void)
{
	char buf[32];
	struct bdf b;

	check_bdf("27:01.1", -1, 0x2709);
	check_bdf("01:01.0", -1, 0x0108);
	check_bdf("35:00.0", -1, 0x3500);	/* hns3-pmu.rst's table */
	check_bdf("35:00.1", -1, 0x3501);
	check_bdf("35:01.0", -1, 0x3508);
	check_bdf("0005:27:01.1", 5, 0x2709);
	check_bdf("ff:1f.7", -1, 0xffff);
	check_bdf("0:0.0", -1, 0);
	check_bad("27:20.1", -ERANGE);
	check_bad("27:01.8", -ERANGE);
	check_bad("100:01.1", -ERANGE);
	check_bad("27:01", -EINVAL);
	check_bad("27:0x1.1", -EINVAL);
	check_bad("zz:01.1", -EINVAL);
	check_bad("0x10000", -ERANGE);
	check_bad("", -EINVAL);
	check_bad("-1", -EINVAL);
	check_canonical();
	bdf_decode(0x2781, &b);
	bdf_format(&b, buf, sizeof(buf));
	CHECK_STR(buf, "27:10.1");
	bdf_decode(0x0108, &b);
	bdf_format(&b, buf, sizeof(buf));
	CHECK_STR(buf, "01:01.0");
	b.domain = 0x1d;
	bdf_format(&b, buf, sizeof(buf));
	CHECK_STR(buf, "001d:01:01.0");
	return unit_report("test_bdf");
}
