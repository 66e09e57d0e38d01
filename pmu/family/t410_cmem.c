// SPDX-License-Identifier: GPL-2.0
/* Tegra410 CMEM latency PMU: CPU memory read latency of a socket (nvidia_cmem_latency_pmu_<s>). */
#include <errno.h>
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

static bool decode(struct pmu *p)
{
	return t410_decode(p, "nvidia_cmem_latency_pmu_", false);
}

static const struct catalog_entry events[] = {
	{ "rd_req", "count read requests (32B per request)" },
	{ "rd_cum_outs", "accumulated outstanding request counter: cycles the read requests are in flight" },
	{ "cycles", "counts the number of elapsed cycles" },
	{ NULL, NULL },
};

/* The CMEM latency driver answers (config & 0x3) >= 3 with -ENOENT */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];

	(void)warn;
	if ((e->config[0] & 3) < 3)
		return 0;
	return rule_err(err, e, -ENOENT,
			"event 0x3 on '%s': the CMEM latency PMU has cycles (0x0), rd_req (0x1) and rd_cum_outs (0x2)",
			e->pmu->name);
}

static const struct family_metric doc_metrics[] = {
	/* CMEM latency: RD_REQ counts 32-byte requests */
	{ "t410_cmem_rd_latency_cycles", "rd_cum_outs / rd_req", "cycles", "average CPU memory read latency", T410_DOC " (CMEM latency)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_cmem_rd_latency_ns", "(rd_cum_outs / rd_req) / (cycles / " T410_NS ")", "ns", "average CPU memory read latency", T410_DOC " (CMEM latency)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_cmem_rd_bw", "rd_req * 32 / " T410_NS, "GB/s", "CPU memory read bandwidth, derived by pmuctl: the document defines no bandwidth here, but says RD_REQ counts \"read requests (32B per request)\"", "pmuctl, derived from " T410_DOC " (CMEM latency: 32B per RD_REQ)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ "t410_cmem_freq", "cycles / " T410_NS, "GHz", "CMEM latency PMU clock (FREQ_IN_GHZ)", T410_DOC " (CMEM latency)", 0, false, NULL, false, false, DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HID NVDA2021, nvidia_t410_cmem_latency_pmu.c */
static const struct family_hardware hardware = {
	.platform = "NVDA2021:",
	.module = "nvidia_t410_cmem_latency_pmu",
	.config = "CONFIG_NVIDIA_TEGRA410_CMEM_LATENCY_PMU",
	.since = "drivers/perf/nvidia_t410_cmem_latency_pmu.c, upstream at torvalds/linux c43267e6794a",
};

const struct pmu_family family_t410_cmem = {
	.id = "t410_cmem_latency",
	.doc_metrics = doc_metrics,
	.title = "NVIDIA Tegra410 CMEM latency",
	.uncore = true,
	.decode = decode,
	.location = t410_location,
	.event_docs = events,
	.check = check,
	.together = t410_latency_together,
	.together_key = t410_latency_key,
	.hardware = &hardware,
	.kernel_changes = t410_new_pmus,
};
