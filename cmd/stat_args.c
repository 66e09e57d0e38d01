// SPDX-License-Identifier: GPL-2.0
/* The arguments of the counting commands (stat, top, serve): their defaults, and how they end. */
#include <stdlib.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"
#include "lib/signals.h"
#include "topology/pcifilter.h"

static void stat_args_free(struct stat_args *a)
{
	free(a->grouped_text);
	free(a->event);
	free(a->device);
	a->grouped_text = NULL;
	a->event = NULL;
	a->device = NULL;
}

int stat_args_init(struct stat_args *a, int argc)
{
	*a = (struct stat_args){ .socket = -1, .rc = -1 };
	pcifilter_init(&a->id);
	/* every argument could be an -e or a --device */
	a->event = calloc((size_t)argc + 1, sizeof(char *));
	a->device = calloc((size_t)argc + 1, sizeof(char *));
	if (a->event && a->device)
		return 0;
	stat_args_free(a);
	return -1;
}

int stat_args_end(struct stat_args *a, int ret, int die_signal)
{
	stat_args_free(a);
	ret = finish_output(ret);
	/* state is restored: now the signal may end pmuctl, so that the exit status says it */
	if (die_signal)
		signals_die(die_signal);
	return ret;
}
