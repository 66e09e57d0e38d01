// SPDX-License-Identifier: GPL-2.0
/*
 * Tegra410 C2C PMUs (nvidia_t410_c2c_pmu.c): NVLink-C2C to a GPU or another SoC, NV-CLink
 * to another SoC, NV-DLink to CXL memory. One driver, three names, one set of rules.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

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
	if (family_param(p->family, "cxl_reads_only") && id > 2)
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

const struct family_ops t410_c2c_ops = {
	.identify = {
		.read_extra = read_extra,
		.extra_at_use = true,
	},
	.locate = {
		.fields = fields,
	},
	.rules = {
		.check = check,
		.together = t410_latency_together,
		.together_key = t410_latency_key,
		.einval_hint = einval_hint,
		.absent_reason = absent_reason,
	},
};
