/* SPDX-License-Identifier: GPL-2.0 */
/* serve's TLS through libmicrohttpd's GnuTLS: what the web configuration asks, checked. */
#ifndef PMUCTL_SERVE_TLS_H
#define PMUCTL_SERVE_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include <microhttpd.h>
#include "lib/webconfig.h"

/*
 * The certificate, key and client CAs loaded into GnuTLS once, so that a bad one is refused
 * with its file named before a daemon starts; 0, or -1 with why in err
 */
int tls_validate(const struct webconfig *wc, char *err, size_t size);
enum tls_cert_state { TLS_CERT_OK, TLS_CERT_SOON, TLS_CERT_EXPIRED, TLS_CERT_NOT_YET, TLS_CERT_UNREADABLE };
/* A certificate within 30 days of its end is renewed now, not after the scrapes fail */
#define TLS_CERT_WARN_S (30 * 86400L)
/*
 * The first certificate of cert_file, the server's own, against now: its state, what it says
 * in msg ("cert_file F expired on DATE"), and the whole days left in *days
 */
enum tls_cert_state tls_cert_dates(const struct webconfig *wc, time_t now, char *msg, size_t size, long long *days);
/* GnuTLS's priority string for min_version..max_version (TLS 1.2 and up by default, as the toolkit) */
void tls_priorities(const struct webconfig *wc, char *buf, size_t size);
/* Whether the client's certificate meets client_auth_type; *why when not */
bool tls_client_allowed(const struct webconfig *wc, struct MHD_Connection *conn, const char **why);

#endif
