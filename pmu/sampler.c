// SPDX-License-Identifier: GPL-2.0
/* The one counting loop: ticker, signal-aware wait, read, sample, mark (sampler.h). */
#include "pmu/sampler.h"
#include "lib/monotonic.h"
#include "lib/signals.h"
#include "lib/ticker.h"

/* The next moment something is due: the next sample or the end, whichever comes first */
static double sampler_deadline(const struct sampler *s, const struct ticker *tick)
{
	double next = s->period > 0 ? ticker_deadline(tick) : 0;

	return next && (!s->end || next < s->end) ? next : s->end;
}

/* Counters that never opened (a reload that failed) have nothing to read */
static bool sampler_counting(const struct sampler *s)
{
	return s->c && s->c->open;
}

/*
 * A deadline already passed still waits: signals_wait is where the blocked signals are taken,
 * so a loop that falls behind keeps answering SIGINT and SIGTERM
 */
int sampler_run(struct sampler *s, const struct sampler_sink *k)
{
	struct ticker tick;
	int status = 0;
	double t_end;

	if (s->period > 0)
		ticker_start(&tick, s->start, s->period);
	while (!k->stops(k->ctx)) {
		double deadline = sampler_deadline(s, &tick);
		struct pollfd *fds = NULL;
		size_t n = k->fds ? k->fds(k->ctx, &fds, &deadline) : 0;
		enum sampler_next next;
		long skipped;
		double t;

		signals_wait(fds, n, deadline);
		if (k->stops(k->ctx) || (s->end && monotonic_s() >= s->end))
			break;
		next = k->woke ? k->woke(k->ctx, s, fds, n) : SAMPLER_GO;
		if (next == SAMPLER_STOP)
			break;
		if (next == SAMPLER_RESTART) {
			s->start = monotonic_s();
			ticker_start(&tick, s->start, s->period);
		}
		if (s->period <= 0 || !ticker_due(&tick, monotonic_s(), &skipped) || !sampler_counting(s))
			continue;
		/* as perf: the time of a report is taken before its reads */
		t = monotonic_s() - s->start;
		s->samples++;
		s->skipped += skipped;
		count_read_all(&s->c->cs);
		status = k->sample(k->ctx, s, t, skipped);
		count_mark_all(&s->c->cs, s->c->mark);
		if (status)
			break;
	}
	if (!k->end)
		return status;
	/* after the counters stop, before their reads: the time covers all they counted */
	if (sampler_counting(s))
		count_disable_all(&s->c->cs);
	t_end = monotonic_s() - s->start;
	/* a sample that ended sampling was the last report: no end reads them again */
	if (sampler_counting(s) && !status)
		count_read_all(&s->c->cs);
	return k->end(k->ctx, s, t_end, status);
}
