// SPDX-License-Identifier: GPL-2.0
/* Metric evaluation: counts summed over a scope, then the formula, so averages stay right. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/drivers/count.h"
#include "pmu/metrics/metric_eval.h"
#include "tests/unit/unit.h"

#define CHECK_NEAR(got, want)                                                            \
	do {                                                                             \
		double g_ = (got), w_ = (want);                                          \
		if (fabs(g_ - w_) <= 1e-9 * fabs(w_)) {                                  \
			unit_passed++;                                                   \
		} else {                                                                 \
			unit_failed++;                                                   \
			fprintf(stderr, "%s:%d: %s = %.17g, want %.17g\\n", __FILE__, __LINE__, \
				#got, g_, w_);                                           \
		}                                                                        \
	} while (0)

static const char *latency_ev[] = { "rd_cum_outs", "rd_req", "cycles" };
static struct metric latency = { .name = "lat_ns", .expr = "(rd_cum_outs / rd_req) / (cycles / (duration_time * 1e9))" };
static struct metric bandwidth = { .name = "bw", .expr = "rd_bytes / (duration_time * 1e9)" };
static struct metric total = { .name = "bw.all", .expr = "rd_bytes / (duration_time * 1e9)", .total_only = true };
static struct metric hns3 = { .name = "hns3_bw", .expr = "bw_byte_num / bw_time * hw_clk_freq / 1e6" };

static struct metric_sample sample(const struct metric *m, const char *pmu, int socket,
				   const char **ev, size_t n, const double *count)
{
	double *c = malloc(n * sizeof(double));

	for (size_t i = 0; i < n; i++)
		c[i] = count[i];
	return (struct metric_sample){ .m = m, .pmu = pmu, .socket = socket, .rc = 4, .nev = n, .running = 1,
				       .ev = ev, .count = c, .hw_clk_freq = NAN };
}

static void free_samples(struct metric_sample *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(s[i].count);
}

/* A latency over three PMUs: per PMU, per socket (weighted by requests), in total */
static void test_latency_scopes(void)
{
	struct metric_sample s[] = {
		sample(&latency, "a", 0, latency_ev, 3, (double[]){ 1000, 10, 2e9 }),
		sample(&latency, "b", 0, latency_ev, 3, (double[]){ 9000, 30, 2e9 }),
		sample(&latency, "c", 1, latency_ev, 3, (double[]){ 500, 50, 2e9 }),
	};
	struct metric_value *v;
	size_t n;

	/* --per-pmu: one value per PMU; 100 cycles at 2 GHz: 50 ns */
	CHECK(!metric_evaluate(s, 3, SCOPE_PMU, 1.0, &v, &n));
	CHECK_U64(n, 3);
	CHECK(v[0].scope == SCOPE_PMU && !strcmp(v[0].pmu, "a") && v[0].instances == 1);
	CHECK_NEAR(v[0].value, 50);
	CHECK_NEAR(v[1].value, 150);
	CHECK_NEAR(v[2].value, 5);
	free(v);
	/* --per-socket: socket 0 is 10000 / 40 requests = 250 cycles; the clock is averaged */
	CHECK(!metric_evaluate(s, 3, SCOPE_SOCKET, 1.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK(v[0].scope == SCOPE_SOCKET && v[0].socket == 0 && v[0].instances == 2 && !v[0].pmu);
	CHECK_NEAR(v[0].value, 125);
	CHECK(v[1].scope == SCOPE_SOCKET && v[1].socket == 1 && v[1].instances == 1);
	CHECK_NEAR(v[1].value, 5);
	free(v);
	/* no flag: one value for the machine, as perf merges uncore instances */
	CHECK(!metric_evaluate(s, 3, SCOPE_TOTAL, 1.0, &v, &n));
	CHECK_U64(n, 1);
	CHECK(v[0].scope == SCOPE_TOTAL && v[0].instances == 3 && v[0].socket == -1);
	CHECK_NEAR(v[0].value, 10500.0 / 90 / 2);
	free(v);
	free_samples(s, 3);
}

/* An instance without the input is n/a itself and left out of the sums it would join */
static void test_absent(void)
{
	static const char *ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ 2e9 }),
		sample(&bandwidth, "b", 0, ev, 1, (double[]){ NAN }),
	};
	struct metric_value *v;
	size_t n;

	s[1].absent = true;
	CHECK(!metric_evaluate(s, 2, SCOPE_PMU, 1.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK_NEAR(v[0].value, 2);
	CHECK(isnan(v[1].value) && v[1].instances == 0);
	free(v);
	CHECK(!metric_evaluate(s, 2, SCOPE_TOTAL, 1.0, &v, &n));
	CHECK_U64(n, 1);
	CHECK_NEAR(v[0].value, 2);
	CHECK(v[0].instances == 1);
	free(v);
	/* no instance has it: n/a */
	s[0].absent = true;
	CHECK(!metric_evaluate(s, 2, SCOPE_SOCKET, 1.0, &v, &n));
	CHECK_U64(n, 1);
	CHECK(isnan(v[0].value));
	free(v);
	free_samples(s, 2);
}

/* --device: each function is a value of its own at every scope */
static void test_devices(void)
{
	static const char *ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ 1e9 }),
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ 3e9 }),
	};
	struct metric_value *v;
	size_t n;

	s[0].device = "0005:41:00.0";
	s[1].device = "0005:41:00.1";
	s[1].device_index = 1;
	for (int scope = SCOPE_PMU; scope <= SCOPE_TOTAL; scope++) {
		CHECK(!metric_evaluate(s, 2, (enum metric_scope)scope, 1.0, &v, &n));
		CHECK_U64(n, 2);
		CHECK(v[0].scope == SCOPE_PMU && !strcmp(v[0].device, "0005:41:00.0"));
		CHECK_NEAR(v[0].value, 1);
		CHECK_NEAR(v[1].value, 3);
		free(v);
	}
	free_samples(s, 2);
}

