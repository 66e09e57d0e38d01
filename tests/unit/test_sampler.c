// SPDX-License-Identifier: GPL-2.0
/* The one counting loop: samples in order, the end once, a restart, fds handed to the sink. */
#include <unistd.h>
#include "lib/monotonic.h"
#include "pmu/sampler.h"
#include "unit.h"

struct probe {
	long samples, ends, wakes;
	int end_status;
	double last_t;
	bool times_ordered;
	long stop_after;	/* sample returns 1 once this many were taken */
	long restart_at;	/* woke answers SAMPLER_RESTART at this wake */
	long stop_wake;		/* woke answers SAMPLER_STOP at this wake */
	int pipe[2];
	struct pollfd pfd;
	bool saw_fd;
};

static bool probe_stops(void *ctx)
{
	(void)ctx;
	return false;
}

static size_t probe_fds(void *ctx, struct pollfd **fds, double *deadline)
{
	struct probe *p = ctx;

	(void)deadline;
	p->pfd = (struct pollfd){ .fd = p->pipe[0], .events = POLLIN };
	*fds = &p->pfd;
	return 1;
}

static enum sampler_next probe_woke(void *ctx, struct sampler *s, struct pollfd *fds, size_t n)
{
	struct probe *p = ctx;

	(void)s;
	p->wakes++;
	p->saw_fd |= n == 1 && (fds->revents & POLLIN);
	if (p->wakes == p->stop_wake)
		return SAMPLER_STOP;
	return p->wakes == p->restart_at ? SAMPLER_RESTART : SAMPLER_GO;
}

static int probe_sample(void *ctx, const struct sampler *s, double t, long skipped)
{
	struct probe *p = ctx;

	(void)skipped;
	p->samples++;
	p->times_ordered &= t > p->last_t && s->samples == p->samples;
	p->last_t = t;
	return p->stop_after && p->samples >= p->stop_after;
}

static int probe_end(void *ctx, const struct sampler *s, double t, int status)
{
	struct probe *p = ctx;

	(void)s;
	(void)t;
	p->ends++;
	p->end_status = status;
	return status == 1 ? 0 : status;
}

int main(void)
{
	struct counting none = { .open = true };
	struct sink_case {
		struct probe p;
		struct sampler s;
	} c;
	struct sampler_sink sink = { .stops = probe_stops, .sample = probe_sample, .end = probe_end };

	/* three samples, then the sink ends it: end once, with the sample's status */
	c = (struct sink_case){ .p = { .stop_after = 3, .times_ordered = true } };
	c.s = (struct sampler){ .c = &none, .start = monotonic_s(), .period = 0.002 };
	sink.ctx = &c.p;
	CHECK(sampler_run(&c.s, &sink) == 0);
	CHECK(c.p.samples == 3);
	CHECK(c.s.samples == 3);
	CHECK(c.p.times_ordered);
	CHECK(c.p.ends == 1);
	CHECK(c.p.end_status == 1);

	/* no period: only the end, when its deadline passes */
	c = (struct sink_case){ 0 };
	c.s = (struct sampler){ .c = &none, .start = monotonic_s() };
	c.s.end = c.s.start + 0.005;
	sink.ctx = &c.p;
	CHECK(sampler_run(&c.s, &sink) == 0);
	CHECK(c.p.samples == 0);
	CHECK(c.p.ends == 1);
	CHECK(monotonic_s() >= c.s.end);

	/* counters that never opened: no sample is taken from them, the end still comes */
	struct counting closed = { .open = false };

	c = (struct sink_case){ 0 };
	c.s = (struct sampler){ .c = &closed, .start = monotonic_s(), .period = 0.001 };
	c.s.end = c.s.start + 0.01;
	sink.ctx = &c.p;
	CHECK(sampler_run(&c.s, &sink) == 0);
	CHECK(c.p.samples == 0);
	CHECK(c.p.ends == 1);

	/* the sink's fd wakes it; a restart starts the times again; its STOP ends it */
	c = (struct sink_case){ .p = { .restart_at = 2, .stop_wake = 4 } };
	CHECK(pipe(c.p.pipe) == 0);
	CHECK(write(c.p.pipe[1], "x", 1) == 1);
	sink.fds = probe_fds;
	sink.woke = probe_woke;
	c.s = (struct sampler){ .c = &none, .start = monotonic_s(), .period = 0.001 };
	double first_start = c.s.start;

	sink.ctx = &c.p;
	CHECK(sampler_run(&c.s, &sink) == 0);
	CHECK(c.p.saw_fd);
	CHECK(c.p.wakes == 4);
	CHECK(c.s.start > first_start);
	CHECK(c.p.ends == 1);
	CHECK(c.p.end_status == 0);
	close(c.p.pipe[0]);
	close(c.p.pipe[1]);
	return unit_report("sampler");
}
