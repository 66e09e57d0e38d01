// SPDX-License-Identifier: GPL-2.0
/* BDF strings and 16-bit values: (bus << 8) | (device << 3) | function. */
#include <errno.h>
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
