// SPDX-License-Identifier: GPL-2.0
/* exporter-toolkit's web configuration file, read with libyaml's document loader. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>
#include "lib/ratelimit.h"
#include "lib/readall.h"
#include "lib/webconfig.h"

#define PEM_MAX (1 << 20)	/* a certificate chain is kilobytes */
#define FILE_MAX (1 << 20)

struct wc_parse {
	yaml_document_t doc;
	webconfig_reader read;
	const char *path;
	struct webconfig *wc;
	char *err;
	size_t size;
};

static const char *const client_auth_names[] = {
	[WC_NO_CLIENT_CERT] = "NoClientCert",
	[WC_REQUEST_CLIENT_CERT] = "RequestClientCert",
	[WC_REQUIRE_ANY_CLIENT_CERT] = "RequireAnyClientCert",
	[WC_VERIFY_CLIENT_CERT_IF_GIVEN] = "VerifyClientCertIfGiven",
	[WC_REQUIRE_AND_VERIFY_CLIENT_CERT] = "RequireAndVerifyClientCert",
};

/* The headers the toolkit lets a file set; it refuses any other */
static const char *const allowed_headers[] = {
	"Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options",
	"X-XSS-Protection", "Strict-Transport-Security",
};

const char *webconfig_client_auth_name(enum wc_client_auth a)
{
	return client_auth_names[a];
}

static int fail(struct wc_parse *p, const yaml_node_t *at, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	n = (size_t)snprintf(p->err, p->size, "%s:%zu: ", p->path, at ? at->start_mark.line + 1 : 1);
	va_start(ap, fmt);
	if (n < p->size)
		vsnprintf(p->err + n, p->size - n, fmt, ap);
	va_end(ap);
	return -1;
}

static yaml_node_t *node(struct wc_parse *p, int i)
{
	return yaml_document_get_node(&p->doc, i);
}

