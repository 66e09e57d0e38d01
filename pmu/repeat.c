// SPDX-License-Identifier: GPL-2.0
/* -r's averages: each counter's mean over the runs and each row's noise, as perf stat -r. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/repeat.h"

void run_stats_add(struct run_stats *s, double x)
{
	double delta = x - s->mean;

	s->n++;
	s->mean += delta / (double)s->n;
	s->m2 += delta * (x - s->mean);
}

double run_stats_sd_of_mean(const struct run_stats *s)
{
	if (s->n < 2)
		return 0;
	return sqrt(s->m2 / (double)(s->n - 1) / (double)s->n);
}

double run_stats_noise_pct(const struct run_stats *s)
{
	if (s->n < 2 || s->mean == 0)
		return 0;
	return 100.0 * run_stats_sd_of_mean(s) / fabs(s->mean);
}

/* The first run sizes what every run adds to */
static int repeat_size(struct repeat *rp, size_t ncounter, size_t nrow)
{
	rp->counters = calloc(ncounter ? ncounter : 1, sizeof(*rp->counters));
	rp->rows = calloc(nrow ? nrow : 1, sizeof(*rp->rows));
	if (!rp->counters || !rp->rows)
		return -ENOMEM;
	for (size_t i = 0; i < ncounter; i++)
		rp->counters[i].state = COUNT_OK;
	rp->ncounter = ncounter;
	rp->nrow = nrow;
	return 0;
}

int repeat_add(struct repeat *rp, const struct count_set *cs, const struct tally *rows, double seconds)
{
	size_t nrow = rows ? rows->n : 0;

	if (!rp->runs && repeat_size(rp, cs->n, nrow))
		return -ENOMEM;
	if (cs->n != rp->ncounter || nrow != rp->nrow)
		return -EINVAL;
	for (size_t i = 0; i < cs->n; i++) {
		const struct counter *c = &cs->v[i];
		struct repeat_counter *sum = &rp->counters[i];

		sum->value += (double)c->value;
		sum->enabled += (double)c->enabled;
		sum->running += (double)c->running;
		sum->resets += c->resets;
		if (c->state != COUNT_OK)
			sum->state = c->state;
	}
	/* as perf: the noise of what is shown, the row's count scaled for multiplexing */
	for (size_t i = 0; i < nrow; i++)
		run_stats_add(&rp->rows[i], rows->v[i].count);
	run_stats_add(&rp->elapsed, seconds);
	rp->runs++;
	return 0;
}

static uint64_t mean_of(double sum, long runs)
{
	return (uint64_t)llround(sum / (double)runs);
}

void repeat_mean(const struct repeat *rp, struct count_set *cs)
{
	if (!rp->runs || cs->n != rp->ncounter)
		return;
	for (size_t i = 0; i < cs->n; i++) {
		const struct repeat_counter *sum = &rp->counters[i];
		struct counter *c = &cs->v[i];

		c->value = mean_of(sum->value, rp->runs);
		c->enabled = mean_of(sum->enabled, rp->runs);
		c->running = mean_of(sum->running, rp->runs);
		c->resets = sum->resets;
		/* a counter that failed in one run has no mean: that run's state is shown */
		c->state = sum->state;
	}
}

void repeat_free(struct repeat *rp)
{
	free(rp->counters);
	free(rp->rows);
	memset(rp, 0, sizeof(*rp));
}
