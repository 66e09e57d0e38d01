// SPDX-License-Identifier: GPL-2.0
/* The event-string parser, strict numbers and CPU lists. */
#include <errno.h>
#include "lib/cpulist.h"
#include "pmu/evparse.h"
#include "lib/strnum.h"
#include "unit.h"

static void check_error_at(const char *s, size_t pos)
{
	struct ev_list l;
	struct err_report err = { 0 };

	CHECK(ev_parse(s, &l, &err) != 0);
	CHECK(err.has_pos && err.pos == pos);
}

int main(void)
{
	struct ev_list l;
	struct err_report err = { 0 };
	struct cpulist c;
	uint64_t v;
	int64_t sv;

	CHECK(ev_parse("{a/x=0x10,y/,b/z/}:u,c", &l, &err) == 0);
	CHECK(l.n == 3 && l.ngroups == 1);
	CHECK_STR(l.v[0].name, "a");
	CHECK(l.v[0].nterms == 2 && l.v[0].terms[0].num == 0x10);
	CHECK(l.v[0].terms[1].kind == EV_VALUE_NONE);
	CHECK(l.v[1].group == 0 && l.v[2].group == -1);
	CHECK_STR(l.v[1].mods, "u");
	CHECK(!l.v[2].has_slash);
	ev_list_free(&l);

	CHECK(ev_parse("p/ event = 010 , name=foo /", &l, &err) == 0);
	CHECK(l.n == 1 && l.v[0].terms[0].num == 10);	/* decimal, as perf */
	CHECK_STR(l.v[0].terms[1].str, "foo");
	ev_list_free(&l);

	check_error_at("p/x=0x1zz/", 4);
	check_error_at("p/x=-1/", 4);
	check_error_at("p/x=0x10000000000000000/", 4);
	check_error_at("p/x", 1);
	check_error_at("{p/x/", 0);
	check_error_at("p/x/ q", 5);
	check_error_at("", 0);
	check_error_at("p/x=/", 4);
	check_error_at("p/\x01/", 2);

	CHECK(strnum_u64("0x2781", 0, UINT64_MAX, &v) == 0 && v == 0x2781);
	CHECK(strnum_u64("010", 0, UINT64_MAX, &v) == 0 && v == 10);
	CHECK(strnum_u64("18446744073709551615", 0, UINT64_MAX, &v) == 0 && v == UINT64_MAX);
	CHECK(strnum_u64("18446744073709551616", 0, UINT64_MAX, &v) == -ERANGE);
	CHECK(strnum_u64("256", 0, 255, &v) == -ERANGE);
	/* base 16: sixteen digits by the fast path, seventeen checked for overflow */
	CHECK(strnum_u64("0xffffffffffffffff", 16, UINT64_MAX, &v) == 0 && v == UINT64_MAX);
	CHECK(strnum_u64("ffffffffffffffff", 16, UINT64_MAX, &v) == 0 && v == UINT64_MAX);
	CHECK(strnum_u64("0x10000000000000000", 16, UINT64_MAX, &v) == -ERANGE);
	CHECK(strnum_u64("0x00000000000000001", 16, UINT64_MAX, &v) == 0 && v == 1);
	CHECK(strnum_u64("0x000000000000fe0g", 16, UINT64_MAX, &v) == -EINVAL);
	CHECK(strnum_u64("0x100", 16, 0xff, &v) == -ERANGE);
	CHECK(strnum_u64("0x", 16, UINT64_MAX, &v) == -EINVAL);
	CHECK(strnum_u64("0x", 0, 255, &v) == -EINVAL);
	CHECK(strnum_u64(" 1", 0, 255, &v) == -EINVAL);
	CHECK(strnum_s64("-1", -1, 10, &sv) == 0 && sv == -1);

	CHECK(cpulist_parse("0-3,8,10-11\n", &c) == 0 && c.n == 7 && c.cpu[4] == 8);
	cpulist_free(&c);
	CHECK(cpulist_parse("72-143\n", &c) == 0 && c.n == 72 && c.cpu[0] == 72);
	cpulist_free(&c);
	CHECK(cpulist_parse("-1\n", &c) == 0 && c.n == 0);
	CHECK(cpulist_parse("0-4294967295", &c) == -ERANGE);
	CHECK(cpulist_parse("3-1", &c) == -EINVAL);
	CHECK(cpulist_parse("a", &c) == -EINVAL);
	return unit_report("test_parse");
}
