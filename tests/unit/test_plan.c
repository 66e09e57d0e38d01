// SPDX-License-Identifier: GPL-2.0
/* The plan builder: -e strings, metrics bound to their events by number, --device, recorded input. */
#include <errno.h>
#include <string.h>
#include "pmu/devmap.h"
#include "pmu/metrics/metric.h"
#include "pmu/plan.h"
#include "tests/unit/machine.h"
#include "tests/unit/unit.h"

static struct metric_list ml;

/* Select exactly the metrics list names */
static bool *selected(const char *list)
{
	static bool sel[512];
	struct diag unknown = { 0 };
	struct err_report err;

	memset(sel, 0, sizeof(sel));
	CHECK(ml.n <= 512);
	CHECK(!metric_select(&ml, list, sel, &unknown, &err));
	diag_free(&unknown);
	return sel;
}

static int build(const struct machine *m, struct plan_request *rq, struct plan *p, struct err_report *err)
{
	struct diag warn = { 0 };
	int ret;

	rq->online = &m->online;
	ret = plan_build(&m->pmus, rq, p, err, &warn);
	diag_free(&warn);
	return ret;
}

static void test_events(const struct machine *m)
{
	char *ev[] = { "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/",
		       "{nvidia_cmem_latency_pmu_*/rd_req/,nvidia_cmem_latency_pmu_*/cycles/}" };
	struct plan_request rq = { .events = ev, .nevents = 2, .check_rules = true };
	struct err_report err;
	struct plan p;

	CHECK(!build(m, &rq, &p, &err));
	CHECK_U64(p.n, 5);
	CHECK_STR(p.v[0].pmu->name, "nvidia_pcie_pmu_0_rc_4");
	CHECK_U64(p.v[0].config[1], 0x1410000);
	CHECK(p.v[0].arg == 0 && p.v[0].metric == -1 && p.v[0].var == -1 && p.v[0].encoded);
	/* a glob inside {} splits into one group per PMU instance */
	CHECK(p.v[1].arg == 1 && p.v[1].group == 0 && p.v[1].leader);
	CHECK(p.v[3].group == 0 && !p.v[3].leader);
	CHECK(p.v[2].group == 1 && p.v[4].group == 1);
	CHECK_U64(p.v[3].config[0], 0);	/* cycles */
	CHECK(p.nmetric == 0);
	plan_free(&p);

	ev[0] = "nvidia_pcie_pmu_0_rc_4/rd_byte/";
	rq.nevents = 1;
	CHECK(build(m, &rq, &p, &err) == -EINVAL);
	CHECK(err.arg == 0 && err.has_pos && err.pos == 23);
	plan_free(&p);
}

static void test_metrics(const struct machine *m)
{
	struct plan_request rq = { .metrics = &ml, .selected = selected("t410_pcie_rd_latency_ns"),
				   .check_rules = true };
	struct err_report err;
	struct plan p;

	CHECK(!build(m, &rq, &p, &err));
	/* every RC's PCIE PMU, the formula's three events each, in one group */
	CHECK_U64(p.nmetric, 12);
	CHECK_U64(p.n, 36);
	CHECK_U64(p.metric[0].nvars, 3);
	CHECK_STR(p.metric[0].vars[0], "rd_cum_outs");
	CHECK_STR(p.metric[0].vars[1], "rd_req");
	CHECK_STR(p.metric[0].vars[2], "cycles");
	for (size_t i = 0; i < p.n; i++) {
		const struct plan_event *e = &p.v[i];
		const struct plan_metric *pm = &p.metric[e->metric];

		CHECK(e->arg == -1 && e->metric == (int)(i / 3) && e->var == (int)(i % 3));
		CHECK(e->pmu == pm->pmu && !strcmp(e->alias->name, pm->vars[e->var]));
		CHECK(e->group == e->metric && e->leader == (i % 3 == 0));
	}
	plan_free(&p);

	/* Yitian's driver takes one event per group; a metric applying nowhere is an error */
	rq.selected = selected("t410_ucf,hns3");
	CHECK(!build(m, &rq, &p, &err));
	CHECK_U64(p.nmetric, 16);	/* 8 UCF metrics on 2 sockets; no HNS3 PMU here */
	plan_free(&p);
	rq.selected = selected("hns3");
	CHECK(build(m, &rq, &p, &err) == -ENOENT);
	CHECK_STR(err.msg, "none of the metrics asked for applies on this machine (pmuctl list --metrics shows those that do; --all, every one)");
	plan_free(&p);
}

