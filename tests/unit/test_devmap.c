// SPDX-License-Identifier: GPL-2.0
/* Each function's root port on hand-built topologies: nesting, ties, domains, t in any order. */
#include <errno.h>
#include <pci/header.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/devmap.h"
#include "tests/unit/unit.h"

static struct pcifn fns[16];
static struct pcitopo t = { .fn = fns };

static size_t fn(uint32_t domain, uint8_t bus, uint8_t dev)
{
	fns[t.n] = (struct pcifn){ .domain = domain, .bus = bus, .dev = dev };
	fns[t.n].cfg.vendor = 0x15b3;
	return t.n++;
}

/* a PCI Express root port over buses sec..sub */
static size_t port(uint32_t domain, uint8_t bus, uint8_t dev, uint8_t sec, uint8_t sub)
{
	size_t i = fn(domain, bus, dev);

	fns[i].cfg.bridge = fns[i].cfg.pcie = true;
	fns[i].cfg.port_type = PCI_EXP_TYPE_ROOT_PORT;
	fns[i].cfg.secondary = sec;
	fns[i].cfg.subordinate = sub;
	return i;
}

static ssize_t root_of(size_t i)
{
	struct devmap_fn *m;
	ssize_t r;

	if (devmap_build(&t, NULL, NULL, &m))
		return -2;
	r = m[i].at.root_port;
	free(m);
	return r;
}

/* A term past FN_FILTER_TERMS empties the filter: cut short, it would select more than the function */
static void test_filter_full(void)
{
	struct fn_filter f = { .bar = -1 };
	char text[128];

	CHECK(fn_filter_add(&f, "a", 1, FN_DEC) == 0);
	CHECK(fn_filter_add(&f, "b", 2, FN_DEC) == 0);
	CHECK(fn_filter_add(&f, "c", 3, FN_DEC) == 0);
	CHECK_STR(fn_filter_text(&f, text, sizeof(text)), "a=1,b=2,c=3");
	/* a text that does not fit stops before a term's name, never in it */
	CHECK_STR(fn_filter_text(&f, text, 6), "a=1");
	CHECK_STR(fn_filter_text(&f, text, 8), "a=1,b=2");
	CHECK_STR(fn_filter_text(&f, text, 2), "");
	CHECK(fn_filter_add(&f, "d", 4, FN_DEC) == -ENOSPC);
	CHECK(f.n == 0);
	CHECK_STR(fn_filter_text(&f, text, sizeof(text)), "");
}

/* fn_filter_text as it was, with snprintf and each term's printf format: the reference */
static const char *printf_text(const struct fn_filter *f, char *buf, size_t size)
{
	static const char *const fmt[] = { [FN_DEC] = "%llu", [FN_HEX] = "0x%llx", [FN_BDF] = "0x%04llx" };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < f->n && used < size; i++) {
		size_t len = strlen(f->term[i].name);

		if (used + !!i + len + 1 >= size) {
			buf[used] = '\0';
			break;
		}
		if (i)
			buf[used++] = ',';
		memcpy(buf + used, f->term[i].name, len);
		used += len;
		buf[used++] = '=';
		buf[used] = '\0';
		used += (size_t)snprintf(buf + used, size - used, fmt[f->term[i].show],
					 (unsigned long long)f->term[i].value);
	}
	return buf;
}

/* Each way a value is shown, at every buffer size, cut or not: what printf's formats wrote */
static void test_filter_values(void)
{
	static const uint64_t values[] = { 0, 1, 7, 0x4100, 0xffff, 0xfffffffffe000000ull, UINT64_MAX };
	struct fn_filter f = { .bar = -1 };
	char text[96], want[96];
	int wrong = 0;

	fn_filter_add(&f, "src_bdf", 0, FN_BDF);
	fn_filter_add(&f, "dst_addr_mask", 0, FN_HEX);
	fn_filter_add(&f, "src_bdf_en", 0, FN_DEC);
	for (size_t v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
		for (size_t k = 0; k < f.n; k++)
			f.term[k].value = values[(v + k) % (sizeof(values) / sizeof(values[0]))];
		for (size_t size = 1; size <= sizeof(text); size++)
			wrong += strcmp(fn_filter_text(&f, text, size), printf_text(&f, want, size)) != 0;
	}
	CHECK(wrong == 0);
	f.term[0].value = 0x4100;
	f.term[1].value = 0xfffffffffe000000ull;
	f.term[2].value = 1;
	CHECK_STR(fn_filter_text(&f, text, sizeof(text)), "src_bdf=0x4100,dst_addr_mask=0xfffffffffe000000,src_bdf_en=1");
}

int main(void)
{
	size_t wide, narrow, first, second, ep, ep2, other, nested, alone, self;

	/* listed out of lspci's order on purpose: the search sorts for itself */
	ep = fn(1, 0x05, 0);
	wide = port(1, 0x00, 1, 0x01, 0x3f);
	narrow = port(1, 0x01, 0, 0x05, 0x06);
	nested = fn(1, 0x02, 0);
	/* two ports over the same range: the first in t's order wins, as before */
	ep2 = fn(2, 0x41, 0);
	first = port(2, 0x40, 0, 0x41, 0x41);
	second = port(2, 0x40, 1, 0x41, 0x41);
	/* the same bus in another domain is not below */
	other = fn(3, 0x05, 0);
	/* a bridge that is no root port (a switch's) places nothing */
	port(3, 0x00, 0, 0x05, 0x05);
	fns[t.n - 1].cfg.port_type = PCI_EXP_TYPE_UPSTREAM;
	/* a bus no range holds, and a port whose range is empty (secondary 0) */
	alone = fn(1, 0x80, 0);
	self = port(4, 0x00, 0, 0, 0);

	CHECK(root_of(ep) == (ssize_t)narrow);
	CHECK(root_of(nested) == (ssize_t)wide);
	CHECK(root_of(narrow) == (ssize_t)narrow);
	CHECK(root_of(wide) == (ssize_t)wide);
	CHECK(root_of(ep2) == (ssize_t)first);
	CHECK(root_of(second) == (ssize_t)second);
	CHECK(root_of(other) == -1);
	CHECK(root_of(alone) == -1);
	CHECK(root_of(self) == (ssize_t)self);
	test_filter_full();
	test_filter_values();
	return unit_report("test_devmap");
}
