// SPDX-License-Identifier: GPL-2.0
/* The drivers' rules: each family's, and perf core's, on the fixture machines. */
#include <errno.h>
#include <string.h>
#include "pmu/plan.h"
#include "pmu/rules.h"
#include "tests/unit/machine.h"
#include "tests/unit/unit.h"

/* Rules over the plan of these -e strings: their result, err and the warnings */
static int check(const struct machine *m, const char *a, const char *b, struct err_report *err,
		 struct diag *warn)
{
	char *ev[] = { (char *)a, (char *)b };
	struct plan_request rq = { .events = ev, .nevents = b ? 2 : 1, .online = &m->online };
	struct diag ignored = { 0 };
	struct plan p;
	int ret = plan_build(&m->pmus, &rq, &p, err, &ignored);

	diag_free(&ignored);
	if (!ret)
		ret = rules_check(&p, err, warn);
	plan_free(&p);
	return ret;
}

static bool has(const char *s, const char *part)
{
	return s && strstr(s, part);
}

static void expect_error(const struct machine *m, const char *a, const char *b, int code,
			 const char *part, int line)
{
	struct err_report err = { 0 };
	struct diag warn = { 0 };
	int ret = check(m, a, b, &err, &warn);

	if (ret != code || !has(err.msg, part)) {
		unit_failed++;
		fprintf(stderr, "test_rules.c:%d: %s%s%s: got %d '%s', want %d '%s'\n", line, a,
			b ? " " : "", b ? b : "", ret, err.msg, code, part);
	} else {
		unit_passed++;
	}
	diag_free(&warn);
}

static void expect_ok(const struct machine *m, const char *a, const char *b, const char *warning,
		      int line)
{
	struct err_report err = { 0 };
	struct diag warn = { 0 };
	int ret = check(m, a, b, &err, &warn);
	bool warned = warn.n && has(warn.msg[0], warning ? warning : "");

	if (ret || (warning ? !warned : warn.n != 0)) {
		unit_failed++;
		fprintf(stderr, "test_rules.c:%d: %s: got %d '%s' (%zu warnings: %s), want 0%s%s\n",
			line, a, ret, ret ? err.msg : "", warn.n, warn.n ? warn.msg[0] : "",
			warning ? " and " : "", warning ? warning : "");
	} else {
		unit_passed++;
	}
	diag_free(&warn);
}

#define ERR(m, a, b, code, part) expect_error(m, a, b, code, part, __LINE__)
#define OK(m, a, b, warning) expect_ok(m, a, b, warning, __LINE__)

static void tegra410(const struct machine *m)
{
	/* PCIE: RP and BDF filters are exclusive; one BDF per group; per PMU, in turns */
	ERR(m, "nvidia_pcie_pmu_0_rc_0/rd_bytes,src_rp_mask=0x1,src_bdf=0x100,src_bdf_en=1/", NULL,
	    -EINVAL, "\"Root-Port and BDF filters are mutually exclusive\"");
	ERR(m, "{nvidia_pcie_pmu_0_rc_0/rd_bytes,src_bdf=0x100,src_bdf_en=1/,nvidia_pcie_pmu_0_rc_0/wr_bytes,src_bdf=0x108,src_bdf_en=1/}",
	    NULL, -EINVAL, "\"sibling and leader BDF value should be equal\"");
	OK(m, "nvidia_pcie_pmu_0_rc_0/rd_bytes,src_bdf=0x100,src_bdf_en=1/",
	   "nvidia_pcie_pmu_0_rc_0/wr_bytes,src_bdf=0x108,src_bdf_en=1/", "count in turns");
	OK(m, "nvidia_pcie_pmu_0_rc_0/rd_bytes,src_bdf=0x100,src_bdf_en=1/",
	   "nvidia_pcie_pmu_0_rc_1/wr_bytes,src_bdf=0x108,src_bdf_en=1/", NULL);
	/* the cycle counter has no filter: it never conflicts */
	OK(m, "nvidia_pcie_pmu_0_rc_0/rd_bytes,src_bdf=0x100,src_bdf_en=1/",
	   "nvidia_pcie_pmu_0_rc_0/cycles/", NULL);
	/* pcie_v2_pmu_event_filter(): a sibling's own RP filter is not its leader's BDF */
	ERR(m, "{nvidia_pcie_pmu_0_rc_4/rd_req,src_bdf=0x4100,src_bdf_en=1/,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_rp_mask=0x1/}",
	    NULL, -EINVAL, "src_rp_mask=0x1 (no BDF) in a group whose leader has src_bdf=0x4100");
	/* a sibling with no filter takes the leader's BDF */
	OK(m, "{nvidia_pcie_pmu_0_rc_4/rd_req,src_bdf=0x4100,src_bdf_en=1/,nvidia_pcie_pmu_0_rc_4/rd_bytes/}",
	   NULL, NULL);
	/* the cycle counter is exempt as a sibling, not as a leader: it has no BDF */
	ERR(m, "{nvidia_pcie_pmu_0_rc_4/cycles/,nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x4100,src_bdf_en=1/}",
	    NULL, -EINVAL, "src_bdf=0x4100 in a group whose leader has no BDF filter");
	/* PCIE-TGT: the driver ignores an address without dst_addr_en */
	OK(m, "nvidia_pcie_tgt_pmu_0_rc_1/rd_bytes,dst_addr_base=0x1000/", NULL,
	   "without dst_addr_en=1: the driver ignores the address");
	OK(m, "nvidia_pcie_tgt_pmu_0_rc_1/rd_bytes,dst_addr_base=0x1000,dst_addr_mask=0xf000,dst_addr_en=1/",
	   NULL, NULL);
	/* C2C: ids below 9; gpu_mask and write events only with a GPU peer */
	ERR(m, "nvidia_nvlink_c2c_pmu_0/event=0x9/", NULL, -ENOENT, "events 0x0-0x8 only");
	OK(m, "nvidia_nvlink_c2c_pmu_0/in_rd_req,gpu_mask=0x3/", NULL, NULL);
	OK(m, "nvidia_nvlink_c2c_pmu_1/event=0x4/", NULL,
	   "\"When connected to another SoC, only the read events are available\"");
	OK(m, "nvidia_nvdlink_pmu_0/event=0x3/", NULL, "only counts CXL memory read traffic");
	OK(m, "nvidia_nvdlink_pmu_0/in_rd_req/", NULL, NULL);
	/* CMEM latency: event 3 is -ENOENT in its driver */
	ERR(m, "nvidia_cmem_latency_pmu_0/event=0x3/", NULL, -ENOENT, "the CMEM latency PMU has cycles");
	/* perf core: uncore counters cannot exclude privilege levels */
	ERR(m, "nvidia_ucf_pmu_0/event=0x0/u", NULL, -EINVAL, "PERF_PMU_CAP_NO_EXCLUDE");
}

