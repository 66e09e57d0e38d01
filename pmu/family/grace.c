// SPDX-License-Identifier: GPL-2.0
/*
 * NVIDIA Grace (Tegra241) PMUs of a socket: SCF, PCIE, NVLink-C2C0, NVLink-C2C1 and CNVLink
 * (nvidia-tegra241-pmu.rst, drivers/perf/arm_cspmu/nvidia_cspmu.c). One driver, five names.
 */
#include <stdio.h>
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define GRACE_DOC "nvidia-tegra241-pmu.rst"
#define NS "(duration_time * 1e9)"
/* The 32-byte data beats of cmem_rd_data are the scale EAR's metrics/bandwidth/archs/perf.c uses */
#define SCF_OWN "pmuctl's, on " GRACE_DOC "'s SCF events (32-byte *_rd_data beats, as EAR's Grace bandwidth reader counts them)"
#define MCF_OWN "pmuctl's, on nvidia_cspmu.c's MCF event names (*_bytes_loc/_rem: bytes to local/remote memory)"

/* What each PMU sees, from the document's Traffic Coverage tables (socket-A's view) */
#define SCF_SEES "local CPU -> local and remote memory; remote socket's CPU and strongly ordered PCIe writes -> local memory"
#define PCIE_SEES "this socket's PCIe reads and writes -> local and remote memory (CMEM, GMEM)"
#define C2C0_SEES "Grace Hopper: the GPU's ATS-translated and EGM traffic -> local and remote CPU memory, remote GPU memory; Grace CPU Superchip: the other socket's PCIe reads and relaxed-ordered writes -> local memory"
#define C2C1_SEES "Grace Hopper: the GPU's untranslated traffic -> local and remote memory"
#define CNVLINK_SEES "remote sockets' GPU and PCIe reads and relaxed-ordered writes -> local memory (initiators not told apart)"

static bool decode_scf(struct pmu *p)
{
	return t410_decode(p, "nvidia_scf_pmu_", false);
}

/* Tegra410's PCIE PMUs are nvidia_pcie_pmu_<s>_rc_<r>: t410_decode stops at the _rc_ */
static bool decode_pcie(struct pmu *p)
{
	return t410_decode(p, "nvidia_pcie_pmu_", false);
}

static bool decode_c2c0(struct pmu *p)
{
	return t410_decode(p, "nvidia_nvlink_c2c0_pmu_", false);
}

static bool decode_c2c1(struct pmu *p)
{
	return t410_decode(p, "nvidia_nvlink_c2c1_pmu_", false);
}

static bool decode_cnvlink(struct pmu *p)
{
	return t410_decode(p, "nvidia_cnvlink_pmu_", false);
}

static const char *coverage(const struct pmu *p)
{
	const struct pmu_family *f = p->family;

	return f == &family_grace_scf	     ? SCF_SEES :
	       f == &family_grace_pcie	     ? PCIE_SEES :
	       f == &family_grace_nvlink_c2c0 ? C2C0_SEES :
	       f == &family_grace_nvlink_c2c1 ? C2C1_SEES :
					       CNVLINK_SEES;
}

static bool detail(const struct pmu *p, char *buf, size_t size)
{
	snprintf(buf, size, "sees: %s (" GRACE_DOC ", Traffic Coverage)", coverage(p));
	return true;
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "coverage", .kind = FIELD_TEXT, .text = coverage(p) };
	return 1;
}

static const struct catalog_entry mcf_events[] = {
	{ "rd_bytes_loc", "bytes read from local memory" },
	{ "rd_bytes_rem", "bytes read from remote memory" },
	{ "wr_bytes_loc", "bytes written to local memory" },
	{ "wr_bytes_rem", "bytes written to remote memory" },
	{ "total_bytes_loc", "bytes read and written, local memory" },
	{ "total_bytes_rem", "bytes read and written, remote memory" },
	{ "rd_req_loc", "read requests to local memory" },
	{ "rd_req_rem", "read requests to remote memory" },
	{ "wr_req_loc", "write requests to local memory" },
	{ "wr_req_rem", "write requests to remote memory" },
	{ "total_req_loc", "read and write requests to local memory" },
	{ "total_req_rem", "read and write requests to remote memory" },
	{ "rd_cum_outs_loc", "outstanding local-memory reads, accumulated each cycle" },
	{ "rd_cum_outs_rem", "outstanding remote-memory reads, accumulated each cycle" },
	{ "cycles", "the PMU's cycle counter (event 0x100000000)" },
	{ NULL, NULL },
};

