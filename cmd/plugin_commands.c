// SPDX-License-Identifier: GPL-2.0
/* The table pmuctl-commands.so exports: the commands that need libraries of their own. */
#include "cmd/plugin.h"

const struct command plugin_commands[] = {
	{ "top", cmd_top, NULL, &top_argp },
	{ "serve", cmd_serve, NULL, &serve_argp },
	{ "doctor", cmd_doctor, NULL, &doctor_argp },
	{ NULL, NULL, NULL, NULL },
};
