// SPDX-License-Identifier: GPL-2.0
/* The exporter's listen addresses: from --web.listen-address to a socket address and back. */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include "cmd/pmuctl.h"
#include "cmd/serve/serve_addr.h"
#include "lib/hostport.h"

int serve_addr_resolve(const char *listen, struct addrinfo **ai, unsigned *port)
{
	struct addrinfo hints = { .ai_flags = AI_PASSIVE | AI_NUMERICSERV, .ai_socktype = SOCK_STREAM };
	char host[256], service[8];
	const char *why;
	int e;

	*ai = NULL;
	if (hostport_split(listen, host, sizeof(host), port, &why)) {
		p_err("invalid --web.listen-address '%s': %s", listen, why);
		return -EINVAL;
	}
	if (!host[0])
		return 0;
	snprintf(service, sizeof(service), "%u", *port);
	e = getaddrinfo(host, service, &hints, ai);
	if (e) {
		p_err("invalid --web.listen-address '%s': %s", listen, gai_strerror(e));
		return -EINVAL;
	}
	return 0;
}

void serve_addr_name(int fd, char *buf, size_t size)
{
	struct sockaddr_storage ss = { 0 };
	socklen_t len = sizeof(ss);
	char host[INET6_ADDRSTRLEN] = "?", port[8] = "?";

	if (fd >= 0 && !getsockname(fd, (struct sockaddr *)&ss, &len))
		getnameinfo((struct sockaddr *)&ss, len, host, sizeof(host), port, sizeof(port),
			    NI_NUMERICHOST | NI_NUMERICSERV);
	snprintf(buf, size, ss.ss_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, port);
}