/* A scalar's text; NULL (and the error said) for a mapping or a list */
static const char *scalar(struct wc_parse *p, const yaml_node_t *n, const char *key)
{
	if (n->type != YAML_SCALAR_NODE) {
		fail(p, n, "%s: expected a value, not a %s", key, n->type == YAML_MAPPING_NODE ? "mapping" : "list");
		return NULL;
	}
	if (strlen((const char *)n->data.scalar.value) != n->data.scalar.length) {
		fail(p, n, "%s: the value holds a NUL byte", key);
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

static int want_mapping(struct wc_parse *p, const yaml_node_t *n, const char *key)
{
	if (n->type == YAML_MAPPING_NODE)
		return 0;
	return fail(p, n, "%s: expected a mapping of keys to values", key);
}

/* Every key of a mapping once: the toolkit's YAML decoder refuses a repeated one */
static int check_repeats(struct wc_parse *p, const yaml_node_t *map)
{
	for (const yaml_node_pair_t *a = map->data.mapping.pairs.start; a < map->data.mapping.pairs.top; a++) {
		const yaml_node_t *ka = node(p, a->key);

		if (ka->type != YAML_SCALAR_NODE)
			return fail(p, ka, "a key must be a name");
		for (const yaml_node_pair_t *b = map->data.mapping.pairs.start; b < a; b++)
			if (!strcmp((const char *)node(p, b->key)->data.scalar.value,
				    (const char *)ka->data.scalar.value))
				return fail(p, ka, "'%s' is given twice", (const char *)ka->data.scalar.value);
	}
	return 0;
}

static char *joined_path(const char *config, const char *file)
{
	const char *slash = strrchr(config, '/');
	char *out;

	if (file[0] == '/' || !slash)
		return strdup(file);
	if (asprintf(&out, "%.*s/%s", (int)(slash - config), config, file) < 0)
		return NULL;
	return out;
}

/* cert_file and the like: the file read now, so that a bad one is refused at start */
static int pem_file(struct wc_parse *p, const yaml_node_t *n, const char *key, struct wc_pem *pem)
{
	const char *v = scalar(p, n, key);
	int e;

	if (!v)
		return -1;
	if (pem->text)
		return fail(p, n, "%s: the PEM is given inline and as a file: keep one", key);
	if (!*v)
		return fail(p, n, "%s: empty", key);
	pem->path = joined_path(p->path, v);
	if (!pem->path)
		return fail(p, n, "out of memory");
	e = p->read(pem->path, &pem->text, &pem->len);
	if (e)
		return fail(p, n, "%s '%s': %s", key, pem->path, e == -EFBIG ? "larger than 1 MiB" :
			    e == -EINVAL ? "not a regular file" : strerror(-e));
	return 0;
}

static int pem_inline(struct wc_parse *p, const yaml_node_t *n, const char *key, struct wc_pem *pem)
{
	const char *v = scalar(p, n, key);

	if (!v)
		return -1;
	if (pem->text)
		return fail(p, n, "%s: the PEM is given inline and as a file: keep one", key);
	pem->text = strdup(v);
	pem->len = strlen(v);
	return pem->text ? 0 : fail(p, n, "out of memory");
}

static int tls_version(struct wc_parse *p, const yaml_node_t *n, const char *key, int *out)
{
	const char *v = scalar(p, n, key);

	if (!v)
		return -1;
	if (strlen(v) == 5 && !strncmp(v, "TLS1", 4) && v[4] >= '0' && v[4] <= '3') {
		*out = 10 + v[4] - '0';
		return 0;
	}
	return fail(p, n, "%s: unknown TLS version '%s' (TLS10, TLS11, TLS12 or TLS13)", key, v);
}

static int client_auth(struct wc_parse *p, const yaml_node_t *n)
{
	const char *v = scalar(p, n, "client_auth_type");

	if (!v)
		return -1;
	for (size_t i = 0; i < sizeof(client_auth_names) / sizeof(*client_auth_names); i++)
		if (!strcmp(v, client_auth_names[i])) {
			p->wc->client_auth = (enum wc_client_auth)i;
			return 0;
		}
	return fail(p, n, "client_auth_type: invalid '%s' (NoClientCert, RequestClientCert, "
		    "RequireAnyClientCert, VerifyClientCertIfGiven or RequireAndVerifyClientCert)", v);
}

/* client_allowed_sans: a list of the SAN values a client certificate may carry */
static int allowed_sans(struct wc_parse *p, const yaml_node_t *v)
{
	struct webconfig *wc = p->wc;
	size_t n;

	if (v->type != YAML_SEQUENCE_NODE)
		return fail(p, v, "client_allowed_sans: expected a list of SAN values");
	n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	wc->sans_given = true;
	wc->allowed_sans = calloc(n ? n : 1, sizeof(*wc->allowed_sans));
	if (!wc->allowed_sans)
		return fail(p, v, "out of memory");
	for (const yaml_node_item_t *i = v->data.sequence.items.start; i < v->data.sequence.items.top; i++) {
		const char *s = scalar(p, node(p, *i), "client_allowed_sans");

		if (!s)
			return -1;
		if (!(wc->allowed_sans[wc->nallowed_sans] = strdup(s)))
			return fail(p, v, "out of memory");
		wc->nallowed_sans++;
	}
	return 0;
}

static int tls_key(struct wc_parse *p, const char *k, const yaml_node_t *v)
{
	struct webconfig *wc = p->wc;

	if (!strcmp(k, "cert_file"))
		return pem_file(p, v, k, &wc->cert);
	if (!strcmp(k, "key_file"))
		return pem_file(p, v, k, &wc->key);
	if (!strcmp(k, "client_ca_file"))
		return pem_file(p, v, k, &wc->client_ca);
	if (!strcmp(k, "cert"))
		return pem_inline(p, v, k, &wc->cert);
	if (!strcmp(k, "key"))
		return pem_inline(p, v, k, &wc->key);
	if (!strcmp(k, "client_ca"))
		return pem_inline(p, v, k, &wc->client_ca);
	if (!strcmp(k, "client_auth_type")) {
		wc->client_auth_given = true;
		return client_auth(p, v);
	}
	if (!strcmp(k, "min_version"))
		return tls_version(p, v, k, &wc->min_version);
	if (!strcmp(k, "max_version"))
		return tls_version(p, v, k, &wc->max_version);
	if (!strcmp(k, "client_allowed_sans"))
		return allowed_sans(p, v);
	/* the toolkit's, but Go's names for ciphers and curves are not GnuTLS's: not guessed */
	if (!strcmp(k, "cipher_suites") || !strcmp(k, "curve_preferences") ||
	    !strcmp(k, "prefer_server_cipher_suites"))
		return fail(p, v, "tls_server_config: %s is not supported by pmuctl (GnuTLS chooses; "
			    "remove the key, or limit with min_version)", k);
	return fail(p, v, "tls_server_config: unknown key '%s'", k);
}

/* What the toolkit's config check refuses, said its way */
static int tls_check(struct wc_parse *p, const yaml_node_t *at)
{
	struct webconfig *wc = p->wc;
	bool verify = wc->client_auth == WC_VERIFY_CLIENT_CERT_IF_GIVEN ||
		      wc->client_auth == WC_REQUIRE_AND_VERIFY_CLIENT_CERT;

	if (!wc->cert.text)
		return fail(p, at, "tls_server_config: missing cert_file");
	if (!wc->key.text)
		return fail(p, at, "tls_server_config: missing key_file");
	if (wc->client_ca.text && !verify)
		return fail(p, at, "tls_server_config: client_ca_file is given but client_auth_type %s "
			    "does not verify with it (use RequireAndVerifyClientCert)",
			    client_auth_names[wc->client_auth]);
	if (verify && !wc->client_ca.text)
		return fail(p, at, "tls_server_config: client_auth_type %s needs client_ca_file",
			    client_auth_names[wc->client_auth]);
	/* as the toolkit: SANs are matched only where a certificate must come */
	if (wc->sans_given && wc->client_auth != WC_REQUIRE_ANY_CLIENT_CERT &&
	    wc->client_auth != WC_REQUIRE_AND_VERIFY_CLIENT_CERT)
		return fail(p, at, "tls_server_config: client_allowed_sans requires client_auth_type to be one of "
			    "RequireAnyClientCert or RequireAndVerifyClientCert");
	if (wc->min_version && wc->max_version && wc->min_version > wc->max_version)
		return fail(p, at, "tls_server_config: min_version is above max_version");
	return 0;
}

/* rate_limit: {burst: N, interval: DURATION}, as the toolkit's RateLimiterConfig */
static int rate_section(struct wc_parse *p, const yaml_node_t *map)
{
	if (want_mapping(p, map, "rate_limit") || check_repeats(p, map))
		return -1;
	for (const yaml_node_pair_t *kv = map->data.mapping.pairs.start; kv < map->data.mapping.pairs.top; kv++) {
		const yaml_node_t *k = node(p, kv->key), *v = node(p, kv->value);
		const char *name = (const char *)k->data.scalar.value, *s = scalar(p, v, name);
		char *end;

		if (!s)
			return -1;
		if (!strcmp(name, "burst")) {
			p->wc->burst_given = true;
			errno = 0;
			p->wc->rate_burst = strtol(s, &end, 10);
			if (errno || end == s || *end || p->wc->rate_burst < 0)
				return fail(p, v, "rate_limit: burst: expected a whole number of requests, not '%s'", s);
		} else if (!strcmp(name, "interval")) {
			p->wc->interval_given = true;
			if (ratelimit_duration(s, &p->wc->rate_interval_s) || p->wc->rate_interval_s < 0)
				return fail(p, v, "rate_limit: interval: expected a duration (1s, 500ms, 1m), not '%s'", s);
		} else {
			return fail(p, k, "rate_limit: unknown key '%s' (burst or interval)", name);
		}
	}
	return 0;
}

/* at: the tls_server_config key, where a missing key is reported */
static int tls_section(struct wc_parse *p, const yaml_node_t *at, const yaml_node_t *map)
{
	if (want_mapping(p, map, "tls_server_config") || check_repeats(p, map))
		return -1;
	p->wc->tls_given = true;
	/* no TLS settings at all: plain HTTP, as the toolkit's errNoTLSConfig */
	if (map->data.mapping.pairs.top == map->data.mapping.pairs.start)
		return 0;
	p->wc->tls = true;
	for (const yaml_node_pair_t *kv = map->data.mapping.pairs.start; kv < map->data.mapping.pairs.top; kv++)
		if (tls_key(p, (const char *)node(p, kv->key)->data.scalar.value, node(p, kv->value)))
			return -1;
	return tls_check(p, at);
}

static int header(struct wc_parse *p, const yaml_node_t *k, const yaml_node_t *v)
{
	const char *name = scalar(p, k, "headers"), *value = name ? scalar(p, v, name) : NULL;
	struct wc_header *h;
	bool ok = false;

	if (!value)
		return -1;
	for (size_t i = 0; i < sizeof(allowed_headers) / sizeof(*allowed_headers); i++)
		ok |= !strcasecmp(name, allowed_headers[i]);
	if (!ok)
		return fail(p, k, "http_server_config: headers: '%s' cannot be set (Content-Security-Policy, "
			    "X-Frame-Options, X-Content-Type-Options, X-XSS-Protection or Strict-Transport-Security)", name);
	if (strpbrk(value, "\r\n"))
		return fail(p, v, "http_server_config: headers: %s: a value is one line", name);
	h = realloc(p->wc->headers, (p->wc->nheaders + 1) * sizeof(*h));
	if (!h)
		return fail(p, k, "out of memory");
	p->wc->headers = h;
	h += p->wc->nheaders++;
	h->name = strdup(name);
	h->value = strdup(value);
	return h->name && h->value ? 0 : fail(p, k, "out of memory");
}

static int http_section(struct wc_parse *p, const yaml_node_t *map)
{
	if (want_mapping(p, map, "http_server_config") || check_repeats(p, map))
		return -1;
	for (const yaml_node_pair_t *kv = map->data.mapping.pairs.start; kv < map->data.mapping.pairs.top; kv++) {
		const yaml_node_t *k = node(p, kv->key), *v = node(p, kv->value);
		const char *name = (const char *)k->data.scalar.value, *s;

		if (!strcmp(name, "http2")) {
			/* HTTP/1.1 is all libmicrohttpd speaks; Prometheus scrapes it either way */
			s = scalar(p, v, name);
			if (!s)
				return -1;
			if (strcmp(s, "true") && strcmp(s, "false"))
				return fail(p, v, "http2: expected true or false, not '%s'", s);
			continue;
		}
		if (strcmp(name, "headers"))
			return fail(p, k, "http_server_config: unknown key '%s'", name);
		p->wc->headers_given = true;
		if (want_mapping(p, v, "headers") || check_repeats(p, v))
			return -1;
		for (const yaml_node_pair_t *h = v->data.mapping.pairs.start; h < v->data.mapping.pairs.top; h++)
			if (header(p, node(p, h->key), node(p, h->value)))
				return -1;
	}
	return 0;
}

/* A bcrypt hash as htpasswd -B and Python's bcrypt write it: $2?$NN$ and 53 characters */
static bool bcrypt_hash(const char *h)
{
	return strlen(h) == 60 && h[0] == '$' && h[1] == '2' && strchr("aby", h[2]) && h[3] == '$' &&
	       h[4] >= '0' && h[4] <= '3' && h[5] >= '0' && h[5] <= '9' && h[6] == '$';
}

static int users_section(struct wc_parse *p, const yaml_node_t *map)
{
	const yaml_node_pair_t *kv;
	size_t n;

	if (want_mapping(p, map, "basic_auth_users") || check_repeats(p, map))
		return -1;
	p->wc->users_given = true;
	n = (size_t)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
	p->wc->users = calloc(n ? n : 1, sizeof(*p->wc->users));
	if (!p->wc->users)
		return fail(p, map, "out of memory");
	for (kv = map->data.mapping.pairs.start; kv < map->data.mapping.pairs.top; kv++) {
		const yaml_node_t *k = node(p, kv->key), *v = node(p, kv->value);
		const char *name = (const char *)k->data.scalar.value, *hash = scalar(p, v, name);
		struct wc_user *u = &p->wc->users[p->wc->nusers];

		if (!hash)
			return -1;
		if (!*name || strchr(name, ':'))
			return fail(p, k, "basic_auth_users: '%s' cannot be a user name (empty, or holds ':')", name);
		if (!bcrypt_hash(hash))
			return fail(p, v, "basic_auth_users: %s: not a bcrypt hash ($2y$... as htpasswd -nBC 10 %s "
				    "writes); never a password in the clear", name, name);
		u->name = strdup(name);
		u->hash = strdup(hash);
		p->wc->nusers++;
		if (!u->name || !u->hash)
			return fail(p, k, "out of memory");
	}
	return 0;
}

static int top_level(struct wc_parse *p, const yaml_node_t *root)
{
	/* an empty file: plain HTTP, no authentication, as the toolkit */
	p->wc->empty = !root || (root->type == YAML_SCALAR_NODE && !root->data.scalar.length) ||
		       (root->type == YAML_MAPPING_NODE && root->data.mapping.pairs.top == root->data.mapping.pairs.start);
	if (p->wc->empty)
		return 0;
	if (want_mapping(p, root, "the file") || check_repeats(p, root))
		return -1;
	for (const yaml_node_pair_t *kv = root->data.mapping.pairs.start; kv < root->data.mapping.pairs.top; kv++) {
		const yaml_node_t *k = node(p, kv->key), *v = node(p, kv->value);
		const char *name = (const char *)k->data.scalar.value;
		int e;

		if (!strcmp(name, "tls_server_config"))
			e = tls_section(p, k, v);
		else if (!strcmp(name, "http_server_config"))
			e = http_section(p, v);
		else if (!strcmp(name, "basic_auth_users"))
			e = users_section(p, v);
		else if (!strcmp(name, "rate_limit"))
			e = rate_section(p, v);
		else
			e = fail(p, k, "unknown key '%s' (tls_server_config, http_server_config, basic_auth_users "
				    "or rate_limit)", name);
		if (e)
			return -1;
	}
	return 0;
}

/* A certificate or key file: a regular file (a FIFO or a device would hold serve's start) */
static int read_pem(const char *path, char **text, size_t *len)
{
	return read_regular(path, PEM_MAX, text, len);
}

int webconfig_parse(const char *text, size_t len, const char *path, webconfig_reader read,
		    struct webconfig *wc, char *err, size_t size)
{
	struct wc_parse p = { .path = path, .read = read ? read : read_pem, .wc = wc, .err = err, .size = size };
	yaml_parser_t parser;
	int ret;

	memset(wc, 0, sizeof(*wc));
	if (!yaml_parser_initialize(&parser)) {
		snprintf(err, size, "%s: out of memory", path);
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &p.doc)) {
		snprintf(err, size, "%s:%zu: %s%s%s", path, parser.problem_mark.line + 1,
			 parser.problem ? parser.problem : "not YAML", parser.context ? " " : "",
			 parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return -1;
	}
	ret = top_level(&p, yaml_document_get_root_node(&p.doc));
	wc->ends_whole = !len || text[len - 1] == '\n';
	yaml_document_delete(&p.doc);
	yaml_parser_delete(&parser);
	if (ret)
		webconfig_free(wc);
	return ret;
}

int webconfig_load(const char *path, struct webconfig *wc, char *err, size_t size)
{
	char *text;
	size_t len;
	int e = read_regular(path, FILE_MAX, &text, &len);

	memset(wc, 0, sizeof(*wc));
	if (e) {
		snprintf(err, size, "%s: %s", path, e == -EFBIG ? "larger than 1 MiB" :
			 e == -EINVAL ? "not a regular file" : strerror(-e));
		return -1;
	}
	e = webconfig_parse(text, len, path, NULL, wc, err, size);
	free(text);
	return e;
}

static void pem_free(struct wc_pem *pem)
{
	free(pem->path);
	if (pem->text)
		memset(pem->text, 0, pem->len);	/* a private key does not outlive its use */
	free(pem->text);
}

void webconfig_free(struct webconfig *wc)
{
	pem_free(&wc->cert);
	pem_free(&wc->key);
	pem_free(&wc->client_ca);
	for (size_t i = 0; i < wc->nusers; i++) {
		free(wc->users[i].name);
		free(wc->users[i].hash);
	}
	free(wc->users);
	for (size_t i = 0; i < wc->nallowed_sans; i++)
		free(wc->allowed_sans[i]);
	free(wc->allowed_sans);
	for (size_t i = 0; i < wc->nheaders; i++) {
		free(wc->headers[i].name);
		free(wc->headers[i].value);
	}
	free(wc->headers);
	memset(wc, 0, sizeof(*wc));
}
