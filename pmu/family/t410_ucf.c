// SPDX-License-Identifier: GPL-2.0
/* Tegra410 UCF PMU: the unified coherence fabric of a socket (nvidia_ucf_pmu_<socket>). */
#include "pmu/family/t410.h"
#include "pmu/pmu.h"

static bool decode(struct pmu *p)
{
	return t410_decode(p, "nvidia_ucf_pmu_", false);
}

static const struct catalog_entry events[] = {
	{ "slc_access_rd", "count the number of read requests to SLC" },
	{ "slc_access_wr", "count the number of write requests to SLC" },
	{ "slc_bytes_rd", "count the number of bytes transferred by slc_access_rd" },
	{ "slc_bytes_wr", "count the number of bytes transferred by slc_access_wr" },
	{ "mem_access_rd", "count the number of read requests to local or remote memory" },
	{ "mem_access_wr", "count the number of write requests to local or remote memory" },
	{ "mem_bytes_rd", "count the number of bytes transferred by mem_access_rd" },
	{ "mem_bytes_wr", "count the number of bytes transferred by mem_access_wr" },
	{ "cycles", "counts the UCF cycles" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "event", "event id" },
	{ "src_loc_cpu", "if set, count events from local CPU" },
	{ "src_loc_noncpu", "if set, count events from local non-CPU device" },
	{ "src_rem", "if set, count events from CPU, GPU, PCIE devices of remote socket" },
	{ "dst_loc_cmem", "if set, count events to local system memory (CMEM) address" },
	{ "dst_loc_gmem", "if set, count events to local GPU memory (GMEM) address" },
	{ "dst_loc_other", "if set, count events to local CXL memory address" },
	{ "dst_rem", "if set, count events to CPU, GPU, and CXL memory address of remote socket" },
	{ NULL, NULL },
};

/* The names every memory family shares: t410_ucf_mem_rd_bw's and t410_ucf_mem_wr_bw's formulas */
static const struct family_metric doc_metrics[] = {
	/* UCF: AVG_*_BANDWIDTH_IN_GBPS = BYTES / ELAPSED_TIME_IN_NS; AVG_*_REQUEST_RATE = ACCESS / CYCLES */
	{ "t410_ucf_slc_rd_bw", "slc_bytes_rd / " T410_NS, "GB/s", "SLC read bandwidth", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_slc_wr_bw", "slc_bytes_wr / " T410_NS, "GB/s", "SLC write bandwidth", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_mem_rd_bw", "mem_bytes_rd / " T410_NS, "GB/s", "memory read bandwidth", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_mem_wr_bw", "mem_bytes_wr / " T410_NS, "GB/s", "memory write bandwidth", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_slc_rd_req_rate", "slc_access_rd / cycles", "req/cycle", "SLC read requests per cycle", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_slc_wr_req_rate", "slc_access_wr / cycles", "req/cycle", "SLC write requests per cycle", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_mem_rd_req_rate", "mem_access_rd / cycles", "req/cycle", "memory read requests per cycle", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_ucf_mem_wr_req_rate", "mem_access_wr / cycles", "req/cycle", "memory write requests per cycle", T410_DOC " (UCF)", 0, false, NULL, false, false, DEST_NONE, NULL },
	/*
	 * The SLC bandwidths of the socket's non-CPU initiators (PCIe devices, GPUs) by destination:
	 * pmuctl's, the document's formula with its src_loc_noncpu and dst_* filters, the socket's
	 * whole of what --per-device --by-destination splits per device
	 */
#define T410_UCF_DST(dir, what, term, text, dest)                                                    \
	{ "t410_ucf_noncpu_" #dir "_bw_" what, "slc_bytes_" #dir " / " T410_NS, "GB/s",                  \
	  "SLC " text " by the socket's non-CPU devices (PCIe, GPU)",                                \
	  "pmuctl, on " T410_DOC " (UCF: AVG_SLC_*_BANDWIDTH with src_loc_noncpu and " term ")",    \
	  0, false, "src_loc_noncpu=1," term "=1", false, false, dest, NULL }
	T410_UCF_DST(rd, "cmem", "dst_loc_cmem", "reads from local CPU memory", DEST_LOCAL),
	T410_UCF_DST(rd, "gmem", "dst_loc_gmem", "reads from local GPU memory", DEST_LOCAL),
	T410_UCF_DST(rd, "cxl", "dst_loc_other", "reads from local CXL memory", DEST_LOCAL),
	T410_UCF_DST(rd, "remote", "dst_rem", "reads from the remote socket's memory", DEST_REMOTE),
	T410_UCF_DST(wr, "cmem", "dst_loc_cmem", "writes to local CPU memory", DEST_LOCAL),
	T410_UCF_DST(wr, "gmem", "dst_loc_gmem", "writes to local GPU memory", DEST_LOCAL),
	T410_UCF_DST(wr, "cxl", "dst_loc_other", "writes to local CXL memory", DEST_LOCAL),
	T410_UCF_DST(wr, "remote", "dst_rem", "writes to the remote socket's memory", DEST_REMOTE),
#undef T410_UCF_DST
	{ 0 },
};

static const struct family_metric metrics[] = {
	{ ACROSS_MEM_RD, "mem_bytes_rd / " ACROSS_NS, "GB/s", "memory read bandwidth of the socket", T410_DOC " (UCF), as t410_ucf_mem_rd_bw", 0, true, NULL, false, false, DEST_NONE, NULL },
	{ ACROSS_MEM_WR, "mem_bytes_wr / " ACROSS_NS, "GB/s", "memory write bandwidth of the socket", T410_DOC " (UCF), as t410_ucf_mem_wr_bw", 0, true, NULL, false, false, DEST_NONE, NULL },
	{ NULL, NULL, NULL, NULL, NULL, 0, false, NULL, false, false, DEST_NONE, NULL },
};

const struct pmu_family family_t410_ucf = {
	.id = "t410_ucf",
	.title = "NVIDIA Tegra410 UCF",
	.uncore = true,
	.counters_from = CSPMU_COUNTERS_FROM,
	.decode = decode,
	.location = t410_location,
	.event_docs = events,
	.format_docs = formats,
	.metrics = metrics,
	.doc_metrics = doc_metrics,
	.serve_metrics = ACROSS_MEM_RD "," ACROSS_MEM_WR,
};
