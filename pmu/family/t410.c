// SPDX-License-Identifier: GPL-2.0
/* Tegra410 PMU names, the latency groups of its documents, and its root ports' RC map. */
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"

bool t410_decode(struct pmu *p, const char *prefix, bool has_rc)
{
	const char *s = p->name + strlen(prefix), *rc;

	if (strncmp(p->name, prefix, strlen(prefix)))
		return false;
	if (!has_rc)
		return family_decimal(s, strlen(s), &p->socket);
	/* Grace's per-socket nvidia_pcie_pmu_<s> has no _rc_: it is not a Tegra410 PCIE PMU */
	rc = strstr(s, "_rc_");
	return rc && family_decimal(s, (size_t)(rc - s), &p->socket) &&
	       family_decimal(rc + 4, strlen(rc + 4), &p->rc);
}

void t410_location(const struct pmu *p, char *buf, size_t size)
{
	if (p->rc >= 0)
		snprintf(buf, size, "socket %d, rc %d", p->socket, p->rc);
	else if (p->socket >= 0)
		snprintf(buf, size, "socket %d", p->socket);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/* Outstanding requests summed each cycle: Tegra410's *_cum_outs, Grace's *_cum_outs_loc/_rem
 * and SCF's *_outstanding */
static bool outstanding(const char *n)
{
	return strstr(n, "cum_outs") || strstr(n, "outstanding");
}

/* A latency's parts: the outstanding count, the requests (*_req, *_req_loc/_rem, SCF's
 * *_access) and the cycles */
static bool latency_part(const struct plan_event *e)
{
	const char *n = e->alias ? e->alias->name : NULL;

	return n && (outstanding(n) || ends_with(n, "_req") || strstr(n, "_req_") ||
		     ends_with(n, "_access") || !strcmp(n, "cycles"));
}

static bool pmu_has_cum_outs(const struct plan *set, const struct pmu *p)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].pmu == p && set->v[i].group < 0 && set->v[i].alias &&
		    outstanding(set->v[i].alias->name))
			return true;
	return false;
}

bool t410_latency_key(const struct plan *set, size_t i, uint64_t key[2])
{
	const struct plan_event *e = &set->v[i];

	if (!latency_part(e) || !pmu_has_cum_outs(set, e->pmu))
		return false;
	key[0] = 1;	/* every part of the PMU's latency: one group */
	key[1] = 0;
	return true;
}

bool t410_latency_together(const struct plan *set, size_t i, size_t k)
{
	const struct plan_event *a = &set->v[i], *b = &set->v[k];

	return latency_part(a) && latency_part(b) && pmu_has_cum_outs(set, a->pmu);
}

bool t410_rc_map(const struct pcifn *f, struct t410_rc_map *out)
{
	const struct pcicfg_vcap *v = pcicfg_vcap_find(&f->cfg, true, T410_DVSEC_VENDOR, T410_DVSEC_RC_MAP, 0x11);

	if (!v || !f->cfg.bridge)
		return false;
	*out = (struct t410_rc_map){ .offset = v->offset, .bus = v->bytes[0xc], .segment = v->bytes[0xd],
				     .rp = v->bytes[0xe], .rc = v->bytes[0xf], .socket = v->bytes[0x10] };
	return true;
}

void t410_locate(const struct pcitopo *t, struct devmap_fn *maps)
{
	for (size_t i = 0; i < t->n; i++) {
		struct fn_location *at = &maps[i].at;
		struct t410_rc_map map;

		/* the DVSEC is the truth for socket, RC and RP: it is the document's own map */
		if (at->root_port < 0 || !t410_rc_map(&t->fn[at->root_port], &map))
			continue;
		at->socket = map.socket;
		at->rc = map.rc;
		at->rp = map.rp;
		at->by = &family_t410_pcie;
	}
}

static bool rc_map_root_port(const struct pcifn *f)
{
	struct t410_rc_map map;

	return t410_rc_map(f, &map);
}

const struct family_hardware t410_pcie_hardware = {
	.pci_function = rc_map_root_port,
	.module = "nvidia_cspmu",
	.config = "CONFIG_NVIDIA_CORESIGHT_PMU_ARCH_SYSTEM_PMU (and CONFIG_ARM_CORESIGHT_PMU_ARCH_SYSTEM_PMU, module arm_cspmu_module)",
	.since = "the per-RC PMUs of drivers/perf/arm_cspmu/nvidia_cspmu.c, upstream at torvalds/linux c43267e6794a",
};

const struct kernel_change t410_new_pmus[] = {
	{ 0, 0, "the per-RC PCIE and PCIE-TGT PMUs, C2C/CLink/DLink and CMEM latency PMUs were queued upstream in March 2026 (torvalds/linux c43267e6794a); older kernels show the hardware without them",
	  "nvidia-tegra410-pmu.rst @ c43267e6794a",
	  "doctor names the module each missing family needs; list shows what the kernel has, nothing is assumed" },
	{ 0 },
};

bool t410_rc_map_line(const struct pcifn *f, uint16_t *offset, char *buf, size_t size)
{
	struct t410_rc_map map;

	if (!t410_rc_map(f, &map))
		return false;
	*offset = map.offset;
	snprintf(buf, size, "Bus=%02x, Segment=%02x, RP=%02x, RC=%02x, Socket=%02x", map.bus, map.segment,
		 map.rp, map.rc, map.socket);
	return true;
}