/* PCIE-TGT --device: one sample per BAR; one device's BARs sum, a clock counts once */
static void test_device_bars(void)
{
	static const char *ev[] = { "rd_req", "cycles" };
	static struct metric rate = { .name = "rate", .expr = "rd_req / cycles" };
	struct metric_sample s[] = {
		sample(&rate, "tgt", 0, ev, 2, (double[]){ 300, 4000 }),
		sample(&rate, "tgt", 0, ev, 2, (double[]){ 100, 4000 }),
		sample(&rate, "tgt", 0, ev, 2, (double[]){ 800, 4000 }),
	};
	struct metric_value *v;
	size_t n;

	s[0].device = s[1].device = "0005:41:00.0";
	s[2].device = "0005:01:00.0";
	s[2].device_index = 1;
	CHECK(!metric_evaluate(s, 3, SCOPE_TOTAL, 1.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK(!strcmp(v[0].device, "0005:41:00.0") && v[0].instances == 2);
	CHECK_NEAR(v[0].value, 0.1);
	CHECK_NEAR(v[1].value, 0.2);
	free(v);
	free_samples(s, 3);
}

/* Counts scale by time_enabled / time_running; a value keeps the lowest running share */
static void test_scaling_and_running(void)
{
	static const char *ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ count_scaled(1000000000, 2000, 1000) }),
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ count_scaled(500000000, 3000, 3000) }),
		sample(&bandwidth, "b", 1, ev, 1, (double[]){ count_scaled(300000000, 4000, 1000) }),
	};
	struct metric_value *v;
	size_t n;

	/* groups that took turns: half, all, a quarter of the time */
	CHECK_NEAR(count_scaled(1000, 2000, 1000), 2000);
	CHECK_NEAR(count_scaled(1000, 2000, 2000), 1000);
	CHECK_NEAR(count_scaled(300, 4000, 1000), 1200);
	CHECK_NEAR(count_scaled(0, 2000, 0), 0);
	s[0].running = 0.5;
	s[2].running = 0.25;
	s[0].device = s[1].device = "0005:41:00.0";
	s[2].device = "0005:01:00.0";
	s[2].device_index = 1;
	CHECK(!metric_evaluate(s, 3, SCOPE_TOTAL, 1.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK_NEAR(v[0].value, 2.5);	/* 2e9 + 5e8 bytes in 1 s */
	CHECK_NEAR(v[0].running, 0.5);
	CHECK_NEAR(v[1].value, 1.2);
	CHECK_NEAR(v[1].running, 0.25);
	free(v);
	free_samples(s, 3);
}

/* Bandwidths add up; a count not counted is n/a and stays so in every scope it joins */
static void test_bandwidth_and_nan(void)
{
	static const char *ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&bandwidth, "a", 0, ev, 1, (double[]){ 3e9 }),
		sample(&bandwidth, "b", 1, ev, 1, (double[]){ NAN }),
	};
	struct metric_value *v;
	size_t n;

	CHECK(!metric_evaluate(s, 2, SCOPE_PMU, 2.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK_NEAR(v[0].value, 1.5);
	CHECK(isnan(v[1].value));
	free(v);
	CHECK(!metric_evaluate(s, 2, SCOPE_SOCKET, 2.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK_NEAR(v[0].value, 1.5);	/* socket 0 */
	CHECK(isnan(v[1].value));	/* socket 1 */
	free(v);
	CHECK(!metric_evaluate(s, 2, SCOPE_TOTAL, 2.0, &v, &n));
	CHECK_U64(n, 1);
	CHECK(isnan(v[0].value));	/* the total has b in it */
	free(v);
	free_samples(s, 2);
}

/* perf's .all metrics: one value summed over every instance, even with --per-pmu */
static void test_total_only_and_single(void)
{
	static const char *ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&total, "a", 0, ev, 1, (double[]){ 1e9 }),
		sample(&total, "b", 1, ev, 1, (double[]){ 3e9 }),
		sample(&bandwidth, "c", 0, ev, 1, (double[]){ 5e9 }),
	};
	struct metric_value *v;
	size_t n;

	CHECK(!metric_evaluate(s, 3, SCOPE_PMU, 1.0, &v, &n));
	CHECK_U64(n, 2);
	CHECK(v[0].m == &total && v[0].scope == SCOPE_TOTAL && v[0].instances == 2);
	CHECK_NEAR(v[0].value, 4);
	CHECK(v[1].m == &bandwidth && v[1].scope == SCOPE_PMU);
	CHECK_NEAR(v[1].value, 5);
	free(v);
	free_samples(s, 3);
}

/* HNS3: counter 0 / counter 1 at hw_clk_freq; a division by zero is n/a, not a trap */
static void test_hw_clk_freq(void)
{
	static const char *ev[] = { "bw_byte_num", "bw_time" };
	struct metric_sample s[] = { sample(&hns3, "sicl0", 0, ev, 2, (double[]){ 1e6, 2e5 }),
				     sample(&hns3, "sicl2", 1, ev, 2, (double[]){ 1e6, 0 }) };
	struct metric_value *v;
	size_t n;

	s[0].hw_clk_freq = 1e8;
	s[1].hw_clk_freq = 1e8;
	CHECK(!metric_evaluate(s, 2, SCOPE_PMU, 1.0, &v, &n));
	CHECK_NEAR(v[0].value, 500);	/* 5 bytes per cycle at 100 MHz: 500 MB/s */
	CHECK(isnan(v[1].value));
	free(v);
	free_samples(s, 2);
}

/*
 * Samples out of order, metrics and sockets interleaved: grouped as if sorted, values in the
 * order of each metric's first sample, then each group's first (metric_evaluate sorts only
 * what is out of order)
 */
static void test_unsorted(void)
{
	static const char *bw_ev[] = { "rd_bytes" };
	struct metric_sample s[] = {
		sample(&bandwidth, "a", 1, bw_ev, 1, (double[]){ 1e9 }),
		sample(&latency, "l", 0, latency_ev, 3, (double[]){ 1000, 10, 2e9 }),
		sample(&bandwidth, "b", 0, bw_ev, 1, (double[]){ 2e9 }),
		sample(&bandwidth, "c", 1, bw_ev, 1, (double[]){ 4e9 }),
	};
	struct metric_value *v;
	size_t n;

	CHECK(!metric_evaluate(s, 4, SCOPE_SOCKET, 1.0, &v, &n));
	CHECK_U64(n, 3);
	CHECK(v[0].m == &bandwidth && v[0].socket == 1 && v[0].instances == 2);
	CHECK_NEAR(v[0].value, 5);
	CHECK(v[1].m == &bandwidth && v[1].socket == 0 && v[1].instances == 1);
	CHECK_NEAR(v[1].value, 2);
	CHECK(v[2].m == &latency && v[2].socket == 0 && v[2].instances == 1);
	CHECK_NEAR(v[2].value, 50);
	free(v);
	free_samples(s, 4);
}

int main(void)
{
	test_latency_scopes();
	test_devices();
	test_device_bars();
	test_scaling_and_running();
	test_absent();
	test_bandwidth_and_nan();
	test_total_only_and_single();
	test_hw_clk_freq();
	test_unsorted();
	return unit_report("test_metric_eval");
}
