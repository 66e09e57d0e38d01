// SPDX-License-Identifier: GPL-2.0
/* Format parsing and packing, with golden 64-bit values from the drivers' formats. */
#include <errno.h>
#include "pmu/format.h"
#include "unit.h"

static void check_parse(const char *text, unsigned word, uint64_t mask)
{
	struct err_report err = { 0 };
	unsigned w = 99;
	uint64_t m = 0;

	CHECK(format_parse(text, &w, &m, &err) == 0);
	CHECK(w == word);
	CHECK_U64(m, mask);
}

static void check_bad(const char *text)
{
	struct err_report err = { 0 };
	unsigned w;
	uint64_t m;

	CHECK(format_parse(text, &w, &m, &err) == -EINVAL);
	CHECK(err.msg[0] != '\0');
}

/* perf's pmu_format_value, bit by bit: what the shifts of a contiguous field must equal */
static uint64_t slow_pack(uint64_t mask, uint64_t value)
{
	uint64_t out = 0;
	unsigned vbit = 0;

	for (unsigned fbit = 0; fbit < 64; fbit++)
		if (mask & (1ULL << fbit)) {
			if (vbit < 64 && (value & (1ULL << vbit)))
				out |= 1ULL << fbit;
			vbit++;
		}
	return out;
}

static void check_fields(void)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	for (unsigned lo = 0; lo < 64; lo++)
		for (unsigned hi = lo; hi < 64; hi++) {
			uint64_t mask = (hi == 63 ? ~0ULL : (1ULL << (hi + 1)) - 1) & ~((1ULL << lo) - 1);

			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			CHECK_U64(format_pack(mask, x), slow_pack(mask, x));
			CHECK_U64(format_pack(mask, format_unpack(mask, x)), x & mask);
		}
}

int main(void)
{
	/* Tegra410 PCIE v2, PCIE-TGT, HNS3 and CSPMU formats */
	check_parse("config:0-32\n", 0, 0x1ffffffffULL);
	check_parse("config1:0-7", 1, 0xff);
	check_parse("config1:8-23", 1, 0xffff00);
	check_parse("config1:24", 1, 1ULL << 24);
	check_parse("config2:4", 2, 0x10);
	check_parse("config:3-10", 0, 0x7f8);
	check_parse("config1:0-63", 1, ~0ULL);
	check_parse("config1:24-39", 1, 0xffff000000ULL);
	check_parse("config1:52", 1, 1ULL << 52);
	check_parse("  config:0-3,8,16-17 \n", 0, 0x3010f);
	check_bad("config3:0");
	check_bad("config:64");
	check_bad("config:7-3");
	check_bad("config");
	check_bad("config:");
	check_bad("config:1,");
	check_bad("config:a-b");
	check_bad("event:0-7");

	check_fields();
	/* pack: value bits spread over the mask, lowest first */
	CHECK_U64(format_pack(0xffff00, 0x180), 0x18000);
	CHECK_U64(format_pack(1ULL << 24, 1), 0x1000000);
	CHECK_U64(format_pack(0x3010f, 0x3f), 0x1010f);
	CHECK_U64(format_pack(0x3010f, 0x7f), 0x3010f);
	CHECK_U64(format_pack(~0ULL, 0xdeadbeefcafef00dULL), 0xdeadbeefcafef00dULL);
	CHECK_U64(format_pack(0x1ffffffffULL, 0x100000000ULL), 0x100000000ULL);
	CHECK_U64(format_unpack(0xffff00, 0x1018000), 0x180);
	CHECK_U64(format_unpack(0x3010f, 0x3010f), 0x7f);
	/* the "maximum is" of perf's error */
	CHECK_U64(format_max_value(0xff), 255);
	CHECK_U64(format_max_value(0x1ffffffffULL), 8589934591ULL);
	CHECK_U64(format_max_value(~0ULL), ~0ULL);
	CHECK_U64(format_max_value(0x3010f), 0x7f);
	{
		char buf[64];

		format_describe(1, 0xffff00, buf, sizeof(buf));
		CHECK_STR(buf, "config1:8-23");
		format_describe(0, 0x3010f, buf, sizeof(buf));
		CHECK_STR(buf, "config:0-3,8,16-17");
	}
	return unit_report("test_format");
}
