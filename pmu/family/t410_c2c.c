// SPDX-License-Identifier: GPL-2.0
/*
 * Tegra410 C2C PMUs (nvidia_t410_c2c_pmu.c): NVLink-C2C to a GPU or another SoC, NV-CLink
 * to another SoC, NV-DLink to CXL memory. One driver, three names, one set of rules.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

static bool decode_c2c(struct pmu *p)
{
	return t410_decode(p, "nvidia_nvlink_c2c_pmu_", false);
}

static bool decode_clink(struct pmu *p)
{
	return t410_decode(p, "nvidia_nvclink_pmu_", false);
}

static bool decode_dlink(struct pmu *p)
{
	return t410_decode(p, "nvidia_nvdlink_pmu_", false);
}

static void read_extra(const struct sysroot *dir, const struct sysroot *machine, struct pmu *p,
		       struct diag *diag)
{
	(void)machine;
	(void)diag;
	family_read_peer(dir, p);
}

static const char *peer_name(enum pmu_peer k)
{
	switch (k) {
	case PEER_GPU:
		return "gpu";
	case PEER_CPU:
		return "cpu";
	case PEER_CXLMEM:
		return "cxlmem";
	default:
		return "none";
	}
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	out[0] = (struct pmu_field){ .key = "peer", .kind = FIELD_TEXT, .text = p->peer,
				     .null = !p->peer };
	out[1] = (struct pmu_field){ .key = "peer_kind", .kind = FIELD_TEXT,
				     .text = peer_name(p->peer_kind) };
	out[2] = (struct pmu_field){ .key = "peer_count", .kind = FIELD_INT, .num = p->peer_count };
	return 3;
}

static const struct catalog_entry events[] = {
	{ "in_rd_cum_outs", "accumulated outstanding request (in cycles) of incoming read requests" },
	{ "in_rd_req", "the number of incoming read requests" },
	{ "in_wr_cum_outs", "accumulated outstanding request (in cycles) of incoming write requests" },
	{ "in_wr_req", "the number of incoming write requests" },
	{ "out_rd_cum_outs", "accumulated outstanding request (in cycles) of outgoing read requests" },
	{ "out_rd_req", "the number of outgoing read requests" },
	{ "out_wr_cum_outs", "accumulated outstanding request (in cycles) of outgoing write requests" },
	{ "out_wr_req", "the number of outgoing write requests" },
	{ "cycles", "interface cycle counts" },
	{ NULL, NULL },
};

static const struct catalog_entry dlink_events[] = {
	{ "in_rd_cum_outs", "accumulated outstanding read requests (in cycles) to CXL memory" },
	{ "in_rd_req", "the number of read requests to CXL memory" },
	{ "cycles", "NV-DLINK interface cycle counts" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "event", "event id" },
	{ "gpu_mask", "filter traffic to/from specific GPU(s): bit N = GPU N; all GPUs when not given" },
	{ NULL, NULL },
};

/*
 * nvidia_t410_c2c_pmu.c refuses only ids of 9 and above (-ENOENT); it masks gpu_mask to the
 * GPUs it has and opens any lower id on any peer, where T410_DOC says some count nothing
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	const struct pmu *p = e->pmu;
	uint64_t id = e->config[0] & 0xff, gpu_mask;
	bool given;

	if (id >= 9)
		return rule_err(err, e, -ENOENT,
				"event id 0x%llx on '%s': the C2C PMUs have events 0x0-0x8 only (the driver's event_init answers ENOENT)",
				(unsigned long long)id, p->name);
	gpu_mask = ev_field(e, "gpu_mask", &given);
	if (given && p->peer_kind == PEER_GPU && p->peer_count > 0 && p->peer_count < 64 &&
	    gpu_mask >> p->peer_count)
		diag_add(warn, "%s: gpu_mask=0x%llx names a GPU beyond the %d connected (peer: %s): the driver masks it to 0x%llx",
			 e->event, (unsigned long long)gpu_mask, p->peer_count, p->peer,
			 (unsigned long long)(gpu_mask & ((1ull << p->peer_count) - 1)));
	if (p->family == &family_t410_nvdlink && id > 2)
		diag_add(warn, "%s: event 0x%llx on NV-DLink: the driver opens it, but \"this PMU only counts CXL memory read traffic\" (" T410_DOC "), so it counts nothing (in_rd_cum_outs, in_rd_req, cycles do)",
			 e->event, (unsigned long long)id);
	else if (p->peer_kind == PEER_CPU && (id == 3 || id == 4 || id == 7 || id == 8))
		diag_add(warn, "%s: write event 0x%llx on a link to a CPU: the driver opens it, but \"When connected to another SoC, only the read events are available\" (" T410_DOC "), so it counts nothing",
			 e->event, (unsigned long long)id);
	return 0;
}

/* The driver's event_init refuses no filter; EINVAL is a CPU outside associated_cpus */
static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	(void)p;
	(void)config;
	return NULL;
}

