/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The web configuration file of Prometheus's exporter-toolkit (--web.config.file), which
 * node_exporter and the exporters built on it read: tls_server_config, http_server_config
 * and basic_auth_users, strictly: a key the toolkit does not know, or one pmuctl cannot honour,
 * is refused with its line, never ignored.
 */
#ifndef PMUCTL_WEBCONFIG_H
#define PMUCTL_WEBCONFIG_H

#include <stdbool.h>
#include <stddef.h>

/* client_auth_type, the toolkit's names for Go's tls.ClientAuthType */
enum wc_client_auth {
	WC_NO_CLIENT_CERT,
	WC_REQUEST_CLIENT_CERT,
	WC_REQUIRE_ANY_CLIENT_CERT,
	WC_VERIFY_CLIENT_CERT_IF_GIVEN,
	WC_REQUIRE_AND_VERIFY_CLIENT_CERT,
};

struct wc_pem {
	char *path;		/* as resolved (relative to the file's directory); NULL when inline */
	char *text;		/* the PEM, read at load */
	size_t len;
};

struct wc_user {
	char *name;
	char *hash;		/* bcrypt: $2a$, $2b$ or $2y$ */
};

struct wc_header {
	char *name, *value;
};

struct webconfig {
	bool empty;		/* the file says nothing: no document, or an empty one */
	bool tls_given;		/* tls_server_config is in the file, empty or not */
	bool users_given;	/* basic_auth_users is in the file, empty or not */
	/* the keys the file names itself: a reload changes a setting only where its key is */
	bool client_auth_given, headers_given, burst_given, interval_given;
	/* the text ends with a newline, as a file written whole does (a cut one often not) */
	bool ends_whole;
	bool tls;
	struct wc_pem cert, key, client_ca;
	enum wc_client_auth client_auth;
	int min_version, max_version;	/* 10..13: TLS 1.0..1.3 */
	struct wc_user *users;
	size_t nusers;
	struct wc_header *headers;
	size_t nheaders;
	/* client_allowed_sans: a client certificate must carry one of these SANs (DNS, email,
	 * IP or URI, as the toolkit compares them); sans_given even when the list is empty */
	char **allowed_sans;
	size_t nallowed_sans;
	bool sans_given;
	/* rate_limit: burst requests, one more every interval; interval 0: no limit */
	double rate_interval_s;
	long rate_burst;
};

/* Reads a file the configuration names: 0, or -errno (-EFBIG beyond 1 MiB) */
typedef int (*webconfig_reader)(const char *path, char **text, size_t *len);

/*
 * Parse text (len bytes) as the file named path (relative paths in it are taken from path's
 * directory; files it names are read by read, NULL: regular files only). 0, or -1 with
 * "PATH:LINE: what is wrong" in err.
 */
int webconfig_parse(const char *text, size_t len, const char *path, webconfig_reader read,
		    struct webconfig *wc, char *err, size_t size);
/*
 * Read path, a regular file opened without blocking (a FIFO would hold serve), and parse
 * it
 */
int webconfig_load(const char *path, struct webconfig *wc, char *err, size_t size);
void webconfig_free(struct webconfig *wc);
/*
 * Why next may not replace now on a reload, in why (size bytes), or NULL when it may. Every
 * setting that protects the exporter (TLS, certificates, client authentication and CA,
 * allowed SANs, TLS versions, users, headers, rate limit) stays, or changes only where next
 * names its key: a file cut short drops keys, and never says "no TLS" by saying nothing. An
 * empty file, and a change in a file that does not end with a newline (cut inside a line),
 * are refused too.
 */
const char *webconfig_reload_check(const struct webconfig *now, const struct webconfig *next,
				   char *why, size_t size);
/* Whether a and b configure TLS alike: the servers need no restart between them */
bool webconfig_same_tls(const struct webconfig *a, const struct webconfig *b);
/* Whether a and b limit the rate alike: the bucket goes on */
bool webconfig_same_rate(const struct webconfig *a, const struct webconfig *b);
/* "NoClientCert"... */
const char *webconfig_client_auth_name(enum wc_client_auth a);

#endif
