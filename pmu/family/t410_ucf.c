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
static const struct family_metric metrics[] = {
	{ ACROSS_MEM_RD, "mem_bytes_rd / " ACROSS_NS, "GB/s", "memory read bandwidth of the socket", T410_DOC " (UCF), as t410_ucf_mem_rd_bw", 0, true },
	{ ACROSS_MEM_WR, "mem_bytes_wr / " ACROSS_NS, "GB/s", "memory write bandwidth of the socket", T410_DOC " (UCF), as t410_ucf_mem_wr_bw", 0, true },
	{ NULL, NULL, NULL, NULL, NULL, 0, false },
};

const struct pmu_family family_t410_ucf = {
	.id = "t410_ucf",
	.title = "NVIDIA Tegra410 UCF",
	.uncore = true,
	.decode = decode,
	.location = t410_location,
	.event_docs = events,
	.format_docs = formats,
	.metrics = metrics,
};