/* The driver lists write events only where a GPU is the peer (T410_DOC) */
static const char *absent_reason(const struct pmu *p, const char *event)
{
	if (p->peer_kind == PEER_CPU && strstr(event, "_wr_"))
		return "CPU peer: no write events";
	return NULL;
}

/* The document's formulas: each link's clock, and its latency in cycles and in ns */
#define LINK_FREQ(link, text, doc)                                                                   \
	{ "t410_" link "_freq", "cycles / " T410_NS, "GHz", text, T410_DOC " (" doc ")", 0, false,   \
	  NULL, false, false, DEST_NONE, NULL }
#define LINK_LATENCY(link, dir, text, doc)                                                           \
	{ "t410_" link "_" dir "_latency_cycles", dir "_cum_outs / " dir "_req", "cycles", text,      \
	  T410_DOC " (" doc ")", 0, false, NULL, false, false, DEST_NONE, NULL },                    \
	{ "t410_" link "_" dir "_latency_ns", "(" dir "_cum_outs / " dir "_req) / (cycles / " T410_NS ")", \
	  "ns", text, T410_DOC " (" doc ")", 0, false, NULL, false, false, DEST_NONE, NULL }

static const struct family_metric c2c_metrics[] = {
	LINK_FREQ("c2c", "C2C interface clock (C2C_FREQ_IN_GHZ)", "NVLink-C2C"),
	LINK_LATENCY("c2c", "in_rd", "inbound read latency", "NVLink-C2C"),
	LINK_LATENCY("c2c", "in_wr", "inbound write latency", "NVLink-C2C"),
	LINK_LATENCY("c2c", "out_rd", "outbound read latency", "NVLink-C2C"),
	LINK_LATENCY("c2c", "out_wr", "outbound write latency", "NVLink-C2C"),
	{ 0 },
};

static const struct family_metric clink_metrics[] = {
	LINK_FREQ("clink", "NV-CLink interface clock (CLINK_FREQ_IN_GHZ)", "NV-CLink"),
	LINK_LATENCY("clink", "in_rd", "inbound read latency", "NV-CLink"),
	LINK_LATENCY("clink", "out_rd", "outbound read latency", "NV-CLink"),
	{ 0 },
};

static const struct family_metric dlink_metrics[] = {
	LINK_FREQ("dlink", "NV-DLink interface clock (DLINK_FREQ_IN_GHZ)", "NV-DLink"),
	LINK_LATENCY("dlink", "in_rd", "inbound read latency", "NV-DLink"),
	{ 0 },
};

/* ACPI HIDs NVDA2023 (C2C), NVDA2022 (CLink), NVDA2020 (DLink), nvidia_t410_c2c_pmu.c */
#define C2C_HARDWARE(hid)                                                                       \
	{                                                                                    \
		.platform = hid ":", .module = "nvidia_t410_c2c_pmu",                        \
		.config = "CONFIG_NVIDIA_TEGRA410_C2C_PMU",                                  \
		.since = "drivers/perf/nvidia_t410_c2c_pmu.c, upstream at torvalds/linux c43267e6794a", \
	}

static const struct family_hardware c2c_hardware = C2C_HARDWARE("NVDA2023");
static const struct family_hardware clink_hardware = C2C_HARDWARE("NVDA2022");
static const struct family_hardware dlink_hardware = C2C_HARDWARE("NVDA2020");

#define C2C_FAMILY(ident, name, fn, evdocs, docm, hw)                                               \
	{                                                                                    \
		.id = (ident), .title = (name), .uncore = true, .decode = (fn),              \
		.read_extra = read_extra, .location = t410_location, .fields = fields,       \
		.event_docs = (evdocs), .format_docs = formats, .check = check,              \
		.together = t410_latency_together, .together_key = t410_latency_key,        \
		.einval_hint = einval_hint,                                                  \
		.absent_reason = absent_reason, .doc_metrics = (docm),                       \
		.hardware = (hw), .kernel_changes = t410_new_pmus,                           \
	}

const struct pmu_family family_t410_nvlink_c2c =
	C2C_FAMILY("t410_nvlink_c2c", "NVIDIA Tegra410 NVLink-C2C", decode_c2c, events, c2c_metrics, &c2c_hardware);
const struct pmu_family family_t410_nvclink =
	C2C_FAMILY("t410_nvclink", "NVIDIA Tegra410 NV-CLink", decode_clink, events, clink_metrics, &clink_hardware);
const struct pmu_family family_t410_nvdlink =
	C2C_FAMILY("t410_nvdlink", "NVIDIA Tegra410 NV-DLink", decode_dlink, dlink_events, dlink_metrics, &dlink_hardware);
