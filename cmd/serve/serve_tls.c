// SPDX-License-Identifier: GPL-2.0
/* TLS for serve: GnuTLS checks the PEMs and the client's certificate after the handshake. */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include "cmd/serve/serve_tls.h"

static int pem_error(char *err, size_t size, const char *what, const struct wc_pem *pem, const char *why)
{
	snprintf(err, size, "%s %s: %s", what, pem->path ? pem->path : "(inline)", why);
	return -1;
}

int tls_validate(const struct webconfig *wc, char *err, size_t size)
{
	gnutls_certificate_credentials_t cred;
	gnutls_datum_t cert = { (unsigned char *)wc->cert.text, (unsigned)wc->cert.len };
	gnutls_datum_t key = { (unsigned char *)wc->key.text, (unsigned)wc->key.len };
	gnutls_priority_t prio;
	char priorities[128];
	const char *at;
	int e, ret = 0;

	if (!wc->tls)
		return 0;
	/* libmicrohttpd asks the client for a certificate only when it has CAs to name */
	if ((wc->client_auth == WC_REQUEST_CLIENT_CERT || wc->client_auth == WC_REQUIRE_ANY_CLIENT_CERT) &&
	    !wc->client_ca.text) {
		snprintf(err, size, "client_auth_type %s needs client_ca_file with pmuctl: its HTTP library "
			 "asks for a client certificate only when it has CAs to name",
			 webconfig_client_auth_name(wc->client_auth));
		return -1;
	}
	if (gnutls_certificate_allocate_credentials(&cred) < 0) {
		snprintf(err, size, "TLS: out of memory");
		return -1;
	}
	e = gnutls_certificate_set_x509_key_mem2(cred, &cert, &key, GNUTLS_X509_FMT_PEM, NULL, 0);
	if (e < 0) {
		snprintf(err, size, "cert_file %s and key_file %s: %s", wc->cert.path ? wc->cert.path : "(inline)",
			 wc->key.path ? wc->key.path : "(inline)", gnutls_strerror(e));
		ret = -1;
	}
	if (!ret && wc->client_ca.text) {
		gnutls_datum_t ca = { (unsigned char *)wc->client_ca.text, (unsigned)wc->client_ca.len };

		e = gnutls_certificate_set_x509_trust_mem(cred, &ca, GNUTLS_X509_FMT_PEM);
		if (e <= 0)
			ret = pem_error(err, size, "client_ca_file", &wc->client_ca,
					e < 0 ? gnutls_strerror(e) : "no certificate in it");
	}
	gnutls_certificate_free_credentials(cred);
	tls_priorities(wc, priorities, sizeof(priorities));
	if (!ret && gnutls_priority_init(&prio, priorities, &at) < 0) {
		snprintf(err, size, "TLS: GnuTLS refuses the priorities '%s' at '%s'", priorities, at);
		return -1;
	}
	if (!ret)
		gnutls_priority_deinit(prio);
	return ret;
}

void tls_priorities(const struct webconfig *wc, char *buf, size_t size)
{
	int lo = wc->min_version ? wc->min_version : 12, hi = wc->max_version ? wc->max_version : 13;
	size_t n = (size_t)snprintf(buf, size, "NORMAL:-VERS-ALL");

	for (int v = lo; v <= hi && n < size; v++)
		n += (size_t)snprintf(buf + n, size - n, ":+VERS-TLS1.%d", v - 10);
}

static bool san_allowed(const struct webconfig *wc, const char *value)
{
	for (size_t i = 0; i < wc->nallowed_sans; i++)
		if (!strcmp(wc->allowed_sans[i], value))
			return true;
	return false;
}

/*
 * Whether the client's certificate (the first the peer sent) carries one of
 * client_allowed_sans: its DNS names, email addresses, IP addresses (as text) and URIs, as the
 * toolkit's VerifyPeerCertificate compares them
 */
