/* SPDX-License-Identifier: GPL-2.0 */
/* serve's TLS through libmicrohttpd's GnuTLS: what the web configuration asks, checked. */
#ifndef PMUCTL_SERVE_TLS_H
#define PMUCTL_SERVE_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <microhttpd.h>
#include "lib/webconfig.h"

/*
 * The certificate, key and client CAs loaded into GnuTLS once, so that a bad one is refused
 * with its file named before a daemon starts; 0, or -1 with why in err
 */
int tls_validate(const struct webconfig *wc, char *err, size_t size);
/* GnuTLS's priority string for min_version..max_version (TLS 1.2 and up by default, as the toolkit) */
void tls_priorities(const struct webconfig *wc, char *buf, size_t size);
/* Whether the client's certificate meets client_auth_type; *why when not */
bool tls_client_allowed(const struct webconfig *wc, struct MHD_Connection *conn, const char **why);

#endif
