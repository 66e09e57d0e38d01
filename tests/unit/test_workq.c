// SPDX-License-Identifier: GPL-2.0
/* The worker queue: bounded, its done jobs handed back through its fd, a stop that never waits. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include "lib/workq.h"
#include "tests/unit/unit.h"

/* A job that runs until told to end: the test decides when the worker is free */
struct job {
	int id;
	bool ran;
};

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static bool gate_open, started;
static int dropped;

static void run(void *p)
{
	struct job *j = p;

	pthread_mutex_lock(&gate_lock);
	started = true;
	pthread_cond_broadcast(&gate_cond);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	j->ran = true;
}

static void drop(void *p)
{
	(void)p;
	pthread_mutex_lock(&gate_lock);
	dropped++;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
}

static int dropped_now(void)
{
	int n;

	pthread_mutex_lock(&gate_lock);
	n = dropped;
	pthread_mutex_unlock(&gate_lock);
	return n;
}

/* Until the stopped queue's worker dropped its running job: after it, no job is touched */
static bool wait_dropped(int n)
{
	struct timespec deadline;
	int ret = 0;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 10;
	pthread_mutex_lock(&gate_lock);
	while (dropped < n && ret != ETIMEDOUT)
		ret = pthread_cond_timedwait(&gate_cond, &gate_lock, &deadline);
	pthread_mutex_unlock(&gate_lock);
	return dropped_now() >= n;
}

static void open_gate(bool open)
{
	pthread_mutex_lock(&gate_lock);
	gate_open = open;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
}

static void wait_started(void)
{
	pthread_mutex_lock(&gate_lock);
	while (!started)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
}

/*
 * The jobs live as long as the test: a stopped queue's worker still ends its running job after
 * workq_stop returns, and once wrote into a returned function's frame (ASan: stack-use-after-scope)
 */
static struct job j[4] = { { .id = 0 }, { .id = 1 }, { .id = 2 }, { .id = 3 } };
static struct job running = { .id = 0 }, waiting = { .id = 1 };

static void test_bounded_and_handed_back(void)
{
	struct workq *q = workq_start(1, 3, run);
	struct pollfd p;
	int back = 0;

	CHECK(q != NULL);
	open_gate(false);
	CHECK(workq_submit(q, &j[0]) == 0);
	CHECK(workq_submit(q, &j[1]) == 0);
	CHECK(workq_submit(q, &j[2]) == 0);
	/* three under way, one running: the fourth is refused, not queued */
	CHECK(workq_submit(q, &j[3]) == -EBUSY);
	CHECK(workq_done(q) == NULL);
	open_gate(true);
	p = (struct pollfd){ .fd = workq_fd(q), .events = POLLIN };
	while (back < 3 && poll(&p, 1, 10000) == 1) {
		struct job *d;

		while ((d = workq_done(q)))
			CHECK(d->ran && d->id == back++);
	}
	CHECK(back == 3);
	/* taken back: room again */
	CHECK(workq_submit(q, &j[3]) == 0);
	dropped = 0;
	workq_stop(q, drop);
	/* j[3], queued or running, is dropped: by the stop or by its worker */
	CHECK(wait_dropped(1));
}

static void test_stop_does_not_wait(void)
{
	struct workq *q = workq_start(1, 4, run);

	open_gate(false);
	started = false;
	dropped = 0;
	CHECK(workq_submit(q, &running) == 0);
	CHECK(workq_submit(q, &waiting) == 0);
	wait_started();
	/* returns with a job running: the queued one dropped now, the running one by its worker */
	workq_stop(q, drop);
	CHECK(dropped_now() == 1);
	CHECK(!waiting.ran);
	open_gate(true);
	/* the running job ends, and its worker drops it */
	CHECK(wait_dropped(2));
	CHECK(running.ran);
}

int main(void)
{
	test_bounded_and_handed_back();
	test_stop_does_not_wait();
	return unit_report("workq");
}
