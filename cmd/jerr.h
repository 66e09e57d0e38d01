/* SPDX-License-Identifier: GPL-2.0 */
/* -j: a failing run prints its first error as one JSON object on standard output. */
#ifndef PMUCTL_CMD_JERR_H
#define PMUCTL_CMD_JERR_H

#include <stdio.h>

/* Keep the first error: its message, and the event string and offset it points into */
void jerr_note(const char *message, const char *event, long position);
/* A stream for argp's messages: they reach stderr, and the first is kept */
FILE *jerr_argp_stream(void);
/* Print the kept error at exit when -j was asked and the exit status is not 0 */
void jerr_install(void);

#endif