static const struct catalog_entry scf_events[] = {
	{ "cmem_rd_data", "data read from local CPU memory, in 32-byte beats" },
	{ "cmem_rd_access", "read requests to local CPU memory" },
	{ "cmem_rd_outstanding", "outstanding reads of local CPU memory, accumulated each cycle" },
	{ "cmem_wr_total_bytes", "bytes written to local CPU memory" },
	{ "gmem_rd_data", "data read from local GPU memory, in 32-byte beats" },
	{ "gmem_wr_total_bytes", "bytes written to local GPU memory" },
	{ "remote_socket_rd_data", "data read from the remote socket's memory, in 32-byte beats" },
	{ "remote_socket_wr_total_bytes", "bytes written to the remote socket's memory" },
	{ "cycles", "the PMU's cycle counter (event 0x100000000)" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "event", "event id" },
	{ "root_port", "bitmap of the root ports to monitor (0xF: ports 0-3, 0x3ff: all ten); omitted or 0: all from v6.14, none before it" },
	{ "port", "bitmap of the NVLink-C2C ports to monitor (0x1: port 0, 0x3: both); omitted or 0: both from v6.14, none before it" },
	{ "rem_socket", "bitmap of the remote sockets to monitor (0xE: sockets 1-3, 0xf: all); omitted or 0: all from v6.14, none before it" },
	{ NULL, NULL },
};

/*
 * Every port or socket, named: before v6.14 (bce61d5c5764, "monitor all ports by default") the
 * driver programs a 0 filter as given, and a 0 filter captures nothing; from v6.14 0 means all.
 * pmuctl's metrics name them all, so that they count on both sides (NV_PCIE_FILTER_ID_MASK,
 * NV_NVL_C2C_FILTER_ID_MASK, NV_CNVL_FILTER_ID_MASK of nvidia_cspmu.c)
 */
static const struct fn_filter all_root_ports = { .term = { { "root_port", 0x3ff, "0x%llx" } }, .n = 1, .bar = -1 };
static const struct fn_filter all_c2c_ports = { .term = { { "port", 0x3, "0x%llx" } }, .n = 1, .bar = -1 };
static const struct fn_filter all_rem_sockets = { .term = { { "rem_socket", 0xf, "0x%llx" } }, .n = 1, .bar = -1 };

/* The filter format a PMU has (config1), or NULL (SCF) */
static const char *filter_name(const struct pmu *p)
{
	return p->family == &family_grace_pcie	  ? "root_port" :
	       p->family == &family_grace_cnvlink ? "rem_socket" :
	       p->family == &family_grace_scf	  ? NULL :
						    "port";
}

/* What a bit of the filter names */
static const char *port_word(const struct pmu *p)
{
	return p->family == &family_grace_cnvlink ? "remote socket" :
	       p->family == &family_grace_pcie	  ? "root port" :
						    "port";
}

/*
 * nv_cspmu_event_filter(): a 0 filter is programmed as given before v6.14 and captures nothing;
 * from v6.14 (bce61d5c5764) it is the default, every port or socket. A CNVLink rem_socket of
 * its own socket names traffic that never crosses CNVLink.
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	const char *name = filter_name(e->pmu);
	const struct fn_filter *all = e->pmu->family->metric_scope;
	bool given = false;
	uint64_t v = name ? ev_field(e, name, &given) : 0;

	(void)err;
	if (given && !v && all)
		diag_add(warn, "%s: %s=0 counts every %s from v6.14 (bce61d5c5764) and nothing before it (nv_cspmu_event_filter): name them, %s=0x%llx, to count on both",
			 e->event, name, port_word(e->pmu), name, (unsigned long long)all->term[0].value);
	/* every socket (0xf) is "all", as the metrics name it for kernels before v6.14: no bit picked */
	if (given && e->pmu->family == &family_grace_cnvlink && e->pmu->socket >= 0 &&
	    e->pmu->socket < 4 && (v >> e->pmu->socket & 1) && all && v != all->term[0].value)
		diag_add(warn, "%s: rem_socket=0x%llx names socket %d, this PMU's own: its traffic does not cross CNVLink, so that bit adds nothing (" GRACE_DOC ")",
			 e->event, (unsigned long long)v, e->pmu->socket);
	return 0;
}

