/* SPDX-License-Identifier: GPL-2.0 */
/* The exporter's listen addresses: from --web.listen-address to a socket address and back. */
#ifndef PMUCTL_CMD_SERVE_ADDR_H
#define PMUCTL_CMD_SERVE_ADDR_H

#include <stddef.h>
#include <netdb.h>

/*
 * The address to bind, getaddrinfo's first answer (*ai NULL for :PORT, every address), and its
 * port; says what is wrong and returns -EINVAL for an address that is none
 */
int serve_addr_resolve(const char *listen, struct addrinfo **ai, unsigned *port);

/* What the socket fd is bound to, as a listen address is written: "[::1]:9100", "0.0.0.0:9100" */
void serve_addr_name(int fd, char *buf, size_t size);

#endif
