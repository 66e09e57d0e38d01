/* SPDX-License-Identifier: GPL-2.0 */
/* Options getopt would refuse, refused first through the error sink (exit 64). */
#ifndef PMUCTL_CMD_OPTIONS_CHECK_H
#define PMUCTL_CMD_OPTIONS_CHECK_H

#include <argp.h>
#include <stdbool.h>

/* argv as argp will parse it with argp; stop_at_argument: the options end at the first argument */
void options_check(const struct argp *argp, int argc, char **argv, bool stop_at_argument);

#endif
