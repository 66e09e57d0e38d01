/* SPDX-License-Identifier: GPL-2.0 */
/* A listen address as exporters write it: HOST:PORT, [IPV6]:PORT, or :PORT for every address. */
#ifndef PMUCTL_HOSTPORT_H
#define PMUCTL_HOSTPORT_H

#include <stddef.h>

/*
 * Split text into host (empty for :PORT) and port (0..65535; 0: the kernel picks one).
 * Returns 0, or -EINVAL with *why saying what is wrong.
 */
int hostport_split(const char *text, char *host, size_t size, unsigned *port, const char **why);

#endif
