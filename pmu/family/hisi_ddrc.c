// SPDX-License-Identifier: GPL-2.0
/*
 * HiSilicon DDRC PMU, one per DDR controller of a SCCL (a CPU die): hisi_sccl<S>_ddrc<I> on
 * Hip08 (PMU v1, HISI0233), hisi_sccl<S>_ddrc<I>_<sub> on Hip09 and later (v2, HISI0234; v3,
 * HISI0235), as drivers/perf/hisilicon/hisi_uncore_ddrc_pmu.c and hisi_uncore_pmu.c register
 * them (read at the version with hisi_ddrc_v3; v2 arrived in torvalds/linux cce03e702c9f, v5.13).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/families.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

#define DDRC_SOURCE "drivers/perf/hisilicon/hisi_uncore_ddrc_pmu.c"
/* DDRC_NR_COUNTERS: 8 in every version */
#define DDRC_COUNTERS 8
/* check_event: DDRC_V1_NR_EVENTS; DDRC_V2_NR_EVENTS, 0x90 as v2 was merged and 0xff later */
#define DDRC_V1_LAST 0x7
#define DDRC_V2_LAST 0xff
#define DDRC_V2_FIRST_LAST 0x90

/* What the name says, in struct pmu's priv */
struct hisi_ddrc_pmu {
	int sccl, ddrc;
	int sub; /* -1: a v1 name, which has none */
};
_Static_assert(sizeof(struct hisi_ddrc_pmu) <= PMU_PRIV_SIZE,
	       "struct hisi_ddrc_pmu outgrew PMU_PRIV_SIZE");

static const struct hisi_ddrc_pmu *hd_of(const struct pmu *p)
{
	return (const struct hisi_ddrc_pmu *)p->priv;
}

/*
 * hisi_ddrc_pmu_probe(): "hisi_sccl%d_ddrc%d_%d" (SCCL, channel, sub id) when the version
 * register reads HISI_PMU_V2 or later, else "hisi_sccl%d_ddrc%d"
 */
static bool decode(struct pmu *p)
{
	struct hisi_ddrc_pmu *h = (struct hisi_ddrc_pmu *)p->priv;
	const char *s = p->name + strlen("hisi_sccl"), *ddrc, *sub;

	if (strncmp(p->name, "hisi_sccl", 9) || !(ddrc = strstr(s, "_ddrc")) ||
	    !family_decimal(s, (size_t)(ddrc - s), &h->sccl))
		return false;
	ddrc += 5;
	sub = strchr(ddrc, '_');
	h->sub = -1;
	if (!sub)
		return family_decimal(ddrc, strlen(ddrc), &h->ddrc);
	return family_decimal(ddrc, (size_t)(sub - ddrc), &h->ddrc) &&
	       family_decimal(sub + 1, strlen(sub + 1), &h->sub);
}

/* The SCCL is a CPU die, not a socket: --per-socket places it by its cpumask CPU, as perf does */
static void location(const struct pmu *p, char *buf, size_t size)
{
	const struct hisi_ddrc_pmu *h = hd_of(p);

	if (h->sub >= 0)
		snprintf(buf, size, "sccl %d, ddrc %d, sub %d", h->sccl, h->ddrc, h->sub);
	else
		snprintf(buf, size, "sccl %d, ddrc %d", h->sccl, h->ddrc);
}

static size_t fields(const struct pmu *p, struct pmu_field *out)
{
	const struct hisi_ddrc_pmu *h = hd_of(p);

	out[0] = (struct pmu_field){ .key = "sccl", .kind = FIELD_INT, .num = h->sccl };
	out[1] = (struct pmu_field){ .key = "ddrc", .kind = FIELD_INT, .num = h->ddrc };
	out[2] = (struct pmu_field){
		.key = "sub", .kind = FIELD_INT, .num = h->sub, .null = h->sub < 0
	};
	return 3;
}

/* perf's hip08/uncore-ddrc.json (flux_wr, flux_rd) and the v2 driver's own three */
static const struct catalog_entry events[] = {
	{ "flux_wr",
	  "DDRC total write operations (perf's uncore-ddrc.json; no document gives their bytes)" },
	{ "flux_rd",
	  "DDRC total read operations (perf's uncore-ddrc.json; no document gives their bytes)" },
	{ "flux_wcmd", "DDRC write commands (v1)" },
	{ "flux_rcmd", "DDRC read commands (v1)" },
	{ "pre_cmd", "DDRC precharge commands (v1)" },
	{ "act_cmd", "DDRC active commands (v1)" },
	{ "rnk_chg", "DDRC rank changes (v1)" },
	{ "rw_chg", "DDRC read and write changes (v1)" },
	{ "cycles", "DDRC clock cycles (v2 and later)" },
	{ NULL, NULL },
};

/*
 * hisi_uncore_pmu_event_init(): -EINVAL for a config past check_event (the whole config, so a
 * raw config= beyond the event field too) and for a group of more hardware events than the 8
 * counters (hisi_validate_event_group). v2's last event was 0x90 as merged, 0xff later: a
 * code between them is a kernel's call, said as a warning.
 */
