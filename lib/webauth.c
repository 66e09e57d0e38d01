// SPDX-License-Identifier: GPL-2.0
/* Basic authentication: libcrypt's crypt_r checks a password against its bcrypt hash. */
#include <crypt.h>
#include <stdlib.h>
#include <string.h>
#include "lib/webauth.h"

/* Checked against when the user is unknown, so that a wrong name costs what a wrong password does */
#define DECOY_HASH "$2b$10$kDKLsvtXsznm2R4iH16xeurjh6X0IfO.yMIWl/Prk1alx1izBJkPq"

struct webauth {
	const struct webconfig *wc;
	char **verified;	/* per user: the last password that matched */
	struct crypt_data data;	/* 32 KB: kept, not on the stack */
};

struct webauth *webauth_new(const struct webconfig *wc)
{
	struct webauth *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->wc = wc;
	a->verified = calloc(wc->nusers ? wc->nusers : 1, sizeof(char *));
	if (!a->verified) {
		free(a);
		return NULL;
	}
	return a;
}

void webauth_free(struct webauth *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->wc->nusers; i++)
		free(a->verified[i]);
	free(a->verified);
	explicit_bzero(&a->data, sizeof(a->data));
	free(a);
}

bool webauth_required(const struct webauth *a)
{
	return a->wc->nusers > 0;
}

/* Equal strings, in a time that depends on their lengths only */
static bool same(const char *x, const char *y)
{
	size_t lx = strlen(x), ly = strlen(y);
	unsigned char diff = lx != ly;

	for (size_t i = 0; i < lx && i < ly; i++)
		diff |= (unsigned char)(x[i] ^ y[i]);
	return !diff;
}

static bool bcrypt_matches(struct webauth *a, const char *password, const char *hash)
{
	const char *out = crypt_r(password, hash, &a->data);

	/* a failed crypt_r returns NULL or a string starting '*', which no hash does */
	return out && out[0] != '*' && same(out, hash);
}

bool webauth_check(struct webauth *a, const char *user, const char *password)
{
	const struct webconfig *wc = a->wc;

	if (!user || !password)
		return false;
	for (size_t i = 0; i < wc->nusers; i++) {
		if (strcmp(wc->users[i].name, user))
			continue;
		if (a->verified[i] && same(a->verified[i], password))
			return true;
		if (!bcrypt_matches(a, password, wc->users[i].hash))
			return false;
		free(a->verified[i]);
		a->verified[i] = strdup(password);	/* not kept when out of memory: checked again */
		return true;
	}
	bcrypt_matches(a, password, DECOY_HASH);
	return false;
}
