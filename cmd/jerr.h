/* SPDX-License-Identifier: GPL-2.0 */
/* -j: a failing run prints its first error as one JSON object on standard output. */
#ifndef PMUCTL_JSON_ERROR_H
#define PMUCTL_JSON_ERROR_H

#include <stdio.h>

/* Keep the first error: its message, and the event string and offset it points into */
void json_error_note(const char *message, const char *event, long position);
/* A stream for argp's messages: they reach stderr, and the first is kept */
FILE *json_error_argp_stream(void);
/* Print the kept error at exit when -j was asked and the exit status is not 0 */
void json_error_install(void);

#endif
