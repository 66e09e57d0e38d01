// SPDX-License-Identifier: GPL-2.0
/*
 * Counts as rows and metric samples, from counters set by hand: sums per aggregation, exact
 * integers unless scaled, a reset as a state of its own, and the inputs of a metric instance.
 */
#include <math.h>
#include "pmu/drivers/count.h"
#include "pmu/metrics/metric_samples.h"
#include "pmu/plan.h"
#include "pmu/tally.h"
#include "tests/unit/machine.h"
#include "tests/unit/unit.h"

/* One counter per plan event on CPU 0, value v[i], enabled 1000 ns and running run[i] */
static void counters(const struct plan *p, const uint64_t *v, const uint64_t *run, struct count_set *cs)
{
	for (size_t i = 0; i < p->n; i++) {
		struct counter *c = count_add(cs, &perf_driver);

		c->ev = i;
		c->event = p->v[i].event;
		c->cpu = 0;
		c->value = v[i];
		c->enabled = 1000;
		c->running = run[i];
		c->state = COUNT_OK;
	}
}

static void test_rows(const struct machine *m)
{
	char *ev[] = { "nvidia_pcie_pmu_*_rc_4/rd_bytes/", "nvidia_ucf_pmu_0/cycles/" };
	struct plan_request rq = { .events = ev, .nevents = 2, .online = &m->online };
	struct count_set cs = { 0 };
	struct count_mark mark[3];
	struct tally_opts to = { .aggr = AGGR_TOTAL };
	struct diag warn = { 0 };
	struct err_report err;
	struct tally t;
	struct plan p;

	CHECK(!plan_build(&m->pmus, &rq, &p, &err, &warn));
	CHECK_U64(p.n, 3);
	/* 2^53 + 1 has no double: an exact count keeps every digit */
	counters(&p, (uint64_t[]){ (1ull << 53) + 1, 7, 500 }, (uint64_t[]){ 1000, 1000, 250 }, &cs);
	CHECK(!tally_build(&p, ev, &cs, NULL, &to, &t));
	/* the glob is one row, its two PMUs summed; the PMU names several: none */
	CHECK_U64(t.n, 2);
	CHECK_U64(t.v[0].value, (1ull << 53) + 8);
	CHECK(t.v[0].pmu == NULL && t.v[0].state == COUNT_OK && t.v[0].running == t.v[0].enabled);
	/* a counter that ran a quarter of the time: its count is scaled, and says so */
	CHECK_U64(t.v[1].value, 500);
	CHECK(t.v[1].count == 2000.0 && t.v[1].running < t.v[1].enabled);
	tally_free(&t);
	to.aggr = AGGR_PMU;
	CHECK(!tally_build(&p, ev, &cs, NULL, &to, &t));
	CHECK_U64(t.n, 3);
	CHECK_STR(t.v[1].pmu, "nvidia_pcie_pmu_1_rc_4");
	CHECK(t.v[1].socket == 1 && t.v[1].rc == 4);
	tally_free(&t);

	/* since a mark: the difference; a counter reset in between has no count there */
	count_mark_all(&cs, mark);
	cs.v[0].value += 10;
	cs.v[1].value += 20;
	cs.v[1].resets++;
	CHECK(count_state_since(&cs, 1, mark) == COUNT_RESET);
	CHECK(count_state_since(&cs, 1, NULL) == COUNT_RESET);
	CHECK(count_state_since(&cs, 0, mark) == COUNT_OK);
	to.aggr = AGGR_NONE;
	CHECK(!tally_build(&p, ev, &cs, mark, &to, &t));
	CHECK_U64(t.v[0].value, 10);
	CHECK(t.v[1].state == COUNT_RESET && t.v[1].value == 0);
	CHECK(t.v[1].why && strstr(t.v[1].why, "went backwards"));
	tally_free(&t);
	count_mark_all(&cs, mark);
	CHECK(count_state_since(&cs, 1, mark) == COUNT_OK);
	count_set_free(&cs);
	plan_free(&p);
	diag_free(&warn);
}

/* A latency's three inputs into one sample per PMU instance, by formula name, not by order */
static void test_samples(const struct machine *m)
{
	struct metric_list ml = { 0 };
	bool sel[512] = { 0 };
	struct diag unknown = { 0 }, warn = { 0 };
	struct plan_request rq = { .metrics = &ml, .selected = sel, .online = &m->online };
	struct metric_sample *s;
	struct count_set cs = { 0 };
	uint64_t v[64], run[64];
	struct err_report err;
	struct plan p;
	size_t n;

	CHECK(!metric_catalog(&ml) && ml.n <= 512);
	CHECK(!metric_select(&ml, "t410_cmem_rd_latency_ns", sel, &unknown, &err));
	CHECK(!plan_build(&m->pmus, &rq, &p, &err, &warn));
	CHECK(p.nmetric == 2 && p.n <= 64);
	for (size_t i = 0; i < p.n; i++) {
		/* every input's count says which it is: 100 * instance + input */
		v[i] = (uint64_t)(100 * p.v[i].metric + p.v[i].var + 1);
		run[i] = 1000;
	}
	counters(&p, v, run, &cs);
	CHECK(!metric_samples_counted(&p, &cs, NULL, NULL, NULL, &s, &n));
	CHECK_U64(n, 2);
	for (size_t i = 0; i < n; i++) {
		CHECK(s[i].m == p.metric[i].m && s[i].nev == p.metric[i].nvars);
		CHECK(s[i].expr == p.metric[i].expr && s[i].device_index == -1);
		for (size_t k = 0; k < s[i].nev; k++)
			CHECK(s[i].count[k] == (double)(100 * i + k + 1));
	}
	metric_samples_free(s, n);
	/* a frame built once gives each report the same samples, counts in the copy's own block */
	{
		struct metric_frame fr = { 0 };
		struct metric_sample *t;
		size_t nt;

		for (int round = 0; round < 2; round++) {
			CHECK(!metric_samples_counted(&p, &cs, NULL, NULL, &fr, &t, &nt));
			CHECK_U64(nt, 2);
			for (size_t i = 0; i < nt; i++) {
				CHECK(t[i].m == p.metric[i].m && t[i].expr == p.metric[i].expr);
				CHECK((char *)t[i].count > (char *)t && t[i].count != fr.tmpl[i].count);
				for (size_t k = 0; k < t[i].nev; k++)
					CHECK(t[i].count[k] == (double)(100 * i + k + 1));
			}
			metric_samples_free(t, nt);
		}
		/* the frame's own counts stay zero: a report adds to a copy */
		CHECK(fr.tmpl[0].count[0] == 0);
		metric_frame_free(&fr);
	}
	/* an input reset since the mark is n/a, not a count */
	cs.v[0].resets++;
	CHECK(!metric_samples_counted(&p, &cs, NULL, NULL, NULL, &s, &n));
	CHECK(isnan(s[p.v[0].metric].count[p.v[0].var]));
	metric_samples_free(s, n);
	count_set_free(&cs);
	plan_free(&p);
	metric_list_free(&ml);
	diag_free(&unknown);
	diag_free(&warn);
}

int main(void)
{
	struct machine m = { 0 };

	machine_load(&m, "tegra410");
	test_rows(&m);
	test_samples(&m);
	machine_free(&m);
	return unit_report("tally");
}
