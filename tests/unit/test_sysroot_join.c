// SPDX-License-Identifier: GPL-2.0
/* sysroot_join writes what snprintf("%s/%s") writes, and refuses a path that would be cut */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "lib/sysroot.h"
#include "tests/unit/unit.h"

static void test_same_as_snprintf(void)
{
	static const char *const dirs[] = { "format", "bus/event_source/devices", "", "a" };
	static const char *const names[] = { "event", "nvidia_pcie_pmu_0_rc_2", "", "rd_bytes.scale" };
	char got[64], want[64];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			snprintf(want, sizeof(want), "%s/%s", dirs[i], names[k]);
			CHECK(sysroot_join(got, sizeof(got), dirs[i], names[k]) == 0);
			CHECK(!strcmp(got, want));
		}
}

/* the last byte that fits is the terminator's; one more is -ENAMETOOLONG and an empty buffer */
static void test_too_long(void)
{
	char buf[8];

	CHECK(sysroot_join(buf, sizeof(buf), "abc", "def") == 0);
	CHECK(!strcmp(buf, "abc/def"));
	CHECK(sysroot_join(buf, sizeof(buf), "abc", "defg") == -ENAMETOOLONG);
	CHECK(buf[0] == '\0');
	CHECK(sysroot_join(buf, 0, "", "") == -ENAMETOOLONG);
}

int main(void)
{
	test_same_as_snprintf();
	test_too_long();
	return unit_report("test_sysroot_join");
}