static int check(struct plan *set, size_t i, struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	bool v1 = hd_of(e->pmu)->sub < 0;
	unsigned long long last = v1 ? DDRC_V1_LAST : DDRC_V2_LAST, config = e->config[0];

	if (config > last)
		return rule_err(
			err, e, -EINVAL,
			"event 0x%llx is past the last the driver takes on '%s', 0x%llx (check_event of PMU %s, hisi_uncore_pmu_event_init)",
			config, e->pmu->name, last, v1 ? "v1" : "v2");
	if (e->group >= 0 && rules_group_counters(set, i, DDRC_COUNTERS) > DDRC_COUNTERS)
		return rule_err(
			err, e, -EINVAL,
			"the group needs more than %d counters on '%s': the driver refuses it (hisi_validate_event_group); split the group",
			DDRC_COUNTERS, e->pmu->name);
	if (!v1 && config > DDRC_V2_FIRST_LAST)
		diag_add(
			warn,
			"%s: event 0x%llx is past 0x%x, the last the v2 driver took as merged (DDRC_V2_NR_EVENTS, cce03e702c9f): a kernel that has not raised it to 0xff refuses it with EINVAL",
			e->event, config, DDRC_V2_FIRST_LAST);
	return 0;
}

/*
 * v1's counters are fixed, counter n for event n (hisi_ddrc_pmu_v1_get_event_idx): a second
 * event of one code on a PMU finds its counter taken (-EAGAIN) and waits its turn, and in
 * one group the group never counts
 */
static void check_plan(const struct plan *set, struct diag *warn)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];

		if (!e->pmu || e->pmu->family != &family_hisi_ddrc || hd_of(e->pmu)->sub >= 0)
			continue;
		for (size_t k = 0; k < i; k++) {
			const struct plan_event *o = &set->v[k];

			if (o->pmu != e->pmu || (o->config[0] & 7) != (e->config[0] & 7))
				continue;
			diag_add(
				warn,
				"%s: '%s' counts event %llu on a fixed counter of its own (hisi_ddrc_pmu_v1_get_event_idx): a second one takes turns with '%s'%s",
				e->event, e->pmu->name, (unsigned long long)(e->config[0] & 7),
				o->event,
				o->group >= 0 && o->group == e->group ?
					", and in one group never counts" :
					"");
			return;
		}
	}
}

#define DDRC_OWN "pmuctl's, on the driver's flux_rd, flux_wr and cycles (" DDRC_SOURCE ")"

static const struct family_metric doc_metrics[] = {
	/* operations, not bytes: no public document gives the bytes of a flux count */
	{ "hisi_ddrc_rd_ops", "flux_rd / 1e6 / duration_time", "M/s",
	  "DDR read operations a second (perf's \"DDRC total read operations\")", DDRC_OWN, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ "hisi_ddrc_wr_ops", "flux_wr / 1e6 / duration_time", "M/s",
	  "DDR write operations a second (perf's \"DDRC total write operations\")", DDRC_OWN, 0,
	  false, NULL, false, false, DEST_NONE, NULL },
	{ "hisi_ddrc_clock", "cycles / 1e6 / duration_time", "MHz",
	  "DDRC clock of a controller, measured (v2 and later)", DDRC_OWN, 0, false, NULL, false,
	  false, DEST_NONE, NULL },
	{ 0 },
};

/* ACPI HIDs HISI0233 (v1), HISI0234 (v2), HISI0235 (v3): hisi_ddrc_pmu_acpi_match */
static const struct family_hardware hardware = {
	.platform = "HISI023",
	.module = "hisi_uncore_ddrc_pmu",
	.config = "CONFIG_HISI_PMU",
	.since = "v4.16 (v1), v5.13 (v2, torvalds/linux cce03e702c9f), " DDRC_SOURCE,
};

static const struct kernel_change changes[] = {
	{ 5, 13,
	  "DDRC PMU v2 (Hip09): programmable counters, hisi_sccl<S>_ddrc<I>_<sub>, events cycles, flux_wr and flux_rd up to 0x90",
	  "torvalds/linux cce03e702c9f (\"drivers/perf: hisi: Update DDRC PMU for programmable counter\")",
	  "reads both names; warns for an event past 0x90 on v2, which later kernels take up to 0xff" },
	{ 0 },
};

const struct pmu_family family_hisi_ddrc = {
	.id = "hisi_ddrc",
	.title = "HiSilicon DDRC",
	.uncore = true,
	.decode = decode,
	.location = location,
	.fields = fields,
	.event_docs = events,
	.check = check,
	.check_plan = check_plan,
	.group_max = DDRC_COUNTERS,
	.counters = DDRC_COUNTERS,
	.counters_from = "DDRC_NR_COUNTERS, " DDRC_SOURCE,
	.doc_metrics = doc_metrics,
	.hardware = &hardware,
	.kernel_changes = changes,
};
