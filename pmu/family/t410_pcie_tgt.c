// SPDX-License-Identifier: GPL-2.0
/* Tegra410 PCIE-TGT PMU: traffic to PCIe BARs and CXL memory (nvidia_pcie_tgt_pmu_<s>_rc_<r>). */
#include <errno.h>
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define TGT_ADDR_SLOTS 8

static bool decode(struct pmu *p)
{
	return t410_decode(p, "nvidia_pcie_tgt_pmu_", true);
}

static const struct catalog_entry events[] = {
	{ "rd_req", "count the number of read requests to PCIE" },
	{ "wr_req", "count the number of write requests to PCIE" },
	{ "rd_bytes", "count the number of bytes transferred by rd_req" },
	{ "wr_bytes", "count the number of bytes transferred by wr_req" },
	{ "cycles", "count the clock cycles of SOC fabric connected to the PCIE interface" },
	{ NULL, NULL },
};

static const struct catalog_entry formats[] = {
	{ "event", "event id" },
	{ "dst_rp_mask", "bitmask to select the root port(s) to monitor (PCIE BAR traffic only)" },
	{ "dst_addr_base", "BAR or CXL HDM filter base address" },
	{ "dst_addr_mask", "BAR or CXL HDM filter address mask" },
	{ "dst_addr_en", "enable the address filter: (addr & dst_addr_mask) == (dst_addr_base & dst_addr_mask)" },
	{ NULL, NULL },
};

/* The address filter only counts with dst_addr_en; 8 address slots per PMU (T410_DOC) */
static int check(struct plan *set, size_t i, struct pmu_err *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	uint64_t base, mask, en;
	size_t slots = 0;

	(void)warn;
	base = ev_field(e, "dst_addr_base", NULL);
	mask = ev_field(e, "dst_addr_mask", NULL);
	en = ev_field(e, "dst_addr_en", NULL);
	if ((base || mask) && !en)
		return rule_err(err, e, -EINVAL,
				"dst_addr_base/dst_addr_mask without dst_addr_en=1 on '%s': \"If this is set, the address range specified by dst_addr_base and dst_addr_mask will be used\" (" T410_DOC "); add dst_addr_en=1",
				e->pmu->name);
	if (!en)
		return 0;
	for (size_t k = 0; k <= i; k++) {
		const struct plan_event *o = &set->v[k];
		bool same = false;

		if (o->pmu != e->pmu || !ev_field(o, "dst_addr_en", NULL))
			continue;
		for (size_t j = 0; j < k; j++)
			if (set->v[j].pmu == e->pmu && ev_field(&set->v[j], "dst_addr_en", NULL) &&
			    set->v[j].config[1] == o->config[1] && set->v[j].config[2] == o->config[2])
				same = true;
		slots += !same;
	}
	if (slots > TGT_ADDR_SLOTS)
		return rule_err(err, e, -EINVAL,
				"more than %d different address filters on '%s': the PCIE-TGT PMU has %d address filter slots",
				TGT_ADDR_SLOTS, e->pmu->name, TGT_ADDR_SLOTS);
	return 0;
}

static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	(void)p;
	(void)config;
	return "an address filter needs dst_addr_en, and the PMU has 8 address slots";
}

/* Below a Tegra410 root port: the RC's PCIE-TGT PMU, one address filter per sized BAR */
static void map_functions(const struct pcitopo *t, const struct pmu_list *pmus, struct devmap_fn *maps)
{
	for (size_t i = 0; i < t->n; i++) {
		struct fn_pmu *r = &maps[i].target;

		if (!maps[i].dvsec)
			continue;
		fn_pmu_name(r, pmus, &family_t410_pcie_tgt, "nvidia_pcie_tgt_pmu_%u_rc_%u",
			    maps[i].dvsec->socket, maps[i].dvsec->rc);
		r->event = "rd_bytes";
		/* the document: the RP filter sees BAR traffic only, as --root-port asks */
		if (maps[i].rp_mask)
			fn_filter_add(&r->root_port, "dst_rp_mask", maps[i].rp_mask, "0x%llx");
		for (int b = 0; b < 6; b++) {
			struct fn_filter *f = &r->bars[r->nbars];
			uint64_t base, mask;

			if (!devmap_bar_filter(&t->fn[i].bar[b], &base, &mask))
				continue;
			f->bar = b;
			f->bar_size = t->fn[i].bar[b].size;
			fn_filter_add(f, "dst_addr_base", base, "0x%llx");
			fn_filter_add(f, "dst_addr_mask", mask, "0x%llx");
			fn_filter_add(f, "dst_addr_en", 1, "%llu");
			r->nbars++;
		}
	}
}

const struct pmu_family family_t410_pcie_tgt = {
	.id = "t410_pcie_tgt",
	.title = "NVIDIA Tegra410 PCIE-TGT",
	.uncore = true,
	.decode = decode,
	.location = t410_location,
	.event_docs = events,
	.format_docs = formats,
	.check = check,
	.einval_hint = einval_hint,
	.map_functions = map_functions,
};
