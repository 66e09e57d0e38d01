// SPDX-License-Identifier: GPL-2.0
/* The dump check: device lines counted as libpci counts them, offsets libpci would misplace. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/unit/unit.h"
#include "topology/pcidump.h"

static int check(const char *text, size_t *devices, struct err_report *err)
{
	return pcidump_check(text, strlen(text), devices, err);
}

static void test_devices_counted(void)
{
	struct err_report err;
	size_t n;

	CHECK(!check("00:01.0 bridge\n00: de 10 b2 22\n\n0000:01:00.0 x\r\n00: b3 15\r\n"
		     "00001:02:00.0 five domain digits\n",
		     &n, &err));
	CHECK_U64(n, 3);
	/* lspci -x prints a name after the address: the space is part of the pattern */
	CHECK(!check("00:01.0\n0000:01:00.0\nhello\n00: 00\n", &n, &err));
	CHECK_U64(n, 0);
	CHECK(!check("", &n, &err));
	CHECK_U64(n, 0);
}

static void test_offsets(void)
{
	struct err_report err;
	size_t n;

	CHECK(!check("00:01.0 x\nff0: 00 11\n", &n, &err));
	/* an int offset of eight hex digits is negative in libpci: before its buffer */
	CHECK(check("00:01.0 x\n00: 00\nfffffff0: 41 41\n", &n, &err) == -ERANGE);
	CHECK_STR(err.msg, "dump: line 3: offset fffffff0 is past the 4096 bytes of configuration space");
	CHECK(check("0000:00:01.0 x\r\n1000: 41\r\n", &n, &err) == -ERANGE);
	CHECK_STR(err.msg, "dump: line 2: offset 1000 is past the 4096 bytes of configuration space");
	/* outside a device libpci ignores such a line, and so does the check */
	CHECK(!check("fffffff0: 41\n00:01.0 x\n\nfffffff0: 41\n", &n, &err));
	CHECK_U64(n, 1);
	/* nine digits are no offset for libpci either */
	CHECK(!check("00:01.0 x\n123456789: 41\n", &n, &err));
}

static void test_open(void)
{
	char path[] = "/tmp/pmuctl-test-dump.XXXXXX";
	int fd = mkstemp(path);
	struct pcidump d;
	struct err_report err;
	char buf[64];
	ssize_t got;

	CHECK(fd >= 0);
	CHECK(write(fd, "00:01.0 x\n00: de 10\n", 20) == 20);
	close(fd);
	CHECK(!pcidump_open(path, &d, &err));
	CHECK_U64(d.devices, 1);
	/* libpci reads a copy: the file may change now */
	unlink(path);
	fd = open(d.path, O_RDONLY);
	got = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	buf[got > 0 ? got : 0] = 0;
	CHECK_STR(buf, "00:01.0 x\n00: de 10\n");
	if (fd >= 0)
		close(fd);
	pcidump_close(&d);
	CHECK(pcidump_open(path, &d, &err) == -ENOENT);
}

int main(void)
{
	test_devices_counted();
	test_offsets();
	test_open();
	return unit_report("test_pcidump");
}
