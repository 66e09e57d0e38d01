// SPDX-License-Identifier: GPL-2.0
/*
 * What every command parses with: the global options, which stand before the command or
 * after it, their settings, and the one way a command parses its arguments.
 */
#include <stdlib.h>
#include "cmd/out/jerr.h"
#include "cmd/options_check.h"
#include "cmd/pmuctl.h"
#include "pmu/kernel_gen.h"

enum global_key {
	KEY_SYSFS_ROOT = 0x100,
	KEY_PROC_ROOT,
	KEY_KERNEL,
};

static const struct argp_option global_options[] = {
	{ NULL, 0, NULL, 0, "Global options (before or after the command):", -1 },
	{ "json", 'j', NULL, 0, "JSON output (the stable interface for scripts)", -1 },
	{ "pretty", 'p', NULL, 0, "indented JSON; implies --json", -1 },
	{ "sysfs-root", KEY_SYSFS_ROOT, "DIR", 0,
	  "read the machine under DIR instead of /sys (default: $SYSFS_PATH, as perf)", -1 },
	{ "proc-root", KEY_PROC_ROOT, "DIR", 0, "read the kernel's settings under DIR instead of /proc (doctor)", -1 },
	{ "kernel", KEY_KERNEL, "X.Y", 0,
	  "check strings by the drivers of Linux X.Y (default: the release under --proc-root, else the running kernel's; a --sysfs-root tree alone: the newest drivers)", -1 },
	{ "pci-dump", 'F', "FILE", 0, "read PCI config space from an lspci hex dump of the full 4096 bytes (map, doctor)", -1 },
	{ "verbose", 'v', NULL, 0, "say more about what is read and why", -1 },
	{ "quiet", 'q', NULL, 0, "no warnings, only errors", -1 },
	/* perf's habit: -h is --help, for pmuctl and every command */
	{ NULL, 'h', NULL, OPTION_HIDDEN, "help, as --help", -1 },
	{ 0 },
};

static error_t global_parse(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'p':
		settings.pretty = true;
		/* pretty implies JSON */
		/* fall through */
	case 'j':
		settings.json = true;
		break;
	case KEY_SYSFS_ROOT:
		/* an empty root would silently mean the live machine's / */
		if (!*arg)
			jerr_argp(state, "--sysfs-root needs a directory, not an empty string");
		settings.sysfs_root = arg;
		break;
	case KEY_PROC_ROOT:
		if (!*arg)
			jerr_argp(state, "--proc-root needs a directory, not an empty string");
		settings.proc_root = arg;
		break;
	case KEY_KERNEL: {
		struct kernel_release r;

		if (!kernel_release_parse(arg, &r))
			jerr_argp(state, "--kernel needs a release as MAJOR.MINOR, as 6.12, not '%s'", arg);
		settings.kernel = arg;
		break;
	}
	case 'F':
		settings.pci_dump = arg;
		break;
	case 'v':
	case 'q':
		if (key == 'v' ? settings.quiet : settings.verbose)
			jerr_argp(state, "-q and -v ask for less and for more: give one");
		*(key == 'v' ? &settings.verbose : &settings.quiet) = true;
		break;
	case 'h':
		argp_state_help(state, stdout, ARGP_HELP_STD_HELP);
		break;
	default:
		(void)state;
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

const struct argp global_argp = { global_options, global_parse, NULL, NULL, NULL, NULL, NULL };

/*
 * The kernel whose rules strings are checked by: --kernel, the release of the machine
 * --proc-root copies, the running kernel's when the machine is this one; a copied tree
 * without its /proc is unknown, and its rules are the newest drivers'
 */
static void cmd_kernel(void)
{
	struct kernel_release r;
	char path[4096];

	if (settings.kernel && kernel_release_parse(settings.kernel, &r)) {
		kernel_gen_set(&r, "--kernel");
		return;
	}
	if (!settings.proc_root && root_given()) {
		kernel_gen_set(NULL, NULL);
		return;
	}
	snprintf(path, sizeof(path), "%s/sys/kernel/osrelease", settings.proc_root ? settings.proc_root : "/proc");
	kernel_gen_from(path, settings.proc_root ? "--proc-root's osrelease" : "osrelease");
}

void cmd_parse(const struct argp *argp, int argc, char **argv, void *input)
{
	options_check(argp, argc, argv, false);
	argp_parse(argp, argc, argv, 0, NULL, input);
	cmd_kernel();
}

