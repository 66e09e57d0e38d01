// SPDX-License-Identifier: GPL-2.0
/* The DVSEC is the truth for socket/RC/RP; sysfs only says whether the driver is loaded. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "topology/rcmap.h"

/* Huawei's HNS3 PMU endpoint, 19e5:a22b (drivers/perf/hisilicon/hns3_pmu.c) */
#define HNS3_PMU_VENDOR 0x19e5
#define HNS3_PMU_DEVICE 0xa22b

bool rcmap_is_root_port(const struct pcifn *f)
{
	return f->cfg.vendor == NV_DVSEC_VENDOR && f->cfg.bridge && f->cfg.has_nv_dvsec;
}

static bool below(const struct pcifn *port, const struct pcifn *f)
{
	return port->domain == f->domain && port->cfg.bridge && port->cfg.secondary &&
	       port->cfg.secondary <= f->bus && f->bus <= port->cfg.subordinate;
}

/* The nearest root port: the narrowest bus range that holds the function */
static ssize_t find_root(const struct pcitopo *t, size_t i)
{
	ssize_t best = -1;
	unsigned best_span = 0x100;

	if (rcmap_is_root_port(&t->fn[i]))
		return (ssize_t)i;
	for (size_t r = 0; r < t->n; r++) {
		const struct pcifn *p = &t->fn[r];
		unsigned span;

		if (!rcmap_is_root_port(p) || !below(p, &t->fn[i]))
			continue;
		span = (unsigned)p->cfg.subordinate - p->cfg.secondary;
		if (span < best_span) {
			best_span = span;
			best = (ssize_t)r;
		}
	}
	return best;
}

static bool is_hns3_pmu_dev(const struct pcifn *f)
{
	return f->cfg.vendor == HNS3_PMU_VENDOR && f->cfg.device == HNS3_PMU_DEVICE;
}

static bool domain_has_hns3_pmu_dev(const struct pcitopo *t, uint32_t domain)
{
	for (size_t i = 0; i < t->n; i++)
		if (is_hns3_pmu_dev(&t->fn[i]) && t->fn[i].domain == domain)
			return true;
	return false;
}

/*
 * A SICL PMU covers bdf_min..bdf_max of its own PCI domain (hns3_pmu_valid_bdf). sysfs does
 * not say which domain that is, so when the topology shows 19e5:a22b endpoints, only their
 * domains count.
 */
static const struct pmu *find_hns3(const struct pcitopo *t, const struct pcifn *f,
				   const struct pmu_list *pmus, uint16_t bdf, bool any_endpoint)
{
	if (!pmus)
		return NULL;
	if (any_endpoint && !domain_has_hns3_pmu_dev(t, f->domain))
		return NULL;
	for (size_t i = 0; i < pmus->n; i++) {
		const struct pmu *p = &pmus->v[i];

		if (p->family == FAMILY_HNS3 && p->bdf_min >= 0 && p->bdf_max >= 0 &&
		    p->bdf_min <= bdf && bdf <= p->bdf_max)
			return p;
	}
	return NULL;
}

int rcmap_build(const struct pcitopo *t, const struct pmu_list *pmus, struct fn_map **out)
{
	struct fn_map *m = calloc(t->n ? t->n : 1, sizeof(*m));
	bool any_endpoint = false;

	if (!m)
		return -ENOMEM;
	/* looked up once: most machines have no HNS3 PMU endpoint, and then no domain rule */
	for (size_t i = 0; i < t->n && !any_endpoint; i++)
		any_endpoint = is_hns3_pmu_dev(&t->fn[i]);
	for (size_t i = 0; i < t->n; i++) {
		const struct pcifn *f = &t->fn[i];
		struct fn_map *e = &m[i];

		e->src_bdf = (uint16_t)(f->bus << 8 | f->dev << 3 | f->fn);
		e->root = find_root(t, i);
		e->hns3 = find_hns3(t, f, pmus, e->src_bdf, any_endpoint);
		if (e->root < 0)
			continue;
		e->dvsec = &t->fn[e->root].cfg.dvsec;
		e->rp_mask = e->dvsec->rp < 8 ? (uint8_t)(1u << e->dvsec->rp) : 0;
		snprintf(e->pcie_pmu, sizeof(e->pcie_pmu), "nvidia_pcie_pmu_%u_rc_%u", e->dvsec->socket,
			 e->dvsec->rc);
		snprintf(e->tgt_pmu, sizeof(e->tgt_pmu), "nvidia_pcie_tgt_pmu_%u_rc_%u",
			 e->dvsec->socket, e->dvsec->rc);
		e->pcie_present = pmus && pmu_find(pmus, e->pcie_pmu);
		e->tgt_present = pmus && pmu_find(pmus, e->tgt_pmu);
	}
	*out = m;
	return 0;
}

bool rcmap_bar_filter(const struct pcibar *b, uint64_t *base, uint64_t *mask)
{
	/* a BAR's size is a power of two and its address is aligned to it */
	if (!b->mem || !b->size || (b->size & (b->size - 1)) || (b->addr & (b->size - 1)))
		return false;
	*base = b->addr;
	*mask = ~(b->size - 1);
	return true;
}
