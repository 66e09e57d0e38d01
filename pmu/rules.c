// SPDX-License-Identifier: GPL-2.0
/*
 * Each rule names the document or driver it comes from. They run on encoded events,
 * reading filter fields back out of the configs, so raw config= strings are checked too.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "pmu/rules.h"
#include "topology/bdf.h"

#define T410_DOC "nvidia-tegra410-pmu.rst"
#define HNS3_DOC "hns3-pmu.rst"
#define CSPMU_CYCLES (1ULL << 32)

static int rule_err(struct pmu_err *err, const struct ev_encoded *e, int code, const char *fmt,
		    ...) __attribute__((format(printf, 4, 5)));

static int rule_err(struct pmu_err *err, const struct ev_encoded *e, int code, const char *fmt, ...)
{
	va_list ap;

	pmu_err_at(err, code, e->start, e->end - e->start, "%s", "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->arg = e->arg;
	return code;
}

static bool is_uncore(const struct ev_encoded *e)
{
	return e->pmu && e->pmu->family != FAMILY_GENERIC;
}

/* perf core: a group may hold software events and events of one hardware PMU */
static int rule_group_one_pmu(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];

	if (e->group < 0 || !e->pmu || e->pmu->type == 1)
		return 0;
	for (size_t k = 0; k < i; k++) {
		const struct ev_encoded *o = &set->v[k];

		if (o->group != e->group || !o->pmu || o->pmu->type == 1 || o->pmu == e->pmu)
			continue;
		return rule_err(err, e, -EINVAL,
				"group mixes PMUs '%s' and '%s': a group may count on one PMU only (the drivers refuse it with EINVAL); use two groups",
				o->pmu->name, e->pmu->name);
	}
	return 0;
}

/* PERF_PMU_CAP_NO_EXCLUDE: uncore counters cannot tell user from kernel */
static int rule_no_exclude(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];

	if (!is_uncore(e) || !e->mods || !strpbrk(e->mods, "ukh"))
		return 0;
	return rule_err(err, e, -EINVAL,
			"modifier '%s' on uncore PMU '%s': uncore counters count every privilege level (PERF_PMU_CAP_NO_EXCLUDE), drop the modifier",
			e->mods, e->pmu->name);
}

/* alibaba_uncore_drw_pmu.c: "driveway only allow one event!" */
static int rule_drw_alone(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];

	if (!e->pmu || e->pmu->family != FAMILY_YITIAN_DRW || e->group < 0)
		return 0;
	for (size_t k = 0; k < set->n; k++) {
		const struct ev_encoded *o = &set->v[k];

		if (k == i || o->group != e->group || !o->pmu || o->pmu->type == 1)
			continue;
		return rule_err(err, e, -EINVAL,
				"Yitian DRW event '%s' shares a group with '%s': the driver allows one hardware event per group (\"driveway only allow one event!\"); write them outside {}",
				e->event, o->event);
	}
	return 0;
}

static bool is_cspmu_cycles(const struct ev_encoded *e)
{
	return e->config[0] == CSPMU_CYCLES;
}

/* T410 PCIE: RP and BDF filters exclusive; one BDF per PMU for all its counters */
static int rule_t410_pcie(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];
	uint64_t rp, bdf_en, bdf;

	if (!e->pmu || e->pmu->family != FAMILY_T410_PCIE || is_cspmu_cycles(e))
		return 0;
	rp = ev_field(e, "src_rp_mask", NULL);
	bdf_en = ev_field(e, "src_bdf_en", NULL);
	bdf = ev_field(e, "src_bdf", NULL);
	if (rp && bdf_en)
		return rule_err(err, e, -EINVAL,
				"src_rp_mask=0x%llx with src_bdf_en=1 on '%s': \"Root-Port and BDF filters are mutually exclusive\" (" T410_DOC ")",
				(unsigned long long)rp, e->pmu->name);
	if (!bdf_en)
		return 0;
	for (size_t k = 0; k < i; k++) {
		const struct ev_encoded *o = &set->v[k];
		uint64_t obdf;

		if (o->pmu != e->pmu || is_cspmu_cycles(o) || !ev_field(o, "src_bdf_en", NULL))
			continue;
		obdf = ev_field(o, "src_bdf", NULL);
		if (obdf != bdf)
			return rule_err(err, e, -EINVAL,
					"src_bdf=0x%04llx differs from src_bdf=0x%04llx of an earlier event on '%s': \"the PMU in each RC can only have one BDF filter for the whole counters\" (" T410_DOC ")",
					(unsigned long long)bdf, (unsigned long long)obdf, e->pmu->name);
	}
	return 0;
}

