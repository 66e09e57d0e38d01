/* SPDX-License-Identifier: GPL-2.0 */
/* HTTP basic authentication against a web configuration's bcrypt hashes, through libcrypt. */
#ifndef PMUCTL_WEBAUTH_H
#define PMUCTL_WEBAUTH_H

#include <stdbool.h>
#include "lib/webconfig.h"

struct webauth;

/* The users of wc (which must outlive it); NULL when out of memory */
struct webauth *webauth_new(const struct webconfig *wc);
void webauth_free(struct webauth *a);
/* Whether any user is configured: without one every request passes */
bool webauth_required(const struct webauth *a);
/*
 * Whether user and password (either may be NULL: not given) match. A pair that matched once
 * is remembered, so a scraper pays bcrypt's cost once, not every scrape, as the toolkit does.
 */
bool webauth_check(struct webauth *a, const char *user, const char *password);

#endif
