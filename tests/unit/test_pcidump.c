// SPDX-License-Identifier: GPL-2.0
/* The dump slicer: which lines libpci sees, on hand-written dumps. */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "topology/pcidump.h"

static char out[4096];

/* Slice text and leave what libpci would read in out; returns the slicer's result */
static int slice(const char *text, const struct pci_dump_keep *keep, enum pci_dump_cut cut,
		 struct pmu_err *err)
{
	struct pci_dump d = { .text = (char *)text, .len = strlen(text) };
	int fd = memfd_create("test", 0);
	ssize_t got;
	int ret;

	ret = pci_dump_slice(&d, keep, cut, fd, err);
	got = pread(fd, out, sizeof(out) - 1, 0);
	out[got > 0 ? got : 0] = 0;
	close(fd);
	return ret;
}

static const char two[] = "00:01.0 bridge\n"
			  "00: de 10 b2 22\n"
			  "40: 10 00 42 00\n"
			  "100: 01 00 01 18\n"
			  "\n"
			  "0000:01:00.0 endpoint\r\n"
			  "00: b3 15 21 10\r\n"
			  "30: 00 00 00 00\r\n"
			  "40: 01 50 03 00\r\n"
			  "ff0: 00 00 00 00\r\n";

static void test_headers_only(void)
{
	struct pmu_err err;

	CHECK(!slice(two, NULL, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, "00:01.0 bridge\n"
		       "00: de 10 b2 22\n"
		       "\n"
		       "0000:01:00.0 endpoint\r\n"
		       "00: b3 15 21 10\r\n"
		       "30: 00 00 00 00\r\n");
}

static void test_keep(void)
{
	struct pci_dump_keep keep = { 0 };
	struct pmu_err err;

	CHECK(!pci_dump_keep_add(&keep, 0, 0, 1, 0));
	pci_dump_keep_seal(&keep);
	CHECK(!slice(two, &keep, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, "00:01.0 bridge\n"
		       "00: de 10 b2 22\n"
		       "40: 10 00 42 00\n"
		       "100: 01 00 01 18\n"
		       "\n"
		       "0000:01:00.0 endpoint\r\n"
		       "00: b3 15 21 10\r\n"
		       "30: 00 00 00 00\r\n");
	CHECK(!slice(two, &keep, PCI_DUMP_KEPT_ONLY, &err));
	CHECK_STR(out, "00:01.0 bridge\n"
		       "00: de 10 b2 22\n"
		       "40: 10 00 42 00\n"
		       "100: 01 00 01 18\n"
		       "\n");
	pci_dump_keep_free(&keep);
}

/* libpci must still see what it refuses, to say so itself */
static void test_refused_lines_pass(void)
{
	char text[600] = "00:01.0 x\n40: ";
	struct pmu_err err;

	memset(text + strlen(text), 'a', 300);
	strcat(text, "\n");
	CHECK(!slice(text, NULL, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, text);
	CHECK(!slice("00:01.0 x\n40: 00 11", NULL, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, "00:01.0 x\n40: 00 11");
	/* a device line libpci does not take (function 'a') starts no device */
	CHECK(!slice("00:01.a x\n40: 00\n", NULL, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, "00:01.a x\n40: 00\n");
}

static void test_offsets_past_4096(void)
{
	struct pmu_err err;

	CHECK(slice("0000:00:00.0 x\n00: de 10\nfffffff0: 41 41\n", NULL, PCI_DUMP_HEADERS, &err) ==
	      -ERANGE);
	CHECK_STR(err.msg,
		  "dump: line 3: offset fffffff0 is past the 4096 bytes of configuration space");
	/* outside a device libpci ignores the line, and so does the slicer */
	CHECK(!slice("fffffff0: 41 41\n", NULL, PCI_DUMP_HEADERS, &err));
	CHECK_STR(out, "fffffff0: 41 41\n");
}

int main(void)
{
	test_headers_only();
	test_keep();
	test_refused_lines_pass();
	test_offsets_past_4096();
	return unit_report("pcidump");
}
