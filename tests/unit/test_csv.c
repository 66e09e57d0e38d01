// SPDX-License-Identifier: GPL-2.0
/* CSV fields as RFC 4180 quotes them, with any separator */
#include <stdlib.h>
#include "lib/csv.h"
#include "tests/unit/unit.h"

/* One line of the given fields, as written */
static const char *line(const char *sep, const char *const *fields, size_t n)
{
	static char buf[512];
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	struct csv w = { .f = f, .sep = sep };

	for (size_t i = 0; i < n; i++)
		csv_str(&w, fields[i]);
	csv_end(&w);
	fclose(f);
	return buf;
}

int main(void)
{
	const char *plain[] = { "1", "a/b/", "" };
	const char *comma[] = { "5", "pmu/rd_bytes,src_bdf=0x4100,src_bdf_en=1/" };
	const char *quote[] = { "say \"hi\"", "x" };
	const char *newline[] = { "a\nb", "c\rd" };
	const char *tab[] = { "a\tb", "a,b" };
	const char *two[] = { "a::b", "a:b" };

	CHECK_STR(line(",", plain, 3), "1,a/b/,\n");
	CHECK_STR(line(",", comma, 2), "5,\"pmu/rd_bytes,src_bdf=0x4100,src_bdf_en=1/\"\n");
	CHECK_STR(line(",", quote, 2), "\"say \"\"hi\"\"\",x\n");
	CHECK_STR(line(",", newline, 2), "\"a\nb\",\"c\rd\"\n");
	/* only the separator in use makes a field quoted */
	CHECK_STR(line("\t", tab, 2), "\"a\tb\"\ta,b\n");
	CHECK_STR(line("::", two, 2), "\"a::b\"::a:b\n");
	return unit_report("test_csv");
}
