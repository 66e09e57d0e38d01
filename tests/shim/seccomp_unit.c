// SPDX-License-Identifier: GPL-2.0
/*
 * A systemd unit's syscall filter without systemd: the calls tests/unit_filter.py prints for the
 * unit (standard input) are allowed, every other one takes the unit's action (SIGSYS ends the
 * process, as SystemCallFilter= without SystemCallErrorNumber= does), then COMMAND runs under
 * it. Native architecture only (SystemCallArchitectures=native); no_new_privs, as systemd sets.
 *
 *   tests/unit_filter.py UNIT | seccomp_unit COMMAND [ARG...]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char line[128];
	uint32_t action = SCMP_ACT_KILL_PROCESS;
	scmp_filter_ctx ctx;
	char **names = NULL;
	size_t n = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: unit_filter.py UNIT | seccomp_unit COMMAND [ARG...]\n");
		return 64;
	}
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, "action errno:", 13)) {
			int e = strcmp(line + 13, "EPERM") ? strcmp(line + 13, "ENOSYS") ? EACCES : ENOSYS : EPERM;

			action = SCMP_ACT_ERRNO((uint32_t)e);
			continue;
		}
		if (!strncmp(line, "action ", 7))
			continue;
		names = realloc(names, (n + 1) * sizeof(*names));
		if (!names || !(names[n++] = strdup(line)))
			return 1;
	}
	ctx = seccomp_init(action);
	if (!ctx)
		return 1;
	for (size_t i = 0; i < n; i++) {
		int nr = seccomp_syscall_resolve_name(names[i]);

		/* a name of another architecture's table (ugetrlimit) has no number here */
		if (nr != __NR_SCMP_ERROR && seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0)) {
			fprintf(stderr, "seccomp_unit: cannot allow %s\n", names[i]);
			return 1;
		}
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || seccomp_load(ctx)) {
		perror("seccomp_unit: cannot install the filter");
		return 1;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
