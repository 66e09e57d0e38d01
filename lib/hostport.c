// SPDX-License-Identifier: GPL-2.0
/* Only the split is ours: what the host means is getaddrinfo's to say. */
#include <errno.h>
#include <string.h>
#include "lib/hostport.h"
#include "lib/strnum.h"

int hostport_split(const char *text, char *host, size_t size, unsigned *port, const char **why)
{
	const char *colon = strrchr(text, ':');
	const char *h = text;
	size_t hlen;
	uint64_t v;

	if (!colon) {
		*why = "no port: write ADDRESS:PORT, e.g. 127.0.0.1:10464 or [::1]:10464";
		return -EINVAL;
	}
	hlen = (size_t)(colon - text);
	if (hlen && text[0] == '[') {
		if (text[hlen - 1] != ']' || hlen < 3) {
			*why = "an IPv6 address in brackets ends with ']' before the port: [::1]:10464";
			return -EINVAL;
		}
		h++;
		hlen -= 2;
	} else if (memchr(text, ':', hlen)) {
		*why = "put an IPv6 address in brackets: [::1]:10464";
		return -EINVAL;
	}
	if (memchr(h, '[', hlen) || memchr(h, ']', hlen)) {
		*why = "stray bracket in the address";
		return -EINVAL;
	}
	if (hlen >= size) {
		*why = "the address is too long";
		return -EINVAL;
	}
	/* digits only: a port is never written in hex, nor signed */
	if (!colon[1] || strspn(colon + 1, "0123456789") != strlen(colon + 1) ||
	    strnum_u64(colon + 1, 10, 65535, &v)) {
		*why = "the port is not a number from 0 to 65535";
		return -EINVAL;
	}
	memcpy(host, h, hlen);
	host[hlen] = '\0';
	*port = (unsigned)v;
	return 0;
}
