// SPDX-License-Identifier: GPL-2.0
/* Tegra410 PCIE PMU: traffic PCIe devices request, per root complex (nvidia_pcie_pmu_<s>_rc_<r>). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "pmu/devmap.h"
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

/* The filter the driver programs: a root-port mask, and the BDF with its enable bit or 0 */
struct v2_filter {
	uint64_t rp;
	uint64_t bdf;		/* pcie_v2_pmu_bdf_val_en(): (1 << 16 | bdf) when enabled, else 0 */
};

static bool own_filter(const struct plan_event *e, struct v2_filter *f)
{
	uint64_t bdf = ev_field(e, "src_bdf", NULL), en = ev_field(e, "src_bdf_en", NULL);

	f->rp = ev_field(e, "src_rp_mask", NULL);
	f->bdf = en ? (1u << 16 | bdf) : 0;
	return f->rp || bdf || en;
}

/* A group's leader comes first in the plan: looked for back from e (its group's length) first */
static const struct plan_event *leader_of(const struct plan *set, const struct plan_event *e)
{
	size_t at = (size_t)(e - set->v);

	for (size_t k = at + 1; e->group >= 0 && k-- > 0;)
		if (set->v[k].group == e->group && set->v[k].leader)
			return &set->v[k];
	for (size_t k = at + 1; e->group >= 0 && k < set->n; k++)
		if (set->v[k].group == e->group && set->v[k].leader)
			return &set->v[k];
	return e;
}

/*
 * pcie_v2_pmu_event_filter(): an event's own filter; with none, a sibling takes its leader's
 * when that has a BDF; otherwise the default (every root port)
 */
static struct v2_filter filter_of(const struct plan *set, const struct plan_event *e)
{
	const struct plan_event *l = leader_of(set, e);
	struct v2_filter f;

	if (own_filter(e, &f))
		return f;
	if (l != e) {
		struct v2_filter lf = filter_of(set, l);

		if (lf.bdf)
			return lf;
	}
	return (struct v2_filter){ .rp = 0xff, .bdf = 0 };
}

/* "src_bdf=0x4100", "src_rp_mask=0x1 (no BDF)", "no BDF filter" */
static const char *filter_text(const struct v2_filter *f, char *buf, size_t size)
{
	if (f->bdf)
		snprintf(buf, size, "src_bdf=0x%04llx", (unsigned long long)(f->bdf & 0xffff));
	else if (f->rp != 0xff)
		snprintf(buf, size, "src_rp_mask=0x%llx (no BDF)", (unsigned long long)f->rp);
	else
		snprintf(buf, size, "no BDF filter");
	return buf;
}

/* The distinct leader filters of the groups on one PMU, in order: the first few, and how many */
struct pmu_filters {
	const struct pmu *pmu;
	struct v2_filter f[64];
	size_t n;
};

static void add_filter(struct pmu_filters *t, const struct v2_filter *f)
{
	for (size_t j = 0; j < t->n && j < 64; j++)
		if (t->f[j].bdf == f->bdf)
			return;
	if (t->n < 64)
		t->f[t->n] = *f;
	t->n++;
}

/*
 * Groups with different BDFs on one PMU take turns (pcie_v2_pmu_validate_event at add):
 * said once per PMU, in one pass over the plan
 */