static void yitian(const struct machine *m)
{
	ERR(m, "{ali_drw_21000/hif_rd/,ali_drw_21000/hif_wr/}", NULL, -EINVAL,
	    "\"driveway only allow one event!\"");
	OK(m, "ali_drw_21000/hif_rd/", "ali_drw_21000/hif_wr/", NULL);
}

/* HNS3: the driver's filter mode, in hns3_pmu_select_filter_mode()'s order */
static void hns3(const struct machine *m)
{
	OK(m, "hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,global=1/", NULL, NULL);
	OK(m, "hns3_pmu_sicl_0/dly_tpu_packet_num,bdf=0x3500,queue=0xFFFF/", NULL, NULL);
	OK(m, "hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,bdf=0x3500/", NULL, "selects func-queue mode for queue 0");
	OK(m, "hns3_pmu_sicl_0/bw_ssu_rpu_byte_num/", NULL, "counts port 0, tc 0 only");
	ERR(m, "hns3_pmu_sicl_0/dly_tpu_packet_num,bdf=0x9900,queue=0xFFFF/", NULL, -ENOENT,
	    "is outside hns3_pmu_sicl_0's bdf_min..bdf_max");
	ERR(m, "hns3_pmu_sicl_0/config=0x1ffff/", NULL, -ENOENT, "is not an HNS3 event");
	ERR(m, "hns3_pmu_sicl_0/bw_ssu_roce_byte_num,bdf=0x3500/", NULL, -EINVAL,
	    "the driver ignores the bdf and counts port 0, tc 0, in port-tc mode");
	/* hns3_pmu_validate_event_group(): 8 hardware events; a pair shares one */
	ERR(m, "{hns3_pmu_sicl_0/bw_ssu_egu_byte_num,global=1/,hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,global=1/,"
	       "hns3_pmu_sicl_0/bw_ssu_roce_byte_num,global=1/,hns3_pmu_sicl_0/bw_roce_ssu_byte_num,global=1/,"
	       "hns3_pmu_sicl_0/bw_tpu_ssu_byte_num,global=1/,hns3_pmu_sicl_0/bw_rd_fbd_byte_num,global=1/,"
	       "hns3_pmu_sicl_0/bw_rd_ebd_byte_num,global=1/,hns3_pmu_sicl_0/bw_wr_fbd_byte_num,global=1/,"
	       "hns3_pmu_sicl_0/bw_wr_ebd_byte_num,global=1/}",
	    NULL, -EINVAL, "\"Invalid event group.\"");
	OK(m, "{hns3_pmu_sicl_0/bw_ssu_egu_byte_num,global=1/,hns3_pmu_sicl_0/bw_ssu_egu_time,global=1/}",
	   NULL, NULL);
}

static void bluefield(const struct machine *m)
{
	OK(m, "bfperf/tile0/HNF_REQUESTS/", "bfperf/tile0/0x46/", NULL);
	OK(m, "{bfperf/tile0/HNF_REQUESTS/,bfperf/tile0/0x46/}", NULL, "{} has no effect on them");
	ERR(m, "bfperf/tile0/NOPE/", NULL, -ENOENT, "block tile0 has no event 'NOPE'");
	ERR(m, "bfperf/tile9/HNF_REQUESTS/", NULL, -ENOENT, "no block 'tile9' in hwmon0");
}

int main(void)
{
	static const struct {
		const char *name;
		void (*test)(const struct machine *m);
	} machines[] = { { "tegra410", tegra410 }, { "yitian710", yitian }, { "hip09", hns3 },
			 { "bluefield2", bluefield } };

	for (size_t i = 0; i < sizeof(machines) / sizeof(machines[0]); i++) {
		struct machine m = { 0 };

		machine_load(&m, machines[i].name);
		machines[i].test(&m);
		machine_free(&m);
	}
	return unit_report("test_rules");
}