/* Events of family f that leave its filter out: said once for the plan, as the kernel matters */
static void omitted_filter(const struct plan *set, struct diag *warn, const struct pmu_family *f)
{
	const struct plan_event *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];
		bool given = false;

		if (!e->pmu || e->pmu->family != f || cspmu_is_cycles(e))
			continue;
		ev_field(e, filter_name(e->pmu), &given);
		if (given)
			continue;
		first = first ? first : e;
		n++;
	}
	if (n)
		diag_add(warn, "%zu event%s leave%s %s out (%s%s): that counts every %s from v6.14 (bce61d5c5764) and nothing before it: name them, %s=0x%llx, to count on both (pmuctl's -M metrics do)",
			 n, n == 1 ? "" : "s", n == 1 ? "s" : "", filter_name(first->pmu), first->event,
			 n > 1 ? ", ..." : "", port_word(first->pmu), filter_name(first->pmu),
			 (unsigned long long)f->metric_scope->term[0].value);
}

static void check_plan_pcie(const struct plan *set, struct diag *warn)
{
	omitted_filter(set, warn, &family_grace_pcie);
}

static void check_plan_c2c0(const struct plan *set, struct diag *warn)
{
	omitted_filter(set, warn, &family_grace_nvlink_c2c0);
}

static void check_plan_c2c1(const struct plan *set, struct diag *warn)
{
	omitted_filter(set, warn, &family_grace_nvlink_c2c1);
}

static void check_plan_cnvlink(const struct plan *set, struct diag *warn)
{
	omitted_filter(set, warn, &family_grace_cnvlink);
}

static const struct family_metric scf_metrics[] = {
	{ "grace_scf_mem_rd_bw", "cmem_rd_data * 32 / " NS, "GB/s", "local CPU memory read bandwidth", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_mem_wr_bw", "cmem_wr_total_bytes / " NS, "GB/s", "local CPU memory write bandwidth", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_gmem_rd_bw", "gmem_rd_data * 32 / " NS, "GB/s", "local GPU memory read bandwidth", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_gmem_wr_bw", "gmem_wr_total_bytes / " NS, "GB/s", "local GPU memory write bandwidth", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_remote_rd_bw", "remote_socket_rd_data * 32 / " NS, "GB/s", "read bandwidth from the remote socket's memory", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_remote_wr_bw", "remote_socket_wr_total_bytes / " NS, "GB/s", "write bandwidth to the remote socket's memory", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_mem_rd_latency_cycles", "cmem_rd_outstanding / cmem_rd_access", "cycles", "average local CPU memory read latency (Little's law)", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_RD, "cmem_rd_data * 32 / " NS, "GB/s", "memory read bandwidth of the socket (local CPU memory), as grace_scf_mem_rd_bw", SCF_OWN, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_WR, "cmem_wr_total_bytes / " NS, "GB/s", "memory write bandwidth of the socket (local CPU memory), as grace_scf_mem_wr_bw", SCF_OWN, 0, true, NULL, false, false, DEST_NONE, NULL },
	{ "grace_scf_mem_rd_latency_ns", "(cmem_rd_outstanding / cmem_rd_access) / (cycles / " NS ")", "ns", "average local CPU memory read latency (Little's law)", SCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL },
};

/* A device's DMA reads carry data toward it (link_dir 1), its DMA writes from it (-1) */
static const struct family_metric pcie_metrics[] = {
	{ "grace_pcie_rd_bw", "(rd_bytes_loc + rd_bytes_rem) / " NS, "GB/s", "PCIe read bandwidth of the socket's root ports", MCF_OWN, 1, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_pcie_wr_bw", "(wr_bytes_loc + wr_bytes_rem) / " NS, "GB/s", "PCIe write bandwidth of the socket's root ports", MCF_OWN, -1, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_pcie_rd_bw_remote", "rd_bytes_rem / " NS, "GB/s", "PCIe read bandwidth from the remote socket's memory", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "grace_pcie_wr_bw_remote", "wr_bytes_rem / " NS, "GB/s", "PCIe write bandwidth to the remote socket's memory", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_PCIE_RD, "(rd_bytes_loc + rd_bytes_rem) / " NS, "GB/s", "PCIe read bandwidth: what the socket's devices read, as grace_pcie_rd_bw", MCF_OWN, 1, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_PCIE_WR, "(wr_bytes_loc + wr_bytes_rem) / " NS, "GB/s", "PCIe write bandwidth: what the socket's devices write, as grace_pcie_wr_bw", MCF_OWN, -1, true, NULL, false, false, DEST_NONE, NULL },
	{ "grace_pcie_rd_latency_cycles", "(rd_cum_outs_loc + rd_cum_outs_rem) / (rd_req_loc + rd_req_rem)", "cycles", "average PCIe read latency (Little's law)", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL },
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL },
};