/* T410 PCIE-TGT: the address filter only counts with dst_addr_en; 8 address slots per PMU */
#define TGT_ADDR_SLOTS 8
static int rule_t410_tgt(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];
	bool gbase, gmask;
	uint64_t base, mask, en;
	size_t slots = 0;

	if (!e->pmu || e->pmu->family != FAMILY_T410_PCIE_TGT)
		return 0;
	base = ev_field(e, "dst_addr_base", &gbase);
	mask = ev_field(e, "dst_addr_mask", &gmask);
	en = ev_field(e, "dst_addr_en", NULL);
	if ((base || mask) && !en)
		return rule_err(err, e, -EINVAL,
				"dst_addr_base/dst_addr_mask without dst_addr_en=1 on '%s': \"If this is set, the address range specified by dst_addr_base and dst_addr_mask will be used\" (" T410_DOC "); add dst_addr_en=1",
				e->pmu->name);
	if (!en)
		return 0;
	for (size_t k = 0; k <= i; k++) {
		const struct ev_encoded *o = &set->v[k];
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

/* T410 C2C family: event ids below 9, write events and gpu_mask only with a GPU peer */
static int rule_t410_c2c(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];
	const struct pmu *p = e->pmu;
	uint64_t id, gpu_mask;
	bool given;

	if (!p || (p->family != FAMILY_T410_NVLINK_C2C && p->family != FAMILY_T410_NVCLINK &&
		   p->family != FAMILY_T410_NVDLINK))
		return 0;
	id = e->config[0] & 0xff;
	if (id >= 9)
		return rule_err(err, e, -ENOENT,
				"event id 0x%llx on '%s': the C2C PMUs have events 0x0-0x8 only",
				(unsigned long long)id, p->name);
	gpu_mask = ev_field(e, "gpu_mask", &given);
	if (given && p->peer_kind != PEER_GPU)
		return rule_err(err, e, -EINVAL,
				"gpu_mask on '%s' whose peer is '%s': \"When the C2C interface is connected to GPU(s), the user can use the gpu_mask parameter\" (" T410_DOC ")",
				p->name, p->peer ? p->peer : "unknown");
	if (given && p->peer_kind == PEER_GPU && p->peer_count > 0 &&
	    gpu_mask >> p->peer_count)
		return rule_err(err, e, -EINVAL,
				"gpu_mask=0x%llx on '%s' names a GPU beyond the %d connected (peer: %s)",
				(unsigned long long)gpu_mask, p->name, p->peer_count, p->peer);
	if (p->peer_kind == PEER_CPU && (id == 3 || id == 4 || id == 7 || id == 8))
		return rule_err(err, e, -EINVAL,
				"write event 0x%llx on '%s' connected to a CPU: \"When connected to another SoC, only the read events are available\" (" T410_DOC ")",
				(unsigned long long)id, p->name);
	if (p->family == FAMILY_T410_NVDLINK && id > 2)
		return rule_err(err, e, -EINVAL,
				"event 0x%llx on NV-DLink '%s': \"this PMU only counts CXL memory read traffic\" (in_rd_cum_outs, in_rd_req, cycles)",
				(unsigned long long)id, p->name);
	return 0;
}

/* CMEM latency driver: (config & 0x3) >= 3 is -ENOENT */
static int rule_t410_cmem(struct ev_set *set, size_t i, struct pmu_err *err)
{
	const struct ev_encoded *e = &set->v[i];

	if (!e->pmu || e->pmu->family != FAMILY_T410_CMEM || (e->config[0] & 3) < 3)
		return 0;
	return rule_err(err, e, -ENOENT,
			"event 0x3 on '%s': the CMEM latency PMU has cycles (0x0), rd_req (0x1) and rd_cum_outs (0x2)",
			e->pmu->name);
}

static const struct pmu_event *hns3_event_of(const struct ev_encoded *e)
{
	uint64_t want = e->config[0] & 0x1ffff;

	for (size_t i = 0; i < e->pmu->nevents; i++) {
		unsigned long long v;
		char tail;

		if (sscanf(e->pmu->events[i].value, "config=%llx%c", &v, &tail) == 1 && v == want)
			return &e->pmu->events[i];
	}
	return NULL;
}

static void modes_text(unsigned modes, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned b = 1; b < 64 && used < size; b <<= 1)
		if (modes & b)
			used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? " " : "",
						 hns3_mode_name(b));
}

static bool hns3_bdf_in_range(const struct ev_encoded *e, uint64_t bdf, struct pmu_err *err)
{
	const struct pmu *p = e->pmu;
	char want[16], lo[16], hi[16];

	if (p->bdf_min < 0 || p->bdf_max < 0 || (bdf >= (uint64_t)p->bdf_min && bdf <= (uint64_t)p->bdf_max))
		return true;
	rule_err(err, e, -ENOENT,
		 "bdf=0x%04llx (%s) is outside %s's bdf_min..bdf_max %s..%s: func modes need a function of this SICL (" HNS3_DOC ")",
		 (unsigned long long)bdf, bdf_value_str((uint16_t)bdf, want, sizeof(want)), p->name,
		 bdf_value_str((uint16_t)p->bdf_min, lo, sizeof(lo)),
		 bdf_value_str((uint16_t)p->bdf_max, hi, sizeof(hi)));
	return false;
}

