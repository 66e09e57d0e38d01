// SPDX-License-Identifier: GPL-2.0
/* The predicted schedule: budgets, shared filter slots, what opens together, each event's share. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "pmu/plan.h"
#include "pmu/schedule.h"
#include "tests/unit/machine.h"
#include "tests/unit/unit.h"

/* The plan of the -e strings ev on m, scheduled; false when either fails */
static bool scheduled(const struct machine *m, char **ev, size_t n, struct plan *p, struct schedule *s)
{
	struct plan_request rq = { .events = ev, .nevents = n, .online = &m->online };
	struct diag warn = { 0 };
	struct err_report err;
	bool ok = !plan_build(&m->pmus, &rq, p, &err, &warn) && !plan_schedule(p, s);

	diag_free(&warn);
	return ok;
}

static const struct sched_pmu *of(const struct schedule *s, const char *pmu)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i].pmu->name, pmu))
			return &s->v[i];
	return NULL;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-12;
}

/* PCIE: one BDF at a time; a device's reads and writes with its BDF open as one group */
static void test_bdf_slot(const struct machine *m)
{
	char *ev[] = { "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x100,src_bdf_en=1/",
		       "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x200,src_bdf_en=1/",
		       "nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x300,src_bdf_en=1/",
		       "nvidia_pcie_pmu_0_rc_4/wr_bytes,src_bdf=0x100,src_bdf_en=1/",
		       "nvidia_pcie_pmu_0_rc_4/cycles/" };
	struct plan p;
	struct schedule s;
	const struct sched_pmu *sp;

	CHECK(scheduled(m, ev, 5, &p, &s));
	sp = of(&s, "nvidia_pcie_pmu_0_rc_4");
	CHECK(sp != NULL);
	if (sp) {
		/* {rd 0x100, wr 0x100}, rd 0x200, rd 0x300, cycles alone: 4 units; BDF none for cycles */
		CHECK_U64(sp->events, 5);
		CHECK_U64(sp->units, 4);
		CHECK_U64(sp->slots, 1);
		CHECK_U64(sp->values, 3);
		CHECK(sp->rotates);
		CHECK_U64(sp->counters, 0);	/* arm_cspmu: not known */
		CHECK_U64(sp->need, 4);		/* cycles on its own counter */
	}
	/*
	 * four ticks, each starting one unit further, each taking units until one does not fit:
	 * {0x100}; {0x200}; {0x300, cycles}; {cycles, 0x100}: 0x100's group 2 in 4, the others 1
	 * and cycles 2 (it takes no BDF, so it fits beside any)
	 */
	CHECK(near(s.coverage[0], 0.5) && near(s.coverage[3], 0.5));
	CHECK(near(s.coverage[1], 0.25) && near(s.coverage[2], 0.25));
	CHECK(near(s.coverage[4], 0.5));
	CHECK(sp && near(sp->coverage, 0.25));
	schedule_free(&s);
	plan_free(&p);
}

/* HNS3: 8 hardware events, a pair's _time and _num one of them */
static void test_hns3_budget(const struct machine *m)
{
	static const char *const pairs[] = { "bw_ssu_egu", "bw_ssu_rpu", "bw_ssu_roce", "bw_tpu_ssu", "bw_rpu_rcbrx",
					     "bw_rcbtx_txsch", "bw_rd_fbd", "bw_rd_ebd", "bw_rd_pay_m0", "bw_rd_pay_m1" };
	char buf[20][96], *ev[20];
	struct plan p;
	struct schedule s;
	const struct sched_pmu *sp;

	for (size_t i = 0; i < 20; i++) {
		snprintf(buf[i], sizeof(buf[i]), "hns3_pmu_sicl_0/%s_%s,global=1/", pairs[i / 2],
			 i % 2 ? "time" : "byte_num");
		ev[i] = buf[i];
	}
	/* 6 pairs: 6 counters of 8, all at once */
	CHECK(scheduled(m, ev, 12, &p, &s));
	sp = of(&s, "hns3_pmu_sicl_0");
	CHECK(sp && sp->units == 6 && sp->need == 6 && sp->counters == 8 && !sp->rotates && sp->coverage == 1);
	schedule_free(&s);
	plan_free(&p);
	/* 10 pairs: 10 for 8, each pair 8 ticks in 10 */
	CHECK(scheduled(m, ev, 20, &p, &s));
	sp = of(&s, "hns3_pmu_sicl_0");
	CHECK(sp && sp->units == 10 && sp->need == 10 && sp->rotates && near(sp->coverage, 0.8));
	for (size_t i = 0; i < p.n; i++)
		CHECK(near(s.coverage[i], 0.8));
	schedule_free(&s);
	plan_free(&p);
}

/*
 * DesignWare: one counter per event type (dwc_pcie_pmu_event_add), a bank each: a lane event
 * beside a time-based one both count at once; two lane events share the lane bank and rotate
 */
static void test_dwc_banks(const struct machine *m)
{
	char *apart[] = { "dwc_rootport_3018/rx_memory_read,lane=0/", "dwc_rootport_3018/Rx_PCIe_TLP_Data_Payload/" };
	char *shared[] = { "dwc_rootport_3018/rx_memory_read,lane=0/", "dwc_rootport_3018/tx_memory_read,lane=1/" };
	struct plan p;
	struct schedule s;
	const struct sched_pmu *sp;

	CHECK(scheduled(m, apart, 2, &p, &s));
	sp = of(&s, "dwc_rootport_3018");
	CHECK(sp && sp->counters == 1 && sp->need == 1 && !sp->rotates && near(sp->coverage, 1));
	schedule_free(&s);
	plan_free(&p);
	CHECK(scheduled(m, shared, 2, &p, &s));
	sp = of(&s, "dwc_rootport_3018");
	CHECK(sp && sp->need == 2 && sp->rotates && near(sp->coverage, 0.5));
	CHECK(near(s.coverage[0], 0.5) && near(s.coverage[1], 0.5));
	schedule_free(&s);
	plan_free(&p);
}

int main(void)
{
	struct machine t410 = { 0 }, hip09 = { 0 }, dwc = { 0 };

	machine_load(&t410, "tegra410");
	machine_load(&hip09, "hip09");
	machine_load(&dwc, "yitian710-dwc");
	test_bdf_slot(&t410);
	test_hns3_budget(&hip09);
	test_dwc_banks(&dwc);
	machine_free(&t410);
	machine_free(&hip09);
	machine_free(&dwc);
	return unit_report("schedule");
}