static bool sans_match(const struct webconfig *wc, const gnutls_datum_t *cert)
{
	gnutls_x509_crt_t crt;
	bool found = false;
	char buf[1024], ip[INET6_ADDRSTRLEN];

	if (gnutls_x509_crt_init(&crt) < 0)
		return false;
	if (gnutls_x509_crt_import(crt, cert, GNUTLS_X509_FMT_DER) < 0) {
		gnutls_x509_crt_deinit(crt);
		return false;
	}
	for (unsigned seq = 0; !found; seq++) {
		size_t size = sizeof(buf) - 1;
		int type = gnutls_x509_crt_get_subject_alt_name(crt, seq, buf, &size, NULL);

		if (type == GNUTLS_E_REQUESTED_DATA_NOT_AVAILABLE)
			break;
		if (type == GNUTLS_SAN_IPADDRESS && (size == 4 || size == 16))
			found = inet_ntop(size == 4 ? AF_INET : AF_INET6, buf, ip, sizeof(ip)) && san_allowed(wc, ip);
		else if (type == GNUTLS_SAN_DNSNAME || type == GNUTLS_SAN_RFC822NAME || type == GNUTLS_SAN_URI) {
			buf[size] = '\0';
			found = strlen(buf) == size && san_allowed(wc, buf);
		}
	}
	gnutls_x509_crt_deinit(crt);
	return found;
}

bool tls_client_allowed(const struct webconfig *wc, struct MHD_Connection *conn, const char **why)
{
	const union MHD_ConnectionInfo *ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_GNUTLS_SESSION);
	gnutls_session_t s = ci ? (gnutls_session_t)ci->tls_session : NULL;
	const gnutls_datum_t *peers;
	unsigned n = 0, status = 0;
	bool given, verify;

	if (!wc->tls || wc->client_auth == WC_NO_CLIENT_CERT || wc->client_auth == WC_REQUEST_CLIENT_CERT)
		return true;
	if (!s) {
		*why = "no TLS session";
		return false;
	}
	peers = gnutls_certificate_get_peers(s, &n);
	given = peers && n;
	verify = wc->client_auth == WC_REQUIRE_AND_VERIFY_CLIENT_CERT ||
		 (wc->client_auth == WC_VERIFY_CLIENT_CERT_IF_GIVEN && given);
	if (!given && wc->client_auth != WC_VERIFY_CLIENT_CERT_IF_GIVEN) {
		*why = "the client sent no certificate";
		return false;
	}
	if (verify && (gnutls_certificate_verify_peers2(s, &status) < 0 || status)) {
		*why = "the client's certificate is not signed by client_ca_file, or is expired";
		return false;
	}
	if (wc->sans_given && (!given || !sans_match(wc, &peers[0]))) {
		*why = "the client's certificate carries none of client_allowed_sans";
		return false;
	}
	return true;
}

static void date_text(time_t t, char *buf, size_t size)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm))
		snprintf(buf, size, "%lld", (long long)t);
}

enum tls_cert_state tls_cert_dates(const struct webconfig *wc, time_t now, char *msg, size_t size, long long *days)
{
	gnutls_datum_t pem = { (unsigned char *)wc->cert.text, (unsigned)wc->cert.len };
	const char *name = wc->cert.path ? wc->cert.path : "(inline)";
	gnutls_x509_crt_t *crts = NULL;
	unsigned n = 0;
	time_t end, start;
	char when[64];

	*days = 0;
	if (!wc->cert.text || gnutls_x509_crt_list_import2(&crts, &n, &pem, GNUTLS_X509_FMT_PEM, 0) < 0 || !n) {
		snprintf(msg, size, "cert_file %s holds no certificate GnuTLS reads", name);
		return TLS_CERT_UNREADABLE;
	}
	end = gnutls_x509_crt_get_expiration_time(crts[0]);
	start = gnutls_x509_crt_get_activation_time(crts[0]);
	for (unsigned i = 0; i < n; i++)
		gnutls_x509_crt_deinit(crts[i]);
	gnutls_free(crts);
	if (start != (time_t)-1 && start > now) {
		date_text(start, when, sizeof(when));
		snprintf(msg, size, "cert_file %s is not valid before %s: clients refuse it until then", name, when);
		return TLS_CERT_NOT_YET;
	}
	date_text(end, when, sizeof(when));
	if (end == (time_t)-1 || end <= now) {
		snprintf(msg, size, "cert_file %s expired on %s: every TLS scrape fails", name, when);
		return TLS_CERT_EXPIRED;
	}
	*days = (long long)((end - now) / 86400);
	if (end - now < TLS_CERT_WARN_S) {
		snprintf(msg, size, "cert_file %s expires on %s, in %lld days", name, when, *days);
		return TLS_CERT_SOON;
	}
	snprintf(msg, size, "cert_file %s is valid until %s (%lld days)", name, when, *days);
	return TLS_CERT_OK;
}
