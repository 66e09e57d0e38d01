// SPDX-License-Identifier: GPL-2.0
/* A bounded job queue, its worker threads, and an eventfd for the jobs done. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "lib/workq.h"

struct workq_item {
	void *job;
	struct workq_item *next;
};

struct workq {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	void (*run)(void *job);
	void (*drop)(void *job);	/* set by workq_stop */
	struct workq_item *todo, **todo_tail, *done, **done_tail;	/* both in order */
	size_t max_jobs, jobs;	/* submitted and not yet taken back */
	unsigned refs;		/* the owner and each worker: the last one frees */
	bool stopping;
	int efd;
};

static void append(struct workq_item ***tail, struct workq_item *it)
{
	it->next = NULL;
	**tail = it;
	*tail = &it->next;
}

static void drop_all(struct workq_item *it, void (*drop)(void *job))
{
	while (it) {
		struct workq_item *next = it->next;

		if (drop)
			drop(it->job);
		free(it);
		it = next;
	}
}

static void destroy(struct workq *q)
{
	if (q->efd >= 0)
		close(q->efd);
	pthread_cond_destroy(&q->wake);
	pthread_mutex_destroy(&q->lock);
	free(q);
}

/* One holder lets go, q->lock held; the last one frees q */
static void put(struct workq *q)
{
	bool last = --q->refs == 0;

	pthread_mutex_unlock(&q->lock);
	if (last)
		destroy(q);
}

static void *worker(void *arg)
{
	struct workq *q = arg;
	uint64_t one = 1;

	pthread_mutex_lock(&q->lock);
	for (;;) {
		struct workq_item *it;

		while (!q->todo && !q->stopping)
			pthread_cond_wait(&q->wake, &q->lock);
		if (q->stopping)
			break;
		it = q->todo;
		q->todo = it->next;
		it->next = NULL;
		if (!q->todo)
			q->todo_tail = &q->todo;
		pthread_mutex_unlock(&q->lock);
		q->run(it->job);
		pthread_mutex_lock(&q->lock);
		/* stopped meanwhile: nobody takes it back */
		if (q->stopping) {
			drop_all(it, q->drop);
			break;
		}
		append(&q->done_tail, it);
		/* the counter cannot overflow: at most max_jobs are written before a read */
		if (write(q->efd, &one, sizeof(one)) != sizeof(one))
			(void)0;
	}
	put(q);
	return NULL;
}

struct workq *workq_start(unsigned threads, size_t max_jobs, void (*run)(void *job))
{
	struct workq *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	*q = (struct workq){ .run = run, .max_jobs = max_jobs, .refs = 1 };
	q->todo_tail = &q->todo;
	q->done_tail = &q->done;
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->wake, NULL);
	q->efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (q->efd < 0) {
		destroy(q);
		return NULL;
	}
	for (unsigned i = 0; i < threads; i++) {
		pthread_t t;

		pthread_mutex_lock(&q->lock);
		q->refs++;
		pthread_mutex_unlock(&q->lock);
		/* detached: a stop never waits for a job under way */
		if (pthread_create(&t, NULL, worker, q)) {
			pthread_mutex_lock(&q->lock);
			q->refs--;
			pthread_mutex_unlock(&q->lock);
			workq_stop(q, NULL);
			return NULL;
		}
		pthread_detach(t);
	}
	return q;
}

int workq_fd(const struct workq *q)
{
	return q->efd;
}

int workq_submit(struct workq *q, void *job)
{
	struct workq_item *it;

	pthread_mutex_lock(&q->lock);
	if (q->jobs >= q->max_jobs) {
		pthread_mutex_unlock(&q->lock);
		return -EBUSY;
	}
	it = malloc(sizeof(*it));
	if (!it) {
		pthread_mutex_unlock(&q->lock);
		return -ENOMEM;
	}
	*it = (struct workq_item){ .job = job };
	append(&q->todo_tail, it);
	q->jobs++;
	pthread_cond_signal(&q->wake);
	pthread_mutex_unlock(&q->lock);
	return 0;
}

void *workq_done(struct workq *q)
{
	struct workq_item *it;
	uint64_t n;
	void *job = NULL;

	pthread_mutex_lock(&q->lock);
	it = q->done;
	if (it) {
		q->done = it->next;
		if (!q->done)
			q->done_tail = &q->done;
		q->jobs--;
		job = it->job;
		free(it);
	} else if (read(q->efd, &n, sizeof(n)) < 0) {
		(void)0;	/* nothing to drain: not readable */
	}
	pthread_mutex_unlock(&q->lock);
	return job;
}

void workq_stop(struct workq *q, void (*drop)(void *job))
{
	if (!q)
		return;
	pthread_mutex_lock(&q->lock);
	q->stopping = true;
	q->drop = drop;
	drop_all(q->todo, drop);
	drop_all(q->done, drop);
	q->todo = q->done = NULL;
	q->todo_tail = &q->todo;
	q->done_tail = &q->done;
	pthread_cond_broadcast(&q->wake);
	put(q);
}
