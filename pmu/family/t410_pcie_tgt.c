// SPDX-License-Identifier: GPL-2.0
/* Tegra410 PCIE-TGT PMU: traffic to PCIe BARs and CXL memory (nvidia_pcie_tgt_pmu_<s>_rc_<r>). */
#include <errno.h>
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define TGT_ADDR_SLOTS 8

struct addr_filter {
	uint64_t base, mask;
};

static bool addr_filter_of(const struct plan_event *e, struct addr_filter *f)
{
	f->base = e->config[1];
	f->mask = e->config[2];
	return ev_field(e, "dst_addr_en", NULL) != 0;
}

/* The distinct address filters of the events of p in group (-1: every event of p), up to i */
static size_t slots_used(const struct plan *set, size_t i, const struct pmu *p, int group)
{
	struct addr_filter seen[TGT_ADDR_SLOTS + 1];
	size_t n = 0;

	for (size_t k = 0; k <= i && k < set->n && n <= TGT_ADDR_SLOTS; k++) {
		struct addr_filter f;
		bool dup = false;

		if (set->v[k].pmu != p || (group >= 0 && set->v[k].group != group) ||
		    !addr_filter_of(&set->v[k], &f))
			continue;
		for (size_t j = 0; j < n && !dup; j++)
			dup = seen[j].base == f.base && seen[j].mask == f.mask;
		if (!dup)
			seen[n++] = f;
	}
	return n;
}

/*
 * The driver refuses none of these at open: pcie_tgt_pmu_set_ev_filter() ignores an address
 * without dst_addr_en, and pcie_tgt_pmu_validate_event() looks for one of 8 address slots
 * among the events counting, so a ninth filter fails at add time and waits its turn
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	struct addr_filter f;

	(void)err;
	if (!addr_filter_of(e, &f)) {
		if (f.base || f.mask)
			diag_add(warn, "%s: dst_addr_base/dst_addr_mask without dst_addr_en=1: the driver ignores the address (pcie_tgt_pmu_set_ev_filter) and counts BAR traffic to %s; \"If this is set, the address range ... will be used\" (" T410_DOC "): add dst_addr_en=1",
				 e->event, ev_field(e, "dst_rp_mask", NULL) ? "the dst_rp_mask ports" : "every root port");
		return 0;
	}
	/* said once: by the event that needs the ninth slot */
	if (e->group >= 0 && slots_used(set, i, e->pmu, e->group) > TGT_ADDR_SLOTS &&
	    slots_used(set, i - 1, e->pmu, e->group) == TGT_ADDR_SLOTS) {
		diag_add(warn, "%s: its group needs more than %d address filters on '%s': the kernel opens it, but the group can never be scheduled (pcie_tgt_pmu_validate_event at add), so it counts nothing; split the group",
			 e->event, TGT_ADDR_SLOTS, e->pmu->name);
		return 0;
	}
	if (slots_used(set, i, e->pmu, -1) > TGT_ADDR_SLOTS &&
	    slots_used(set, i - 1, e->pmu, -1) == TGT_ADDR_SLOTS)
		diag_add(warn, "%s: more than %d different address filters on '%s': the PMU has %d address slots (pcie_tgt_pmu_validate_event at add), so the kernel multiplexes the events and the counts are scaled",
			 e->event, TGT_ADDR_SLOTS, e->pmu->name, TGT_ADDR_SLOTS);
	return 0;
}

/* Open fails only when 8 address slots are taken by events already counting */
static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	if (!pmu_config_field(p, config, "dst_addr_en"))
		return NULL;
	return "the PMU's 8 address filter slots are taken by events counting now";
}

/* Below a Tegra410 root port: the RC's PCIE-TGT PMU, one address filter per sized BAR */
static void map_functions(const struct pmu_family *fam, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	const struct devmap_fn *prev = NULL;

	for (size_t i = 0; i < t->n; i++) {
		struct fn_pmu *r = &maps[i].target;
		const struct fn_location *at = &maps[i].at;

		/* placed by its root port's RC map: the PCIE family's locate */
		if (!at->by || at->by->ops->locate.locate != t410_locate)
			continue;
		if (fn_same_rc(prev, &maps[i]))
			fn_pmu_as(r, &prev->target);
		else
			fn_pmu_name(r, pmus, fam, "nvidia_pcie_tgt_pmu_%d_rc_%d", at->socket, at->rc);
		prev = &maps[i];
		r->event = "rd_bytes";
		/* the document: the RP filter sees BAR traffic only, as --root-port asks */
		if (at->rp >= 0 && at->rp < 8)
			fn_filter_add(&r->root_port, "dst_rp_mask", 1u << at->rp, FN_HEX);
		for (int b = 0; b < FN_BARS; b++) {
			struct fn_filter *f = &r->bars[r->nbars];
			uint64_t base, mask;

			if (!devmap_bar_filter(&t->fn[i].bar[b], &base, &mask))
				continue;
			f->bar = b;
			f->bar_size = t->fn[i].bar[b].size;
			fn_filter_add(f, "dst_addr_base", base, FN_HEX);
			fn_filter_add(f, "dst_addr_mask", mask, FN_HEX);
			fn_filter_add(f, "dst_addr_en", 1, FN_DEC);
			r->nbars++;
		}
	}
}

/* The address filter an event takes a slot for; one without dst_addr_en takes none */
static bool slot_value(const struct plan *set, size_t i, uint64_t value[2])
{
	struct addr_filter f;

	if (!addr_filter_of(&set->v[i], &f))
		return false;
	value[0] = f.base;
	value[1] = f.mask;
	return true;
}

/*
 * pcie_tgt_pmu_is_cycle_counter_event(): the event type, config bits 0-2, is
 * NV_PCIE_TGT_EV_TYPE_CC; the bits above it (the port filter) do not matter
 */
static bool tgt_cycles(const struct plan_event *e)
{
	return (e->config[0] & 0x7) == 0x4;
}

/* Events alone with one address filter take one slot: opened together, they count together */
static bool together(const struct plan *set, size_t i, size_t k)
{
	struct addr_filter a, b;

	return addr_filter_of(&set->v[i], &a) && addr_filter_of(&set->v[k], &b) && a.base == b.base &&
	       a.mask == b.mask;
}

const struct family_ops t410_pcie_tgt_ops = {
	.locate = {
		.map_functions = map_functions,
		.bars = true,
	},
	.rules = {
		.check = check,
		.einval_hint = einval_hint,
		.together = together,
		.together_key = slot_value,
		.own_counter = tgt_cycles,
		.slot_value = slot_value,
	},
	.presence = {
		.pci_function = t410_rc_map_root_port,
	},
};
