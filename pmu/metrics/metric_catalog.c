// SPDX-License-Identifier: GPL-2.0
/* Every formula of the documents, named <family>_<what>; time is duration_time in seconds. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/suggest.h"
#include "pmu/family/family.h"
#include "pmu/metrics/metric.h"

#define T410_DOC "nvidia-tegra410-pmu.rst"
#define NS "(duration_time * 1e9)"	/* ELAPSED_TIME_IN_NS */
#define YITIAN_PERF "perf tools/perf/pmu-events/arch/arm64/freescale/yitian710/sys/metrics.json"
#define YITIAN_OWN "pmuctl, on the formula of perf's yitian710/sys/metrics.json (alibaba_pmu.rst: 64-byte HIF commands)"

struct metric_def {
	const char *name, *family, *expr, *unit, *description, *source, *filter;
	bool total_only;
	bool filter_kept;	/* struct metric's */
	int link_dir;
	enum metric_destination destination;	/* struct metric's */
};

static const struct metric_def catalog[] = {
	/* UCF: AVG_*_BANDWIDTH_IN_GBPS = BYTES / ELAPSED_TIME_IN_NS; AVG_*_REQUEST_RATE = ACCESS / CYCLES */
	{ "t410_ucf_slc_rd_bw", "t410_ucf", "slc_bytes_rd / " NS, "GB/s", "SLC read bandwidth", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_slc_wr_bw", "t410_ucf", "slc_bytes_wr / " NS, "GB/s", "SLC write bandwidth", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_mem_rd_bw", "t410_ucf", "mem_bytes_rd / " NS, "GB/s", "memory read bandwidth", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_mem_wr_bw", "t410_ucf", "mem_bytes_wr / " NS, "GB/s", "memory write bandwidth", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_slc_rd_req_rate", "t410_ucf", "slc_access_rd / cycles", "req/cycle", "SLC read requests per cycle", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_slc_wr_req_rate", "t410_ucf", "slc_access_wr / cycles", "req/cycle", "SLC write requests per cycle", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_mem_rd_req_rate", "t410_ucf", "mem_access_rd / cycles", "req/cycle", "memory read requests per cycle", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	{ "t410_ucf_mem_wr_req_rate", "t410_ucf", "mem_access_wr / cycles", "req/cycle", "memory write requests per cycle", T410_DOC " (UCF)", NULL, false, false, 0, DEST_NONE },
	/*
	 * The SLC bandwidths of the socket's non-CPU initiators (PCIe devices, GPUs) by destination:
	 * pmuctl's, the document's formula with its src_loc_noncpu and dst_* filters, the socket's
	 * whole of what --per-device --by-destination splits per device
	 */
#define T410_UCF_DST(dir, what, term, text, dest)                                                    \
	{ "t410_ucf_noncpu_" #dir "_bw_" what, "t410_ucf", "slc_bytes_" #dir " / " NS, "GB/s",      \
	  "SLC " text " by the socket's non-CPU devices (PCIe, GPU)",                                \
	  "pmuctl, on " T410_DOC " (UCF: AVG_SLC_*_BANDWIDTH with src_loc_noncpu and " term ")",    \
	  "src_loc_noncpu=1," term "=1", false, false, 0, dest }
	T410_UCF_DST(rd, "cmem", "dst_loc_cmem", "reads from local CPU memory", DEST_LOCAL),
	T410_UCF_DST(rd, "gmem", "dst_loc_gmem", "reads from local GPU memory", DEST_LOCAL),
	T410_UCF_DST(rd, "cxl", "dst_loc_other", "reads from local CXL memory", DEST_LOCAL),
	T410_UCF_DST(rd, "remote", "dst_rem", "reads from the remote socket's memory", DEST_REMOTE),
	T410_UCF_DST(wr, "cmem", "dst_loc_cmem", "writes to local CPU memory", DEST_LOCAL),
	T410_UCF_DST(wr, "gmem", "dst_loc_gmem", "writes to local GPU memory", DEST_LOCAL),
	T410_UCF_DST(wr, "cxl", "dst_loc_other", "writes to local CXL memory", DEST_LOCAL),
	T410_UCF_DST(wr, "remote", "dst_rem", "writes to the remote socket's memory", DEST_REMOTE),
#undef T410_UCF_DST
	/* PCIE; a device's DMA reads carry data toward it (link_dir 1), its DMA writes from it (-1) */
	{ "t410_pcie_rd_bw", "t410_pcie", "rd_bytes / " NS, "GB/s", "PCIe read bandwidth of the RC", T410_DOC " (PCIE)", NULL, false, false, 1, DEST_NONE },
	{ "t410_pcie_wr_bw", "t410_pcie", "wr_bytes / " NS, "GB/s", "PCIe write bandwidth of the RC", T410_DOC " (PCIE)", NULL, false, false, -1, DEST_NONE },
	/*
	 * The same by destination (the PCIE PMU's dst_* filters, by the address's home socket):
	 * local CPU memory, local GPU memory, a local peer, local CXL memory, the remote socket
	 */
#define T410_PCIE_DST(dir, what, term, text, link, dest)                                             \
	{ "t410_pcie_" #dir "_bw_" what, "t410_pcie", #dir "_bytes / " NS, "GB/s",                   \
	  "PCIe " text, T410_DOC " (PCIE: destination filter " term ")", term "=1", false, true, link, dest }
	T410_PCIE_DST(rd, "cmem", "dst_loc_cmem", "read bandwidth from local CPU memory", 1, DEST_LOCAL),
	T410_PCIE_DST(rd, "gmem", "dst_loc_gmem", "read bandwidth from local GPU memory", 1, DEST_LOCAL),
	T410_PCIE_DST(rd, "p2p", "dst_loc_pcie_p2p", "read bandwidth from local PCIe peers", 1, DEST_LOCAL),
	T410_PCIE_DST(rd, "cxl", "dst_loc_pcie_cxl", "read bandwidth from local CXL memory", 1, DEST_LOCAL),
	T410_PCIE_DST(rd, "remote", "dst_rem", "read bandwidth from the remote socket's memory", 1, DEST_REMOTE),
	T410_PCIE_DST(wr, "cmem", "dst_loc_cmem", "write bandwidth to local CPU memory", -1, DEST_LOCAL),
	T410_PCIE_DST(wr, "gmem", "dst_loc_gmem", "write bandwidth to local GPU memory", -1, DEST_LOCAL),
	T410_PCIE_DST(wr, "p2p", "dst_loc_pcie_p2p", "write bandwidth to local PCIe peers", -1, DEST_LOCAL),
	T410_PCIE_DST(wr, "cxl", "dst_loc_pcie_cxl", "write bandwidth to local CXL memory", -1, DEST_LOCAL),
	T410_PCIE_DST(wr, "remote", "dst_rem", "write bandwidth to the remote socket's memory", -1, DEST_REMOTE),
#undef T410_PCIE_DST
	{ "t410_pcie_rd_req_rate", "t410_pcie", "rd_req / cycles", "req/cycle", "PCIe read requests per cycle", T410_DOC " (PCIE)", NULL, false, false, 0, DEST_NONE },
	{ "t410_pcie_wr_req_rate", "t410_pcie", "wr_req / cycles", "req/cycle", "PCIe write requests per cycle", T410_DOC " (PCIE)", NULL, false, false, 0, DEST_NONE },
	{ "t410_pcie_freq", "t410_pcie", "cycles / " NS, "GHz", "PCIe RC clock (FREQ_IN_GHZ)", T410_DOC " (PCIE)", NULL, false, false, 0, DEST_NONE },
	{ "t410_pcie_rd_latency_cycles", "t410_pcie", "rd_cum_outs / rd_req", "cycles", "average PCIe read latency", T410_DOC " (PCIE)", NULL, false, false, 0, DEST_NONE },
	{ "t410_pcie_rd_latency_ns", "t410_pcie", "(rd_cum_outs / rd_req) / (cycles / " NS ")", "ns", "average PCIe read latency", T410_DOC " (PCIE)", NULL, false, false, 0, DEST_NONE },
	/* PCIE-TGT */
	{ "t410_pcie_tgt_rd_bw", "t410_pcie_tgt", "rd_bytes / " NS, "GB/s", "read bandwidth to PCIe BARs / CXL HDM", T410_DOC " (PCIE-TGT)", NULL, false, false, -1, DEST_NONE },
	{ "t410_pcie_tgt_wr_bw", "t410_pcie_tgt", "wr_bytes / " NS, "GB/s", "write bandwidth to PCIe BARs / CXL HDM", T410_DOC " (PCIE-TGT)", NULL, false, false, 1, DEST_NONE },
	{ "t410_pcie_tgt_rd_req_rate", "t410_pcie_tgt", "rd_req / cycles", "req/cycle", "read requests per cycle", T410_DOC " (PCIE-TGT)", NULL, false, false, 0, DEST_NONE },
	{ "t410_pcie_tgt_wr_req_rate", "t410_pcie_tgt", "wr_req / cycles", "req/cycle", "write requests per cycle", T410_DOC " (PCIE-TGT)", NULL, false, false, 0, DEST_NONE },
	/* CMEM latency: RD_REQ counts 32-byte requests */
	{ "t410_cmem_rd_latency_cycles", "t410_cmem_latency", "rd_cum_outs / rd_req", "cycles", "average CPU memory read latency", T410_DOC " (CMEM latency)", NULL, false, false, 0, DEST_NONE },
	{ "t410_cmem_rd_latency_ns", "t410_cmem_latency", "(rd_cum_outs / rd_req) / (cycles / " NS ")", "ns", "average CPU memory read latency", T410_DOC " (CMEM latency)", NULL, false, false, 0, DEST_NONE },
	{ "t410_cmem_rd_bw", "t410_cmem_latency", "rd_req * 32 / " NS, "GB/s", "CPU memory read bandwidth, derived by pmuctl: the document defines no bandwidth here, but says RD_REQ counts \"read requests (32B per request)\"", "pmuctl, derived from " T410_DOC " (CMEM latency: 32B per RD_REQ)", NULL, false, false, 0, DEST_NONE },
	{ "t410_cmem_freq", "t410_cmem_latency", "cycles / " NS, "GHz", "CMEM latency PMU clock (FREQ_IN_GHZ)", T410_DOC " (CMEM latency)", NULL, false, false, 0, DEST_NONE },
	/* NVLink-C2C */
	{ "t410_c2c_freq", "t410_nvlink_c2c", "cycles / " NS, "GHz", "C2C interface clock (C2C_FREQ_IN_GHZ)", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_in_rd_latency_cycles", "t410_nvlink_c2c", "in_rd_cum_outs / in_rd_req", "cycles", "inbound read latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_in_rd_latency_ns", "t410_nvlink_c2c", "(in_rd_cum_outs / in_rd_req) / (cycles / " NS ")", "ns", "inbound read latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_in_wr_latency_cycles", "t410_nvlink_c2c", "in_wr_cum_outs / in_wr_req", "cycles", "inbound write latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_in_wr_latency_ns", "t410_nvlink_c2c", "(in_wr_cum_outs / in_wr_req) / (cycles / " NS ")", "ns", "inbound write latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_out_rd_latency_cycles", "t410_nvlink_c2c", "out_rd_cum_outs / out_rd_req", "cycles", "outbound read latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_out_rd_latency_ns", "t410_nvlink_c2c", "(out_rd_cum_outs / out_rd_req) / (cycles / " NS ")", "ns", "outbound read latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_out_wr_latency_cycles", "t410_nvlink_c2c", "out_wr_cum_outs / out_wr_req", "cycles", "outbound write latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	{ "t410_c2c_out_wr_latency_ns", "t410_nvlink_c2c", "(out_wr_cum_outs / out_wr_req) / (cycles / " NS ")", "ns", "outbound write latency", T410_DOC " (NVLink-C2C)", NULL, false, false, 0, DEST_NONE },
	/* NV-CLink, NV-DLink */
	{ "t410_clink_freq", "t410_nvclink", "cycles / " NS, "GHz", "NV-CLink interface clock (CLINK_FREQ_IN_GHZ)", T410_DOC " (NV-CLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_clink_in_rd_latency_cycles", "t410_nvclink", "in_rd_cum_outs / in_rd_req", "cycles", "inbound read latency", T410_DOC " (NV-CLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_clink_in_rd_latency_ns", "t410_nvclink", "(in_rd_cum_outs / in_rd_req) / (cycles / " NS ")", "ns", "inbound read latency", T410_DOC " (NV-CLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_clink_out_rd_latency_cycles", "t410_nvclink", "out_rd_cum_outs / out_rd_req", "cycles", "outbound read latency", T410_DOC " (NV-CLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_clink_out_rd_latency_ns", "t410_nvclink", "(out_rd_cum_outs / out_rd_req) / (cycles / " NS ")", "ns", "outbound read latency", T410_DOC " (NV-CLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_dlink_freq", "t410_nvdlink", "cycles / " NS, "GHz", "NV-DLink interface clock (DLINK_FREQ_IN_GHZ)", T410_DOC " (NV-DLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_dlink_in_rd_latency_cycles", "t410_nvdlink", "in_rd_cum_outs / in_rd_req", "cycles", "inbound read latency", T410_DOC " (NV-DLink)", NULL, false, false, 0, DEST_NONE },
	{ "t410_dlink_in_rd_latency_ns", "t410_nvdlink", "(in_rd_cum_outs / in_rd_req) / (cycles / " NS ")", "ns", "inbound read latency", T410_DOC " (NV-DLink)", NULL, false, false, 0, DEST_NONE },
	/*
	 * Yitian 710 DRW: the .all metrics are perf's, name and formula; the per-sub-channel ones
	 * and the clock are pmuctl's, on the same formula. alibaba_pmu.rst's DDRC_Freq / DDRC_Cycle
	 * form needs a clock sysfs does not give: cycle / duration_time measures it instead.
	 */
	{ "ddr_read_bandwidth", "yitian_drw", "hif_rd * 64 / 1e6 / duration_time", "MB/s", "DDR read bandwidth of a sub-channel (pmuctl's: perf's ddr_read_bandwidth.all per PMU)", YITIAN_OWN, NULL, false, false, 0, DEST_NONE },
	{ "ddr_write_bandwidth", "yitian_drw", "(hif_wr + hif_rmw) * 64 / 1e6 / duration_time", "MB/s", "DDR write bandwidth of a sub-channel (pmuctl's: perf's ddr_write_bandwidth.all per PMU)", YITIAN_OWN, NULL, false, false, 0, DEST_NONE },
	{ "ddr_read_bandwidth.all", "yitian_drw", "hif_rd * 64 / 1e6 / duration_time", "MB/s", "The ddr read bandwidth(MB/s).", YITIAN_PERF, NULL, true, false, 0, DEST_NONE },
	{ "ddr_write_bandwidth.all", "yitian_drw", "(hif_wr + hif_rmw) * 64 / 1e6 / duration_time", "MB/s", "The ddr write bandwidth(MB/s).", YITIAN_PERF, NULL, true, false, 0, DEST_NONE },
	{ "ddr_clock", "yitian_drw", "cycle / 1e6 / duration_time", "MHz", "DDRC clock, measured: the DDRC_Freq of alibaba_pmu.rst's bandwidth formula (pmuctl's)", YITIAN_OWN, NULL, false, false, 0, DEST_NONE },
	/* BlueField (mlxbf-pmc): event names of the block's event_list */
	{ "bf_l3c_hit_rate", "bluefield_l3cache", "(HITS_BANK0 + HITS_BANK1) * 100 / (HITS_BANK0 + HITS_BANK1 + MISSES_BANK0 + MISSES_BANK1)", "%", "L3 cache hit rate of a half", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_tile_mem_reads", "bluefield_tile", "MEMORY_READS / duration_time", "1/s", "reads to MSS per second, per tile", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_tile_mem_writes", "bluefield_tile", "MEMORY_WRITES / duration_time", "1/s", "writes to MSS per second, per tile", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_pcie_in_bytes", "bluefield_pcie", "(IN_P_BYTE_CNT + IN_NP_BYTE_CNT + IN_C_BYTE_CNT) / 1e6 / duration_time", "MB/s", "PCIe TLR incoming bytes", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_pcie_out_bytes", "bluefield_pcie", "(OUT_P_BYTE_CNT + OUT_NP_BYTE_CNT + OUT_C_BYTE_CNT) / 1e6 / duration_time", "MB/s", "PCIe TLR outgoing bytes", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_pcie_in_pkts", "bluefield_pcie", "(IN_P_PKT_CNT + IN_NP_PKT_CNT + IN_C_PKT_CNT) / duration_time", "1/s", "PCIe TLR incoming packets", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
	{ "bf_pcie_out_pkts", "bluefield_pcie", "(OUT_P_PKT_CNT + OUT_NP_PKT_CNT + OUT_C_PKT_CNT) / duration_time", "1/s", "PCIe TLR outgoing packets", "BlueField BSP: performance monitoring counters", NULL, false, false, 0, DEST_NONE },
};

static int add(struct metric_list *l, const char *name, const char *family, const char *expr,
	       const char *unit, const char *desc, const char *source, const char *filter,
	       bool total_only)
{
	struct metric *v = realloc(l->v, (l->n + 1) * sizeof(*v));
	struct metric *m;

	if (!v)
		return -ENOMEM;
	l->v = v;
	m = &v[l->n];
	memset(m, 0, sizeof(*m));
	m->name = strdup(name);
	m->family = strdup(family);
	m->expr = strdup(expr);
	m->unit = strdup(unit ? unit : "");
	m->description = strdup(desc ? desc : "");
	m->source = strdup(source ? source : "");
	m->filter = filter ? strdup(filter) : NULL;
	m->total_only = total_only;
	l->n++;
	if (!m->name || !m->family || !m->expr || !m->unit || !m->description || !m->source)
		return -ENOMEM;
	return 0;
}

/*
 * hns3-pmu.rst: counter 0 / counter 1, the time in cycles of hw_clk_freq, taken as Hz (the
 * document gives no unit; the driver prints the register as it is). The kind comes from the
 * counter 0 name: _byte_num bandwidth, _packet_num packets, _intr_num interrupts.
 */
static int add_hns3(struct metric_list *l, const struct hns3_pair *p)
{
	char name[96], expr[256], desc[256];
	const char *unit;

	snprintf(name, sizeof(name), "hns3_%s", p->base);
	if (!strncmp(p->base, "bw_", 3)) {
		snprintf(expr, sizeof(expr), "%s / %s * hw_clk_freq / 1e6", p->counter0, p->counter1);
		unit = "MB/s";
		snprintf(desc, sizeof(desc), "bandwidth (%s / %s, cycles at hw_clk_freq in Hz)", p->counter0, p->counter1);
	} else if (!strncmp(p->base, "dly_", 4)) {
		snprintf(expr, sizeof(expr), "%s / %s / hw_clk_freq * 1e9", p->counter0, p->counter1);
		unit = "ns";
		snprintf(desc, sizeof(desc), "latency (%s / %s, cycles at hw_clk_freq in Hz)", p->counter0, p->counter1);
	} else if (strstr(p->counter0, "_intr_num")) {
		snprintf(expr, sizeof(expr), "%s / %s * hw_clk_freq", p->counter0, p->counter1);
		unit = "1/s";
		snprintf(desc, sizeof(desc), "interrupt rate (%s / %s, cycles at hw_clk_freq in Hz)", p->counter0, p->counter1);
	} else {
		snprintf(expr, sizeof(expr), "%s / %s * hw_clk_freq", p->counter0, p->counter1);
		unit = "packets/s";
		snprintf(desc, sizeof(desc), "packet rate (%s / %s, cycles at hw_clk_freq in Hz)", p->counter0, p->counter1);
	}
	return add(l, name, "hns3", expr, unit, desc, "hns3-pmu.rst", "global=1", false);
}

int metric_catalog(struct metric_list *out)
{
	int ret = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < sizeof(catalog) / sizeof(catalog[0]) && !ret; i++) {
		const struct metric_def *d = &catalog[i];

		ret = add(out, d->name, d->family, d->expr, d->unit, d->description, d->source,
			  d->filter, d->total_only);
		if (!ret) {
			out->v[out->n - 1].link_dir = d->link_dir;
			out->v[out->n - 1].filter_kept = d->filter_kept;
			out->v[out->n - 1].destination = d->destination;
		}
	}
	for (size_t i = 0; i < hns3_npairs && !ret; i++)
		ret = add_hns3(out, &hns3_pairs[i]);
	for (const struct pmu_family *const *f = pmu_families; *f && !ret; f++)
		for (const struct family_metric *d = (*f)->metrics; d && d->name && !ret; d++) {
			ret = add(out, d->name, (*f)->id, d->expr, d->unit, d->description, d->source,
				  NULL, false);
			if (!ret) {
				out->v[out->n - 1].link_dir = d->link_dir;
				out->v[out->n - 1].across = d->across;
			}
		}
	if (ret)
		metric_list_free(out);
	return ret;
}

void metric_list_free(struct metric_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		struct metric *m = &l->v[i];

		free(m->name);
		free(m->family);
		free(m->expr);
		free(m->unit);
		free(m->description);
		free(m->source);
		free(m->filter);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void metric_suggest(const struct metric_list *ml, struct suggest *sg)
{
	for (size_t i = 0; i < ml->n; i++) {
		suggest_offer(sg, ml->v[i].name);
		suggest_offer(sg, ml->v[i].family);
	}
}

int metric_select(const struct metric_list *ml, const char *list, bool *selected, struct diag *unknown,
		  struct err_report *err)
{
	char *copy, *save = NULL;

	/* strtok would skip empty names: "-M ''" must not quietly mean no metric */
	if (!*list || *list == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,"))
		return err_set(err, -EINVAL,
				   "empty metric name in -M '%s': give names or globs separated by single commas",
				   list);
	copy = strdup(list);
	if (!copy)
		return err_set(err, -ENOMEM, "out of memory");
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool any = false;

		for (size_t i = 0; i < ml->n; i++) {
			/*
			 * a family id: its metrics of all traffic under its own names; the splits by
			 * destination and the names shared across families by name
			 */
			if (!fnmatch(tok, ml->v[i].name, 0) ||
			    (!strcmp(tok, ml->v[i].family) && !ml->v[i].destination && !ml->v[i].across)) {
				selected[i] = true;
				any = true;
			}
		}
		if (!any) {
			struct suggest sg;
			char near[256];

			suggest_init(&sg, tok);
			metric_suggest(ml, &sg);
			diag_add(unknown, "unknown metric '%s'%s; pmuctl list --metrics --all shows them", tok,
				 suggest_text(&sg, near, sizeof(near)));
		}
	}
	free(copy);
	return unknown->n ? err_set(err, -ENOENT, "%s", unknown->msg[0]) : 0;
}

bool metric_name_is_clock(const char *name)
{
	return !strcmp(name, "cycles") || !strcmp(name, "cycle") || !strcmp(name, "CYCLES") ||
	       !strcmp(name, "hw_clk_freq");
}