/* hns3_pmu_select_filter_mode(): global, func, func-queue, port, port-tc, func-intr in that order */
const char *hns3_select_mode(const struct ev_encoded *e, struct pmu_err *err, struct diag *warn)
{
	const struct pmu_event *ev = hns3_event_of(e);
	bool g_bdf, g_queue, g_tc, g_port, g_global, g_intr;
	uint64_t global = ev_field(e, "global", &g_global);
	uint64_t bdf = ev_field(e, "bdf", &g_bdf);
	uint64_t queue = ev_field(e, "queue", &g_queue);
	uint64_t tc = ev_field(e, "tc", &g_tc);
	char have[128];
	unsigned m;

	ev_field(e, "port", &g_port);
	ev_field(e, "intr", &g_intr);
	if (!ev) {
		rule_err(err, e, -ENOENT,
			 "config=0x%llx on '%s' is not an HNS3 event (the driver answers \"Invalid pmu event\"); see 'pmuctl list --events %s'",
			 (unsigned long long)(e->config[0] & 0x1ffff), e->pmu->name, e->pmu->name);
		return NULL;
	}
	m = ev->filter_modes ? ev->filter_modes : HNS3_MODE_GLOBAL;
	modes_text(m, have, sizeof(have));
	if ((m & HNS3_MODE_GLOBAL) && global)
		return "global";
	if ((m & HNS3_MODE_FUNC) && queue == 0xffff && bdf)
		return hns3_bdf_in_range(e, bdf, err) ? "func" : NULL;
	if ((m & HNS3_MODE_FUNC_QUEUE) && queue != 0xffff && bdf) {
		if (!g_queue)
			diag_add(warn, "'%s': bdf without queue selects func-queue mode for queue 0; give queue=0xFFFF for the whole function (func mode)",
				 e->event);
		return hns3_bdf_in_range(e, bdf, err) ? "func-queue" : NULL;
	}
	if (g_bdf && bdf) {
		rule_err(err, e, -EINVAL,
			 "bdf on '%s': event '%s' supports filter modes '%s' (filtermode/%s); %s",
			 e->pmu->name, ev->name, have, ev->name,
			 (m & (HNS3_MODE_FUNC | HNS3_MODE_FUNC_QUEUE)) ?
				 "func mode needs queue=0xFFFF, func-queue mode a queue id" :
				 "it cannot filter by function");
		return NULL;
	}
	if ((m & HNS3_MODE_PORT) && tc == 0xf)
		return "port";
	if ((m & HNS3_MODE_PORT_TC) && tc != 0xf) {
		if (!g_tc && !g_port)
			diag_add(warn, "'%s': no filter given, so the driver counts port 0, tc 0 only (port-tc mode); add global=1 to count the whole SICL",
				 e->event);
		else if (!g_tc)
			diag_add(warn, "'%s': port without tc counts tc 0 only (port-tc mode); port mode needs tc=0xF",
				 e->event);
		return "port-tc";
	}
	rule_err(err, e, -ENOENT,
		 "no filter mode of event '%s' matches on '%s': it supports '%s' (filtermode/%s): global needs global=1, port needs tc=0xF, func needs bdf and queue=0xFFFF (" HNS3_DOC ")",
		 ev->name, e->pmu->name, have, ev->name);
	return NULL;
}

static int rule_hns3(struct ev_set *set, size_t i, struct pmu_err *err, struct diag *warn)
{
	struct ev_encoded *e = &set->v[i];

	if (!e->pmu || e->pmu->family != FAMILY_HNS3)
		return 0;
	e->filter_mode = hns3_select_mode(e, err, warn);
	return e->filter_mode ? 0 : err->code;
}

typedef int (*rule_fn)(struct ev_set *set, size_t i, struct pmu_err *err);

static const rule_fn rules[] = {
	rule_group_one_pmu, rule_no_exclude, rule_drw_alone, rule_t410_pcie,
	rule_t410_tgt,	    rule_t410_c2c,   rule_t410_cmem,
};

int rules_check(struct ev_set *set, struct pmu_err *err, struct diag *warn)
{
	for (size_t i = 0; i < set->n; i++) {
		int ret;

		for (size_t r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
			ret = rules[r](set, i, err);
			if (ret)
				return ret;
		}
		ret = rule_hns3(set, i, err, warn);
		if (ret)
			return ret;
	}
	return 0;
}
