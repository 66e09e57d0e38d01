// SPDX-License-Identifier: GPL-2.0
/* --help without the library: the texts the build took from it (cmd/help_static.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/help_static.h"

const char *help_static_text(const char *command, const char *flag)
{
	bool usage = !strcmp(flag, "--usage");

	/* ARGP_HELP_FMT reshapes argp's text: only argp can honour it */
	if (getenv("ARGP_HELP_FMT") || (!usage && strcmp(flag, "--help") && strcmp(flag, "-?")))
		return NULL;
	for (const struct help_static *h = help_static_table; h->command; h++)
		if (!strcmp(h->command, command))
			return usage ? h->usage : h->help;
	return NULL;
}
