/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An lspci -xxxx dump for libpci's dump method: read whole with read(2) (a mapped file that
 * shrinks would kill pmuctl with SIGBUS), checked for what libpci's reader mishandles, and
 * handed to libpci as a memory file that nobody else can change.
 */
#ifndef PMUCTL_PCIDUMP_H
#define PMUCTL_PCIDUMP_H

#include <stddef.h>
#include "lib/err.h"

/* Refused beyond this: 19,000 functions' worth of full dumps */
#define PCIDUMP_MAX (256u << 20)

struct pcidump {
	int fd;			/* the memory file libpci reads */
	char path[64];		/* its name for libpci: /proc/self/fd/N */
	size_t devices;		/* device lines, as libpci recognises them */
};

/* Read, check and copy path; err names the file and the bad line */
int pcidump_open(const char *path, struct pcidump *d, struct err_report *err);
void pcidump_close(struct pcidump *d);

/*
 * The check alone, on text: the device lines it holds, or -ERANGE for a config line whose
 * offset libpci would store before its buffer (its offset is an int: eight hex digits go
 * negative), with err naming the line.
 */
int pcidump_check(const char *text, size_t len, size_t *devices, struct err_report *err);

#endif
