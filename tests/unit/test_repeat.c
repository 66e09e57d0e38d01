// SPDX-License-Identifier: GPL-2.0
/*
 * -r's averages from counters set by hand: each counter's mean over the runs, each row's
 * noise as perf computes it (the standard deviation of the mean over the mean), and runs that
 * do not count the same plan refused.
 */
#include <errno.h>
#include <math.h>
#include "pmu/repeat.h"
#include "tests/unit/unit.h"

/* A set of n counters, counter i at value v[i], enabled 1000 ns and running run[i] */
static void set(struct count_set *cs, size_t n, const uint64_t *v, const uint64_t *run)
{
	for (size_t i = 0; i < n; i++) {
		struct counter *c = cs->n > i ? &cs->v[i] : count_add(cs, &perf_driver);

		c->value = v[i];
		c->enabled = 1000;
		c->running = run[i];
		c->state = COUNT_OK;
	}
}

static bool near(double got, double want)
{
	return fabs(got - want) <= 1e-9 * fmax(1, fabs(want));
}

static void test_stats(void)
{
	struct run_stats s = { 0 };

	/* one run has no spread */
	run_stats_add(&s, 10);
	CHECK(run_stats_sd_of_mean(&s) == 0 && run_stats_noise_pct(&s) == 0);
	run_stats_add(&s, 20);
	run_stats_add(&s, 30);
	/* mean 20, sample variance 100, of the mean 100/3: perf's stddev_stats */
	CHECK(near(s.mean, 20));
	CHECK(near(run_stats_sd_of_mean(&s), sqrt(100.0 / 3)));
	CHECK(near(run_stats_noise_pct(&s), 100 * sqrt(100.0 / 3) / 20));
	/* a mean of 0 has no relative noise */
	s = (struct run_stats){ 0 };
	run_stats_add(&s, 0);
	run_stats_add(&s, 0);
	CHECK(run_stats_noise_pct(&s) == 0);
}

static void test_mean(void)
{
	struct count_set cs = { 0 };
	struct repeat rp = { 0 };
	struct tally_row row[2] = { { .count = 100 }, { .count = 7 } };
	struct tally rows = { .v = row, .n = 2 };

	set(&cs, 2, (uint64_t[]){ 100, 7 }, (uint64_t[]){ 1000, 500 });
	CHECK(!repeat_add(&rp, &cs, &rows, 0.5));
	set(&cs, 2, (uint64_t[]){ 300, 8 }, (uint64_t[]){ 1000, 500 });
	row[0].count = 300;
	row[1].count = 8;
	CHECK(!repeat_add(&rp, &cs, &rows, 1.5));
	CHECK(rp.runs == 2);
	/* the rows' noise: 100 and 300 have a mean of 200 and a deviation of the mean of 100 */
	CHECK(near(run_stats_noise_pct(&rp.rows[0]), 50));
	CHECK(near(rp.elapsed.mean, 1.0));
	/* the counters become their means, rounded to whole counts (7.5 up, as llround) */
	repeat_mean(&rp, &cs);
	CHECK_U64(cs.v[0].value, 200);
	CHECK_U64(cs.v[1].value, 8);
	CHECK_U64(cs.v[1].running, 500);
	CHECK(cs.v[0].state == COUNT_OK);
	/* a run that did not count a counter: the mean shows it uncounted, not averaged */
	cs.v[1].state = COUNT_NOT_COUNTED;
	CHECK(!repeat_add(&rp, &cs, &rows, 1.0));
	cs.v[1].state = COUNT_OK;
	repeat_mean(&rp, &cs);
	CHECK(cs.v[1].state == COUNT_NOT_COUNTED);
	/* a run of another plan is refused, and nothing of it added */
	rows.n = 1;
	CHECK(repeat_add(&rp, &cs, &rows, 1.0) == -EINVAL);
	CHECK(rp.runs == 3);
	repeat_free(&rp);
	count_set_free(&cs);
}

int main(void)
{
	test_stats();
	test_mean();
	return unit_report("repeat");
}
