// SPDX-License-Identifier: GPL-2.0
/* Whether a reloaded web configuration may replace the one serving: setting by setting. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lib/webconfig.h"

static bool same_text(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static bool same_pem(const struct wc_pem *a, const struct wc_pem *b)
{
	return a->len == b->len && (!a->len || !memcmp(a->text, b->text, a->len));
}

/* The same strings, in any order */
static bool same_set(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++) {
		bool found = false;

		for (size_t j = 0; j < nb && !found; j++)
			found = !strcmp(a[i], b[j]);
		if (!found)
			return false;
	}
	return true;
}

/* Every user of a with the same hash in b, and no more */
static bool same_users(const struct webconfig *a, const struct webconfig *b)
{
	if (a->nusers != b->nusers)
		return false;
	for (size_t i = 0; i < a->nusers; i++) {
		bool found = false;

		for (size_t j = 0; j < b->nusers && !found; j++)
			found = !strcmp(a->users[i].name, b->users[j].name) &&
				!strcmp(a->users[i].hash, b->users[j].hash);
		if (!found)
			return false;
	}
	return true;
}

static const char *header_value(const struct webconfig *wc, const char *name)
{
	for (size_t i = 0; i < wc->nheaders; i++)
		if (!strcasecmp(wc->headers[i].name, name))
			return wc->headers[i].value;
	return NULL;
}

static bool same_headers(const struct webconfig *a, const struct webconfig *b)
{
	if (a->nheaders != b->nheaders)
		return false;
	for (size_t i = 0; i < a->nheaders; i++)
		if (!same_text(a->headers[i].value, header_value(b, a->headers[i].name)))
			return false;
	return true;
}

/* A header a sends that b, naming its headers, leaves out instead of giving it empty */
static const char *header_dropped(const struct webconfig *a, const struct webconfig *b)
{
	for (size_t i = 0; i < a->nheaders; i++)
		if (a->headers[i].value[0] && !header_value(b, a->headers[i].name))
			return a->headers[i].name;
	return NULL;
}

bool webconfig_same_tls(const struct webconfig *a, const struct webconfig *b)
{
	return a->tls == b->tls && same_pem(&a->cert, &b->cert) && same_pem(&a->key, &b->key) &&
	       same_pem(&a->client_ca, &b->client_ca) && a->client_auth == b->client_auth &&
	       a->min_version == b->min_version && a->max_version == b->max_version;
}

bool webconfig_same_rate(const struct webconfig *a, const struct webconfig *b)
{
	return a->rate_interval_s == b->rate_interval_s && a->rate_burst == b->rate_burst;
}

/* Whether anything that protects the exporter differs between a and b */
static bool same_protection(const struct webconfig *a, const struct webconfig *b)
{
	return webconfig_same_tls(a, b) && webconfig_same_rate(a, b) && same_users(a, b) &&
	       same_headers(a, b) && a->sans_given == b->sans_given &&
	       same_set(a->allowed_sans, a->nallowed_sans, b->allowed_sans, b->nallowed_sans);
}

/* The first TLS setting next changes without naming its key, when both serve TLS */
static const char *tls_changed_unnamed(const struct webconfig *now, const struct webconfig *next)
{
	/* the CA comes with client_auth_type: one that verifies needs one (tls_check), a
	 * change of one present is named by its key */
	if (now->client_auth != next->client_auth && !next->client_auth_given)
		return "client_auth_type";
	if (now->min_version != next->min_version && !next->min_version)
		return "min_version";
	if (now->max_version != next->max_version && !next->max_version)
		return "max_version";
	/* SANs are matched only where a certificate must come: elsewhere a file cannot give them */
	if ((now->sans_given != next->sans_given ||
	     !same_set(now->allowed_sans, now->nallowed_sans, next->allowed_sans, next->nallowed_sans)) &&
	    !next->sans_given && (next->client_auth == WC_REQUIRE_ANY_CLIENT_CERT ||
				  next->client_auth == WC_REQUIRE_AND_VERIFY_CLIENT_CERT))
		return "client_allowed_sans";
	return NULL;
}

/* The first setting next changes without naming its key: "client_auth_type" */
static const char *changed_unnamed(const struct webconfig *now, const struct webconfig *next)
{
	const char *key;

	if (now->tls != next->tls && !next->tls_given)
		return "tls_server_config";
	/* tls_server_config: {} names every TLS setting: plain HTTP, as asked */
	if (now->tls && next->tls && (key = tls_changed_unnamed(now, next)))
		return key;
	if (!same_users(now, next) && !next->users_given)
		return "basic_auth_users";
	if (!same_headers(now, next) && !next->headers_given)
		return "headers";
	if (now->rate_burst != next->rate_burst && !next->burst_given)
		return "rate_limit: burst";
	if (now->rate_interval_s != next->rate_interval_s && !next->interval_given)
		return "rate_limit: interval";
	return NULL;
}

const char *webconfig_reload_check(const struct webconfig *now, const struct webconfig *next,
				   char *why, size_t size)
{
	const char *key;

	if (next->empty)
		return "it is empty (a file being rewritten reads so); to serve plain HTTP without "
		       "passwords, say so: tls_server_config: {} and basic_auth_users: {}";
	if (same_protection(now, next))
		return NULL;
	if (!next->ends_whole)
		return "it does not end with a newline, as a file cut short while being written does, "
		       "and it would change what protects the exporter; end it with a newline";
	key = changed_unnamed(now, next);
	if (key) {
		snprintf(why, size, "it would change %s without naming it (a file cut short drops keys): "
			 "to change it, give %s in the file", key, key);
		return why;
	}
	key = header_dropped(now, next);
	if (key) {
		snprintf(why, size, "it drops the header %s without naming it (a file cut short drops "
			 "keys): to stop sending it, give it empty: %s: \"\"", key, key);
		return why;
	}
	return NULL;
}