#define LINK_METRICS(id, what)                                                                       \
	{ id "_rd_bw", "(rd_bytes_loc + rd_bytes_rem) / " NS, "GB/s", what " read bandwidth", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL }, \
	{ id "_wr_bw", "(wr_bytes_loc + wr_bytes_rem) / " NS, "GB/s", what " write bandwidth", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL }, \
	{ id "_bw", "(total_bytes_loc + total_bytes_rem) / " NS, "GB/s", what " bandwidth, reads and writes", MCF_OWN, 0, false, NULL, false, false, DEST_NONE, NULL }, \
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL }

static const struct family_metric c2c0_metrics[] = { LINK_METRICS("grace_nvlink_c2c0", "NVLink-C2C0 incoming") };
static const struct family_metric c2c1_metrics[] = { LINK_METRICS("grace_nvlink_c2c1", "NVLink-C2C1 incoming") };
static const struct family_metric cnvlink_metrics[] = { LINK_METRICS("grace_cnvlink", "CNVLink incoming") };

/* nvidia-tegra241-pmu.rst numbers root ports 0-9 and names no lspci function for a bit */
#define ROOT_PORT_UNKNOWN "its root_port bit N is root port N of the socket, and no public source says which lspci root port that is: pmuctl maps no function to it (count the socket's PCIe whole, stat -M grace_pcie_rd_bw --per-socket, or one port by its bit, root_port=0x1)"

static const struct kernel_change changes[] = {
	{ 6, 2, "arm_cspmu and nvidia_cspmu arrive: Grace's SCF, PCIE, NVLink-C2C and CNVLink PMUs",
	  "torvalds/linux e37dfd65731d (\"perf: arm_cspmu: Add support for ARM CoreSight PMU driver\")",
	  "lists what the kernel registers; none before it" },
	{ 6, 14, "a 0 (or omitted) port, root_port or rem_socket filter counts every port; before it, nothing",
	  "torvalds/linux bce61d5c5764 (\"monitor all ports by default\")",
	  "-M metrics name every port, which counts alike on both; a 0 filter is warned" },
	{ 0 },
};

#define GRACE_FAMILY(ident, name, fn, evdocs, list, unmapped, scope, plan_check, serve)            \
	{                                                                                          \
		.id = (ident), .title = (name), .uncore = true, .decode = (fn),                    \
		.location = t410_location, .fields = fields, .detail = detail,                     \
		.event_docs = (evdocs), .format_docs = formats, .check = check,                    \
		.check_plan = (plan_check),                                                        \
		.together = t410_latency_together, .together_key = t410_latency_key,                \
		.own_counter = cspmu_is_cycles, .own_counters = 1,                                 \
		.own_counters_from = CSPMU_CYCLE_COUNTER_FROM,                                     \
		.counters_from = CSPMU_COUNTERS_FROM,                                              \
		.metrics = (list), .map_unknown = (unmapped), .metric_scope = (scope),              \
		.kernel_changes = changes, .serve_metrics = (serve),                               \
	}

const struct pmu_family family_grace_scf =
	GRACE_FAMILY("grace_scf", "NVIDIA Grace SCF", decode_scf, scf_events, scf_metrics, NULL, NULL, NULL,
		     ACROSS_MEM_RD "," ACROSS_MEM_WR);
const struct pmu_family family_grace_pcie =
	GRACE_FAMILY("grace_pcie", "NVIDIA Grace PCIE", decode_pcie, mcf_events, pcie_metrics, ROOT_PORT_UNKNOWN, &all_root_ports, check_plan_pcie,
		     ACROSS_PCIE_RD "," ACROSS_PCIE_WR);
const struct pmu_family family_grace_nvlink_c2c0 =
	GRACE_FAMILY("grace_nvlink_c2c0", "NVIDIA Grace NVLink-C2C0", decode_c2c0, mcf_events, c2c0_metrics, NULL, &all_c2c_ports, check_plan_c2c0, NULL);
const struct pmu_family family_grace_nvlink_c2c1 =
	GRACE_FAMILY("grace_nvlink_c2c1", "NVIDIA Grace NVLink-C2C1", decode_c2c1, mcf_events, c2c1_metrics, NULL, &all_c2c_ports, check_plan_c2c1, NULL);
const struct pmu_family family_grace_cnvlink =
	GRACE_FAMILY("grace_cnvlink", "NVIDIA Grace CNVLink", decode_cnvlink, mcf_events, cnvlink_metrics, NULL, &all_rem_sockets, check_plan_cnvlink, NULL);
