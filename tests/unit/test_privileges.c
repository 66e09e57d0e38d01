// SPDX-License-Identifier: GPL-2.0
/* What doctor reads of the kernel: status lines, file capabilities, the release, lockdown. */
#include <string.h>
#include "lib/kernel_text.h"
#include "lib/privileges.h"
#include "unit.h"

int main(void)
{
	/* fs/proc/array.c's lines, as a non-root process with CAP_PERFMON ambient has them */
	const char status[] = "Name:\tpmuctl\nUid:\t65534\t65534\t65534\t65534\nCapInh:\t0000004000000000\n"
			      "CapPrm:\t0000004000000000\nCapEff:\t0000004000000000\nCapBnd:\t000001ffffffffff\n"
			      "CapAmb:\t0000004000000000\nNoNewPrivs:\t1\nSeccomp:\t0\n";
	struct privileges p;
	char names[64];

	CHECK(privileges_parse_status(status, strlen(status), &p) == 0);
	CHECK(p.uid == 65534 && p.has_caps && p.no_new_privs == 1);
	CHECK(privileges_has(p.cap_eff, PRIV_CAP_PERFMON) && !privileges_has(p.cap_eff, PRIV_CAP_SYS_ADMIN));
	CHECK(p.cap_bnd == 0x1ffffffffffULL && p.cap_amb == 1ULL << 38);
	privileges_names(p.cap_eff, names, sizeof(names));
	CHECK(!strcmp(names, "cap_perfmon"));
	privileges_names(0, names, sizeof(names));
	CHECK(!strcmp(names, "none"));
	/* a kernel before v4.10 has no NoNewPrivs line; a status without CapEff is no status */
	CHECK(privileges_parse_status("CapEff:\t0\nCapBnd:\t0\n", 20, &p) == 0 && p.no_new_privs == -1 && p.uid == -1);
	CHECK(privileges_parse_status("Name:\tx\n", 8, &p) == -1);
	CHECK(privileges_parse_status("CapEff:\tzz\n", 11, &p) == -1);

	/* setcap cap_perfmon+ep: revision 2, effective, bit 38 in the high word */
	const uint8_t v2[20] = { 0x01, 0, 0, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0 };
	struct file_caps fc;

	CHECK(privileges_parse_file_caps(v2, sizeof(v2), &fc) == 0);
	CHECK(fc.revision == 2 && fc.effective && fc.permitted == 1ULL << 38 && !fc.inheritable);
	/* revision 3 carries the namespace's root; a size other than the revision's is refused */
	const uint8_t v3[24] = { 0, 0, 0, 0x03, 0, 0, 0x20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xe8, 0x03, 0, 0 };

	CHECK(privileges_parse_file_caps(v3, sizeof(v3), &fc) == 0);
	CHECK(fc.revision == 3 && !fc.effective && fc.permitted == 1ULL << 21 && fc.rootid == 1000);
	CHECK(privileges_parse_file_caps(v3, 20, &fc) == -1);
	CHECK(privileges_parse_file_caps(v2, 3, &fc) == -1);
	/* a flag beside the effective one is no capability set */
	const uint8_t odd[12] = { 0x03, 0, 0, 0x01 };

	CHECK(privileges_parse_file_caps(odd, sizeof(odd), &fc) == -1);

	struct kernel_release r;

	CHECK(kernel_release_parse("6.1.0-18-arm64", &r) && r.major == 6 && r.minor == 1);
	CHECK(kernel_release_parse("6.14.0-rc3", &r) && r.major == 6 && r.minor == 14);
	CHECK(kernel_release_cmp(&r, 6, 8) > 0 && kernel_release_cmp(&r, 6, 14) == 0 && kernel_release_cmp(&r, 7, 0) < 0);
	CHECK(!kernel_release_parse("linux-6.1", &r) && !kernel_release_parse("6", &r) && !kernel_release_parse("6.x", &r));

	char mode[32];

	CHECK(kernel_lockdown_mode("none [integrity] confidentiality", mode, sizeof(mode)) && !strcmp(mode, "integrity"));
	CHECK(kernel_lockdown_mode("[none] integrity confidentiality", mode, sizeof(mode)) && !strcmp(mode, "none"));
	CHECK(!kernel_lockdown_mode("none integrity", mode, sizeof(mode)) && !kernel_lockdown_mode("[]", mode, sizeof(mode)));
	return unit_report("privileges");
}