static void test_device(const struct machine *m)
{
	struct fn_pmu pcie = { .name = "nvidia_pcie_pmu_0_rc_4" };
	struct plan_device dev = { .bdf = "0005:41:00.0", .pmu = &pcie, .filter = &pcie.function };
	struct plan_request rq = { .metrics = &ml, .selected = selected("t410_pcie_rd_bw"),
				   .devices = &dev, .ndevices = 1, .check_rules = true };
	struct err_report err;
	struct plan p;

	fn_filter_add(&pcie.function, "src_bdf", 0x4100, FN_BDF);
	fn_filter_add(&pcie.function, "src_bdf_en", 1, FN_DEC);
	CHECK(!build(m, &rq, &p, &err));
	CHECK(p.nmetric == 1 && p.n == 1);
	CHECK_STR(p.metric[0].device, "0005:41:00.0");
	CHECK_STR(p.v[0].event, "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/");
	CHECK_U64(p.v[0].config[1], 0x1410000);
	plan_free(&p);
}

static void test_named_only(void)
{
	struct pmu_list recorded = { 0 };
	struct plan_request rq = { .metrics = &ml, .selected = selected("ddr_read_bandwidth"),
				   .named_only = true };
	struct err_report err;
	struct diag warn = { 0 };
	struct plan p;

	CHECK(pmu_list_add_named(&recorded, "ali_drw_40021080") != NULL);
	CHECK(recorded.v[0].die == 1 && recorded.v[0].channel == 0 && recorded.v[0].subchannel == 1);
	CHECK(!plan_build(&recorded, &rq, &p, &err, &warn));
	CHECK(p.n == 1 && !p.v[0].encoded && p.v[0].metric == 0 && p.v[0].var == 0);
	CHECK_STR(p.v[0].event, "ali_drw_40021080/hif_rd/");
	plan_free(&p);
	diag_free(&warn);
	pmu_list_free(&recorded);
}

static void test_bluefield(void)
{
	struct machine bf = { 0 };
	char *ev[] = { "bfperf/tile0/HNF_REQUESTS/" };
	struct plan_request rq = { .events = ev, .nevents = 1, .metrics = &ml,
				   .selected = selected("bf_l3c_hit_rate"), .check_rules = true };
	struct err_report err;
	struct plan p;

	machine_load(&bf, "bluefield2");
	CHECK(!build(&bf, &rq, &p, &err));
	CHECK_STR(p.v[0].pmu->name, "bfperf/tile0");
	CHECK_U64(p.v[0].config[0], 0x45);
	/* both L3 halves, four events each, never grouped */
	CHECK(p.nmetric == 2 && p.n == 9);
	for (size_t i = 1; i < p.n; i++)
		CHECK(p.v[i].group < 0 && p.v[i].metric == (int)((i - 1) / 4));
	plan_free(&p);
	machine_free(&bf);
}

int main(void)
{
	struct machine t410 = { 0 };

	CHECK(!metric_catalog(&ml));
	machine_load(&t410, "tegra410");
	test_events(&t410);
	test_metrics(&t410);
	test_device(&t410);
	test_named_only();
	test_bluefield();
	machine_free(&t410);
	metric_list_free(&ml);
	return unit_report("test_plan");
}
