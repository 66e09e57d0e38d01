// SPDX-License-Identifier: GPL-2.0
/* Basic authentication: libcrypt's crypt_r checks a password against its bcrypt hash. */
#include <crypt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/webauth.h"

/*
 * Checked against when the user is unknown, and to pad a cheaper user's check: this salt and
 * hash with the cost wanted in place of its 10; never matched, whatever the password
 */
#define DECOY_HASH "$2b$10$kDKLsvtXsznm2R4iH16xeurjh6X0IfO.yMIWl/Prk1alx1izBJkPq"
#define COST_AT 4	/* "$2b$" */

struct webauth {
	/*
	 * the users, copied: a reload moves the configuration the servers read into place while
	 * the old checker still answers and is freed after (it read the new one's users before)
	 */
	struct wc_user *users;
	size_t nusers;
	char **verified;	/* per user: the last password that matched */
	int max_cost;		/* the highest cost among the users' hashes */
	char decoy[sizeof(DECOY_HASH)];
};

/* A bcrypt hash's cost (webconfig checked its form), 4..31 */
static int hash_cost(const char *h)
{
	int c = (h[COST_AT] - '0') * 10 + (h[COST_AT + 1] - '0');

	return c < 4 ? 4 : c > 31 ? 31 : c;
}

static void decoy_at(char *decoy, int cost)
{
	memcpy(decoy, DECOY_HASH, sizeof(DECOY_HASH));
	decoy[COST_AT] = (char)('0' + cost / 10);
	decoy[COST_AT + 1] = (char)('0' + cost % 10);
}

/* The decoy at the highest cost among the users' hashes */
static void decoy_for(struct webauth *a)
{
	a->max_cost = 4;
	for (size_t i = 0; i < a->nusers; i++)
		if (hash_cost(a->users[i].hash) > a->max_cost)
			a->max_cost = hash_cost(a->users[i].hash);
	decoy_at(a->decoy, a->max_cost);
}

struct webauth *webauth_new(const struct webconfig *wc)
{
	struct webauth *a = calloc(1, sizeof(*a));
	size_t n = wc->nusers ? wc->nusers : 1;

	if (!a)
		return NULL;
	a->verified = calloc(n, sizeof(char *));
	a->users = calloc(n, sizeof(*a->users));
	if (!a->verified || !a->users)
		goto fail;
	for (size_t i = 0; i < wc->nusers; i++) {
		a->users[i].name = strdup(wc->users[i].name);
		a->users[i].hash = strdup(wc->users[i].hash);
		a->nusers++;
		if (!a->users[i].name || !a->users[i].hash)
			goto fail;
	}
	decoy_for(a);
	return a;
fail:
	webauth_free(a);
	return NULL;
}

void webauth_free(struct webauth *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->nusers; i++) {
		if (a->verified[i])
			explicit_bzero(a->verified[i], strlen(a->verified[i]));
		free(a->verified[i]);
		free(a->users[i].name);
		free(a->users[i].hash);
	}
	free(a->users);
	free(a->verified);
	free(a);
}

bool webauth_required(const struct webauth *a)
{
	return a->nusers > 0;
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

enum webauth_verdict webauth_begin(struct webauth *a, const char *user, const char *password,
				   struct webauth_job **job)
{
	const char *hash = a->decoy;
	int index = -1;

	*job = NULL;
	if (!user || !password)
		return WEBAUTH_DENIED;
	for (size_t i = 0; i < a->nusers && index < 0; i++) {
		if (strcmp(a->users[i].name, user))
			continue;
		if (a->verified[i] && same(a->verified[i], password))
			return WEBAUTH_OK;
		index = (int)i;
		hash = a->users[i].hash;
	}
	*job = calloc(1, sizeof(**job));
	if (!*job)
		return WEBAUTH_CHECK;
	(*job)->user = index;
	(*job)->cost = hash_cost(hash);
	(*job)->max_cost = a->max_cost;
	(*job)->hash = strdup(hash);
	(*job)->password = strdup(password);
	if (!(*job)->hash || !(*job)->password) {
		webauth_job_free(*job);
		*job = NULL;
	}
	return WEBAUTH_CHECK;
}

/* crypt_rn of password with hash, into data: whether it gave hash back */
static bool crypt_matches(const char *password, const char *hash, struct crypt_data *data)
{
	/*
	 * crypt_rn, not crypt_r: ASan's crypt_r interceptor finds the real one when the process
	 * starts, before pmuctl-commands.so brings libcrypt in, and then calls address 0
	 */
	const char *out = crypt_rn(password, hash, data, (int)sizeof(*data));

	/* a failed crypt_rn returns NULL (crypt_r a string starting '*', which no hash does) */
	return out && out[0] != '*' && same(out, hash);
}

void webauth_job_run(struct webauth_job *job)
{
	struct crypt_data *data = calloc(1, sizeof(*data));	/* 32 KB: not on a thread's stack */
	char decoy[sizeof(DECOY_HASH)];

	if (!data) {
		job->ok = false;
		return;
	}
	/* the decoy is never matched: an unknown user is denied, whatever the password */
	job->ok = crypt_matches(job->password, job->hash, data) && job->user >= 0;
	/* a cheaper hash is padded to the highest cost's rounds: 2^c + 2^c + ... + 2^(max-1) */
	for (int c = job->cost; c < job->max_cost; c++) {
		decoy_at(decoy, c);
		crypt_matches(job->password, decoy, data);
	}
	explicit_bzero(data, sizeof(*data));
	free(data);
}

void webauth_job_free(struct webauth_job *job)
{
	if (!job)
		return;
	if (job->password)
		explicit_bzero(job->password, strlen(job->password));
	free(job->password);
	free(job->hash);
	free(job);
}

void webauth_carry(struct webauth *next, const struct webauth *old)
{
	if (!next || !old)
		return;
	for (size_t i = 0; i < next->nusers; i++)
		for (size_t j = 0; j < old->nusers; j++) {
			const struct wc_user *n = &next->users[i], *o = &old->users[j];

			if (!old->verified[j] || strcmp(n->name, o->name) || strcmp(n->hash, o->hash))
				continue;
			/* not kept when out of memory: checked again */
			free(next->verified[i]);
			next->verified[i] = strdup(old->verified[j]);
			break;
		}
}

bool webauth_finish(struct webauth *a, struct webauth_job *job)
{
	bool ok = job->ok;

	if (ok && job->user >= 0 && (size_t)job->user < a->nusers) {
		char *copy = strdup(job->password);	/* not kept when out of memory: checked again */

		if (copy) {
			free(a->verified[job->user]);
			a->verified[job->user] = copy;
		}
	}
	webauth_job_free(job);
	return ok;
}

bool webauth_check(struct webauth *a, const char *user, const char *password)
{
	struct webauth_job *job;

	switch (webauth_begin(a, user, password, &job)) {
	case WEBAUTH_OK:
		return true;
	case WEBAUTH_DENIED:
		return false;
	case WEBAUTH_CHECK:
		break;
	}
	if (!job)
		return false;
	webauth_job_run(job);
	return webauth_finish(a, job);
}