static void check_plan(const struct pmu_family *fam, const struct plan *set, struct diag *warn)
{
	struct pmu_filters *t = NULL;
	size_t nt = 0;

	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];
		struct v2_filter f;
		size_t k;

		if (!e->pmu || e->pmu->family != fam || cspmu_is_cycles(e) || (e->group >= 0 && !e->leader))
			continue;
		for (k = 0; k < nt && t[k].pmu != e->pmu; k++)
			;
		if (k == nt) {
			struct pmu_filters *nv = realloc(t, (nt + 1) * sizeof(*t));

			if (!nv)
				break;
			t = nv;
			t[nt++] = (struct pmu_filters){ .pmu = e->pmu };
		}
		f = filter_of(set, e);
		add_filter(&t[k], &f);
	}
	/* one line for every PMU it applies to: --per-device meets it on every RC */
	char pmus[256] = "", first[160] = "", one[40];
	size_t npmu = 0, used = 0, k0 = 0;

	for (size_t k = 0; k < nt; k++) {
		if (t[k].n < 2)
			continue;
		if (!npmu++) {
			k0 = k;
			for (size_t j = 0, w = 0; j < t[k].n && j < 3; j++)
				w += (size_t)snprintf(first + w, sizeof(first) - w, "%s%s", j ? ", " : "",
						      filter_text(&t[k].f[j], one, sizeof(one)));
		}
		if (npmu <= 3 && used < sizeof(pmus))
			used += (size_t)snprintf(pmus + used, sizeof(pmus) - used, "%s'%s' (%zu)", npmu > 1 ? ", " : "",
						 t[k].pmu->name, t[k].n);
	}
	if (npmu == 1)
		diag_add(warn, "'%s': %zu BDF filters (%s%s) count in turns: the PMU holds one BDF filter at a time (\"only one BDF value is supported\", pcie_v2_pmu_validate_event at add), so the kernel multiplexes their groups and scales the counts",
			 t[k0].pmu->name, t[k0].n, first, t[k0].n > 3 ? ", ..." : "");
	else if (npmu)
		diag_add(warn, "%s%s, %zu PMUs: their BDF filters (%s, ...) count in turns: a PMU holds one BDF filter at a time (\"only one BDF value is supported\", pcie_v2_pmu_validate_event at add), so the kernel multiplexes their groups and scales the counts",
			 pmus, npmu > 3 ? " and more" : "", npmu, first);
	free(t);
}

/*
 * pcie_v2_pmu_validate_event(), the cycle counter exempt: within a group at open (EINVAL),
 * across groups on one PMU at add time, where the groups only take turns
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	struct v2_filter f, lf;
	char a[40], b[40];
	bool bdf_given = false;

	if (cspmu_is_cycles(e))
		return 0;
	f = filter_of(set, e);
	lf = filter_of(set, leader_of(set, e));
	if (f.rp && f.bdf)
		return rule_err(err, e, -EINVAL,
				"src_rp_mask=0x%llx with src_bdf_en=1 on '%s': the driver refuses it (\"RP and BDF filtering are mutually exclusive\", pcie_v2_pmu_validate_event); \"Root-Port and BDF filters are mutually exclusive\" (" T410_DOC ")",
				(unsigned long long)f.rp, e->pmu->name);
	if (f.bdf != lf.bdf)
		return rule_err(err, e, -EINVAL,
				"%s in a group whose leader has %s on '%s': the driver refuses it (\"sibling and leader BDF value should be equal\", pcie_v2_pmu_validate_event); give the siblings the leader's filter, or none",
				filter_text(&f, a, sizeof(a)), filter_text(&lf, b, sizeof(b)), e->pmu->name);
	if (ev_field(e, "src_bdf", &bdf_given) && bdf_given && !ev_field(e, "src_bdf_en", NULL) && !f.rp)
		diag_add(warn, "%s: src_bdf without src_bdf_en=1: the driver ignores the BDF (pcie_v2_pmu_bdf_val_en), and as config1 is not 0 it keeps src_rp_mask=0 instead of every root port (pcie_v2_pmu_event_filter): add src_bdf_en=1",
			 e->event);
	return 0;
}

/*
 * Only an event with a BDF or root-port filter can break the one-filter rules. The plan keeps
 * them for its own events, so what is left is another perf user's: the driver checks the
 * events live on the PMU (arm_cspmu_get_event_idx, pcie_v2_pmu_validate_event)
 */
