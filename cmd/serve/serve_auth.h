/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pmuctl serve's basic authentication, off the thread that samples and serves: a password
 * not seen before is checked by a worker thread (one bcrypt at a time, WORKERS at most) while
 * its connection is suspended, so a flood of wrong passwords never delays a sample or the
 * scrape of a scraper whose password matched before. Past QUEUED waiting checks, a request is
 * answered 429 at once.
 */
#ifndef PMUCTL_SERVE_AUTH_H
#define PMUCTL_SERVE_AUTH_H

#include <stdbool.h>
#include <microhttpd.h>
#include "lib/webauth.h"

struct serve_auth;
struct serve_auth_wait;

enum serve_auth_state {
	AUTH_NEW,		/* not asked yet */
	AUTH_WAITING,		/* suspended until its check is done */
	AUTH_ALLOWED,
	AUTH_DENIED,		/* 401 */
	AUTH_BUSY,		/* 429: too many checks under way */
};

/* One request's authentication: the request's own (MHD's con_cls), freed by its owner */
struct serve_auth_request {
	enum serve_auth_state state;
	struct MHD_Connection *conn;
	struct serve_auth_wait *wait;		/* while AUTH_WAITING */
	struct serve_auth_request *prev, *next;	/* the requests waiting */
};

struct serve_auth *serve_auth_start(void);
/* After serve_auth_cancel and every daemon stopped: the workers joined */
void serve_auth_stop(struct serve_auth *sa);
/* Readable when a check is done: serve_auth_collect then */
int serve_auth_fd(const struct serve_auth *sa);
/* Decide rq (AUTH_NEW) with the credentials conn gave: at once, or AUTH_WAITING, conn suspended */
void serve_auth_ask(struct serve_auth *sa, struct webauth *auth, struct serve_auth_request *rq);
/* Every check done: its request decided and its connection resumed */
void serve_auth_collect(struct serve_auth *sa, struct webauth *auth);
/*
 * Before a daemon stops or the users change: every waiting request resumed and denied (its
 * check, under way, is dropped when done); libmicrohttpd stops no daemon with a connection
 * suspended
 */
void serve_auth_cancel(struct serve_auth *sa);

#endif
