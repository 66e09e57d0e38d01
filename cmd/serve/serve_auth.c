// SPDX-License-Identifier: GPL-2.0
/* Basic authentication on a worker thread, the connection suspended meanwhile. */
#include <stdlib.h>
#include <string.h>
#include "cmd/serve/serve_auth.h"
#include "lib/workq.h"

/* One bcrypt at a time: the other core keeps sampling and serving */
#define WORKERS 1
/* Checks waiting or running at once; a cost-12 hash takes ~0.3 s, so the last waits ~5 s */
#define QUEUED 16

/* A check under way; rq is NULL once its request was cancelled (the connection went on) */
struct serve_auth_wait {
	struct webauth_job *job;
	struct serve_auth_request *rq;
};

struct serve_auth {
	struct workq *q;
	struct serve_auth_request *waiting;
};

static void run(void *p)
{
	struct serve_auth_wait *w = p;

	webauth_job_run(w->job);
}

static void drop(void *p)
{
	struct serve_auth_wait *w = p;

	webauth_job_free(w->job);
	free(w);
}

struct serve_auth *serve_auth_start(void)
{
	struct serve_auth *sa = calloc(1, sizeof(*sa));

	if (sa && !(sa->q = workq_start(WORKERS, QUEUED, run))) {
		free(sa);
		sa = NULL;
	}
	return sa;
}

void serve_auth_stop(struct serve_auth *sa)
{
	if (!sa)
		return;
	serve_auth_cancel(sa);
	workq_stop(sa->q, drop);
	free(sa);
}

int serve_auth_fd(const struct serve_auth *sa)
{
	return workq_fd(sa->q);
}

static void unlink_waiting(struct serve_auth *sa, struct serve_auth_request *rq)
{
	if (rq->prev)
		rq->prev->next = rq->next;
	else
		sa->waiting = rq->next;
	if (rq->next)
		rq->next->prev = rq->prev;
	rq->prev = rq->next = NULL;
	rq->wait = NULL;
}

static void decide(struct serve_auth *sa, struct serve_auth_request *rq, enum serve_auth_state state)
{
	unlink_waiting(sa, rq);
	rq->state = state;
	MHD_resume_connection(rq->conn);
}

void serve_auth_ask(struct serve_auth *sa, struct webauth *auth, struct serve_auth_request *rq)
{
	char *password = NULL;
	char *user = MHD_basic_auth_get_username_password(rq->conn, &password);
	struct serve_auth_wait *w = NULL;
	struct webauth_job *job;
	enum webauth_verdict v = webauth_begin(auth, user, password, &job);

	if (password)
		explicit_bzero(password, strlen(password));
	MHD_free(user);
	MHD_free(password);
	if (v != WEBAUTH_CHECK || !job) {
		rq->state = v == WEBAUTH_OK ? AUTH_ALLOWED : AUTH_DENIED;
		return;
	}
	w = malloc(sizeof(*w));
	if (w)
		*w = (struct serve_auth_wait){ .job = job, .rq = rq };
	if (!w || workq_submit(sa->q, w)) {
		rq->state = w ? AUTH_BUSY : AUTH_DENIED;
		webauth_job_free(job);
		free(w);
		return;
	}
	rq->state = AUTH_WAITING;
	rq->wait = w;
	rq->next = sa->waiting;
	if (sa->waiting)
		sa->waiting->prev = rq;
	sa->waiting = rq;
	MHD_suspend_connection(rq->conn);
}

void serve_auth_collect(struct serve_auth *sa, struct webauth *auth)
{
	struct serve_auth_wait *w;

	while ((w = workq_done(sa->q))) {
		struct serve_auth_request *rq = w->rq;

		/* a cancelled check was for users that may have changed since: not remembered */
		if (rq)
			decide(sa, rq, webauth_finish(auth, w->job) ? AUTH_ALLOWED : AUTH_DENIED);
		else
			webauth_job_free(w->job);
		free(w);
	}
}

void serve_auth_cancel(struct serve_auth *sa)
{
	while (sa->waiting) {
		/* the check goes on to its end on the worker, and is dropped when taken back */
		if (sa->waiting->wait)
			sa->waiting->wait->rq = NULL;
		decide(sa, sa->waiting, AUTH_DENIED);
	}
}
