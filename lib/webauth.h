/* SPDX-License-Identifier: GPL-2.0 */
/*
 * HTTP basic authentication against a web configuration's bcrypt hashes, through libcrypt.
 * A password is checked in a job that may run on another thread (bcrypt costs tens to
 * hundreds of milliseconds by design): webauth_begin answers at once what needs no bcrypt,
 * webauth_job_run does the rest anywhere, webauth_finish records it back on the caller's.
 */
#ifndef PMUCTL_WEBAUTH_H
#define PMUCTL_WEBAUTH_H

#include <stdbool.h>
#include "lib/webconfig.h"

struct webauth;

/*
 * One check to run: its own copies, so that a reload may free the configuration meanwhile.
 * Every check costs one bcrypt of the highest cost in use, whoever the user: the user's own
 * hash (an unknown user's: a decoy at that cost), then decoys of each cost from the user's up
 * to it (2^c + 2^c + 2^(c+1) + ... = 2^max rounds), so no time tells a name or its cost.
 */
struct webauth_job {
	char *hash;		/* the user's, or for an unknown user a decoy at the highest cost */
	char *password;
	int user;		/* the user's index in the configuration; -1 unknown */
	int cost, max_cost;	/* hash's cost; the highest of the users' */
	bool ok;		/* set by webauth_job_run */
};

enum webauth_verdict {
	WEBAUTH_OK,		/* this user's password matched before: no bcrypt */
	WEBAUTH_DENIED,		/* no user or no password given */
	WEBAUTH_CHECK,		/* a job to run */
};

/* The users of wc, copied (a reload frees wc while the old checker answers); NULL when out of memory */
struct webauth *webauth_new(const struct webconfig *wc);
void webauth_free(struct webauth *a);
/* Whether any user is configured: without one every request passes */
bool webauth_required(const struct webauth *a);
/*
 * What user and password (either may be NULL: not given) need. A pair that matched once is
 * remembered, so a scraper pays bcrypt's cost once, not every scrape, as the toolkit does.
 * WEBAUTH_CHECK sets *job (NULL when out of memory: then treat it as denied).
 */
enum webauth_verdict webauth_begin(struct webauth *a, const char *user, const char *password,
				   struct webauth_job **job);
/*
 * What a reload keeps: every password old had verified for a user whose name and hash next
 * has too, so that a scraper is not checked again (and queued behind a flood) after a reload
 */
void webauth_carry(struct webauth *next, const struct webauth *old);
/* The bcrypt itself: safe on any thread, touching nothing but job */
void webauth_job_run(struct webauth_job *job);
/* The job's answer, remembered when it matched; frees the job */
bool webauth_finish(struct webauth *a, struct webauth_job *job);
void webauth_job_free(struct webauth_job *job);
/* All three at once, on this thread */
bool webauth_check(struct webauth *a, const char *user, const char *password);

#endif