static const char *einval_hint(const struct pmu *p, const uint64_t *config)
{
	if (!pmu_config_field(p, config, "src_bdf_en") && !pmu_config_field(p, config, "src_rp_mask"))
		return NULL;
	return "the driver holds one BDF filter per PMU at a time, root-port and BDF filters exclusive, and checks the events already live on it (arm_cspmu_get_event_idx): another perf user (perf itself, or another pmuctl) is likely counting this PMU with another BDF; try again when it ends";
}

static bool bdf_filter(const struct plan_event *e, uint16_t *bdf)
{
	bool given;
	uint64_t v = ev_field(e, "src_bdf", &given);

	*bdf = (uint16_t)v;
	return given && ev_field(e, "src_bdf_en", NULL);
}

/* Below a Tegra410 root port: the RC's PCIE PMU, by requester ID or by the port's bit */
static void map_functions(const struct pmu_family *f, const struct pcitopo *t, const struct pmu_list *pmus,
			  struct devmap_fn *maps)
{
	const struct devmap_fn *prev = NULL;

	for (size_t i = 0; i < t->n; i++) {
		struct devmap_fn *m = &maps[i];
		struct fn_pmu *r = &m->requester;

		if (m->at.by != f)
			continue;
		if (fn_same_rc(prev, m))
			fn_pmu_as(r, &prev->requester);
		else
			fn_pmu_name(r, pmus, f, "nvidia_pcie_pmu_%d_rc_%d", m->at.socket, m->at.rc);
		prev = m;
		r->event = "rd_bytes";
		fn_filter_add(&r->function, "src_bdf", m->src_bdf, FN_BDF);
		fn_filter_add(&r->function, "src_bdf_en", 1, FN_DEC);
		/* src_rp_mask has a bit for root ports 0 to 7 */
		if (m->at.rp >= 0 && m->at.rp < 8)
			fn_filter_add(&r->root_port, "src_rp_mask", 1u << m->at.rp, FN_HEX);
	}
}

/*
 * A latency's parts; and events alone with one BDF filter: the PMU holds one BDF at a time, so
 * apart they would take turns with each other as well as with every other BDF (a device's
 * reads and writes counted at different moments, each half as long); together they count as one
 */
static bool together(const struct plan *set, size_t i, size_t k)
{
	const struct plan_event *a = &set->v[i], *b = &set->v[k];
	struct v2_filter fa, fb;

	if (t410_latency_together(set, i, k))
		return true;
	if (cspmu_is_cycles(a) || cspmu_is_cycles(b) || !own_filter(a, &fa) || !own_filter(b, &fb))
		return false;
	return fa.bdf && fa.bdf == fb.bdf && fa.rp == fb.rp;
}

/* together()'s classes: the latency's parts; events alone with one BDF filter */
static bool together_key(const struct plan *set, size_t i, uint64_t key[2])
{
	const struct plan_event *e = &set->v[i];
	struct v2_filter f;

	if (t410_latency_key(set, i, key))
		return true;
	if (cspmu_is_cycles(e) || !own_filter(e, &f) || !f.bdf)
		return false;
	key[0] = 2;
	key[1] = f.bdf | f.rp << 32;
	return true;
}

/* The BDF the group's leader programs: one per PMU among the live events; cycles take none */
static bool slot_value(const struct plan *set, size_t i, uint64_t value[2])
{
	const struct plan_event *e = &set->v[i];

	if (cspmu_is_cycles(e))
		return false;
	value[0] = filter_of(set, e).bdf;
	value[1] = 0;
	return true;
}

const struct family_ops t410_pcie_ops = {
	.locate = {
		.locate = t410_locate,
		.capability_line = t410_rc_map_line,
		.map_functions = map_functions,
	},
	.rules = {
		.check = check,
		.check_plan = check_plan,
		.together = together,
		.together_key = together_key,
		.einval_hint = einval_hint,
		.bdf_filter = bdf_filter,
		.own_counter = cspmu_is_cycles,
		.slot_value = slot_value,
	},
	.presence = {
		.pci_function = t410_rc_map_root_port,
	},
};
