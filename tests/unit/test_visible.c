// SPDX-License-Identifier: GPL-2.0
/* visible_copy and visible_fput escape what does not print, and cut only at a whole unit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/visible.h"
#include "tests/unit/unit.h"

static const struct {
	const char *in, *out;
} cases[] = {
	{ "Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO",
	  "Samsung Electronics Co Ltd NVMe SSD Controller PM9A1/PM9A3/980PRO" },
	{ "", "" },
	{ "tab\there", "tab\\x09here" },
	{ "\x1b[2Jcls", "\\x1b[2Jcls" },
	{ "del\x7f", "del\\x7f" },
	{ "caf\xc3\xa9 ok", "caf\xc3\xa9 ok" },
	{ "bad \xff byte", "bad \\xff byte" },
	{ "cut \xc3", "cut \\xc3" },
	{ "c1 \xc2\x9b end", "c1 \\u009b end" },
	{ "rlo \xe2\x80\xae txt", "rlo \\u202e txt" },
	{ "ls \xe2\x80\xa8", "ls \\u2028" },
	{ "\xe4\xb8\xad\xe6\x96\x87", "\xe4\xb8\xad\xe6\x96\x87" },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

static void test_cases(void)
{
	char buf[128], *mem;
	size_t len;

	for (size_t i = 0; i < NCASES; i++) {
		FILE *f = open_memstream(&mem, &len);

		CHECK(!strcmp(visible_copy(cases[i].in, buf, sizeof(buf)), cases[i].out));
		visible_fput(cases[i].in, f);
		fclose(f);
		CHECK(!strcmp(mem, cases[i].out));
		free(mem);
	}
}

/*
 * Into every smaller buffer: what is written is the longest head of the whole escape that
 * ends at a unit's end (an ASCII byte, a UTF-8 sequence, an escape), and it is terminated
 */
static bool unit_end(const char *whole, size_t at)
{
	const char *esc;

	if (!whole[at])
		return true;
	if ((whole[at] & 0xc0) == 0x80)
		return false;
	/* inside an escape: a backslash among the 6 bytes before, as \xNN or \uNNNN */
	for (size_t k = 1; k <= 5 && k <= at; k++) {
		esc = whole + at - k;
		if (esc[0] == '\\' && ((esc[1] == 'x' && k < 4) || (esc[1] == 'u' && k < 6)))
			return false;
	}
	return true;
}

static void test_cut(void)
{
	char buf[128];
	int wrong = 0;

	for (size_t i = 0; i < NCASES; i++) {
		size_t whole = strlen(cases[i].out);

		for (size_t size = 1; size <= whole + 1; size++) {
			size_t got = strlen(visible_copy(cases[i].in, buf, size)), want = size - 1;

			while (!unit_end(cases[i].out, want))
				want--;
			wrong += got != want || strncmp(buf, cases[i].out, got);
		}
	}
	CHECK(wrong == 0);
	CHECK(visible_copy("abc", buf, 0) == buf);
}

int main(void)
{
	test_cases();
	test_cut();
	return unit_report("test_visible");
}
