/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The --help and --usage texts of the library's commands, generated in the build from the
 * library itself (tools/helpgen.sh), so that asking for them loads no library.
 */
#ifndef PMUCTL_HELP_STATIC_H
#define PMUCTL_HELP_STATIC_H

struct help_static {
	const char *command, *help, *usage;
};

/* NULL-terminated; empty in the first link, which the texts are taken from */
extern const struct help_static help_static_table[];

/* The text argp would print for "pmuctl COMMAND FLAG" (--help, -?, --usage); NULL: ask argp */
const char *help_static_text(const char *command, const char *flag);

#endif
