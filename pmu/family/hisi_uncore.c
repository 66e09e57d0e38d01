// SPDX-License-Identifier: GPL-2.0
/* HiSilicon's SCCL uncore PMUs: their names and hisi_uncore_pmu_event_init's rules. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/hisi_uncore.h"
#include "pmu/kernel_gen.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"

_Static_assert(sizeof(struct hisi_uncore_pmu) <= PMU_PRIV_SIZE,
	       "struct hisi_uncore_pmu outgrew PMU_PRIV_SIZE");

const struct hisi_uncore_pmu *hisi_uncore_of(const struct pmu *p)
{
	return (const struct hisi_uncore_pmu *)p->priv;
}

/* The probes' "hisi_sccl%u_<unit>%u" or "hisi_sicl%u_<unit>%u", and "_%u" of a sub id */
bool hisi_uncore_decode(struct pmu *p, const char *die, const char *unit)
{
	struct hisi_uncore_pmu *h = (struct hisi_uncore_pmu *)p->priv;
	size_t dlen = strlen(die), ulen = strlen(unit);
	const char *s = p->name + 5 + dlen, *at, *sub;

	if (strncmp(p->name, "hisi_", 5) || strncmp(p->name + 5, die, dlen) ||
	    !(at = strchr(s, '_')) || strncmp(at + 1, unit, ulen) ||
	    !family_decimal(s, (size_t)(at - s), &h->die))
		return false;
	at += 1 + ulen;
	sub = strchr(at, '_');
	h->sub = -1;
	if (!sub)
		return family_decimal(at, strlen(at), &h->index);
	return family_decimal(at, (size_t)(sub - at), &h->index) &&
	       family_decimal(sub + 1, strlen(sub + 1), &h->sub);
}

/* A SCCL is a CPU die, not a socket: --per-socket places it by its cpumask CPU, as perf does */
void hisi_uncore_location(const struct pmu *p, const char *die, const char *unit, char *buf,
			  size_t size)
{
	const struct hisi_uncore_pmu *h = hisi_uncore_of(p);

	if (h->sub >= 0)
		snprintf(buf, size, "%s %d, %s %d, sub %d", die, h->die, unit, h->index, h->sub);
	else
		snprintf(buf, size, "%s %d, %s %d", die, h->die, unit, h->index);
}

size_t hisi_uncore_fields(const struct pmu *p, const char *die, const char *unit,
			  struct pmu_field *out)
{
	const struct hisi_uncore_pmu *h = hisi_uncore_of(p);

	out[0] = (struct pmu_field){ .key = die, .kind = FIELD_INT, .num = h->die };
	out[1] = (struct pmu_field){ .key = unit, .kind = FIELD_INT, .num = h->index };
	out[2] = (struct pmu_field){
		.key = "sub", .kind = FIELD_INT, .num = h->sub, .null = h->sub < 0
	};
	return 3;
}

bool hisi_uncore_v2(const struct pmu *p, const char *format)
{
	return pmu_find_format(p, format) != NULL;
}

/* 43de0ac332b8 (v6.18): an L3C with extension counters (format ext) came after it */
static bool code_only(const struct pmu *p)
{
	return !kernel_gen_before(6, 18) || pmu_find_format(p, "ext");
}

int hisi_uncore_check(struct plan *set, size_t i, const struct hisi_uncore_limits *l,
		      struct err_report *err, struct diag *warn)
{
	const struct plan_event *e = &set->v[i];
	unsigned long long config = e->config[0], code = config & HISI_UNCORE_CODE;
	bool before = l->last_before && kernel_gen_before(6, 17);
	unsigned long long last = before ? l->last_before : l->last;

	if (code > last && before && code <= l->last)
		return rule_err(
			err, e, -EINVAL,
			"event 0x%llx is past 0x%llx, the last %s takes on '%s' (check_event of PMU %s); 35f5b36e8cc2 (v6.17) raised it to 0x%llx",
			code, last, kernel_gen_name(), e->pmu->name, l->version, l->last);
	if (code > last)
		return rule_err(
			err, e, -EINVAL,
			"event 0x%llx is past the last the driver takes on '%s', 0x%llx (check_event of PMU %s, hisi_uncore_pmu_event_init)",
			code, e->pmu->name, last, l->version);
	if (config > last && !code_only(e->pmu))
		diag_add(
			warn,
			"%s: config 0x%llx sets bits above the event code: %s checks the whole word against 0x%llx and refuses it, unless it has 43de0ac332b8 (v6.18, in stable kernels since)",
			e->event, config, kernel_gen_name(), last);
	if (e->group >= 0 && rules_group_counters(set, i, l->counters) > l->counters)
		return rule_err(
			err, e, -EINVAL,
			"the group needs more than %zu counters on '%s': the driver refuses it (hisi_validate_event_group); split the group",
			l->counters, e->pmu->name);
	return 0;
}

bool hisi_uncore_filter_clash(const struct plan *set, const struct pmu_family *f, uint64_t mask,
			      uint64_t mask2, const struct plan_event **e, const struct plan_event **o)
{
	for (size_t i = 0; i < set->n; i++) {
		*e = &set->v[i];
		if (!(*e)->pmu || (*e)->pmu->family != f)
			continue;
		for (size_t k = 0; k < i; k++) {
			*o = &set->v[k];
			if ((*o)->pmu == (*e)->pmu && (((*o)->config[1] ^ (*e)->config[1]) & mask ||
						       ((*o)->config[2] ^ (*e)->config[2]) & mask2))
				return true;
		}
	}
	return false;
}

void hisi_uncore_shared_filter(const struct plan *set, const struct pmu_family *f, uint64_t mask,
			       uint64_t mask2, const char *where, struct diag *warn)
{
	const struct plan_event *e, *o;

	if (hisi_uncore_filter_clash(set, f, mask, mask2, &e, &o))
		diag_add(
			warn,
			"%s: '%s' has one filter for all its counters (%s): beside '%s', whose filter differs, both count with what the filtered ones wrote there last (ORed in or overwritten), and the first of those to end clears it",
			e->event, e->pmu->name, where, o->event);
}

void hisi_uncore_mask_alone(const struct plan_event *e, const char *mask, const char *cmd,
			    const char *function, struct diag *warn)
{
	if (pmu_config_field(e->pmu, e->config, mask) && !pmu_config_field(e->pmu, e->config, cmd))
		diag_add(
			warn,
			"%s: %s without %s filters nothing: the driver writes the mask only beside a command (%s)",
			e->event, mask, cmd, function);
}

bool hisi_uncore_name_decode(struct pmu *p)
{
	return hisi_uncore_decode(p, family_param(p->family, "die"), family_param(p->family, "unit"));
}

void hisi_uncore_name_location(const struct pmu *p, char *buf, size_t size)
{
	hisi_uncore_location(p, family_param(p->family, "die"), family_param(p->family, "unit"), buf, size);
}

size_t hisi_uncore_name_fields(const struct pmu *p, struct pmu_field *out)
{
	return hisi_uncore_fields(p, family_param(p->family, "die"), family_param(p->family, "unit"), out);
}
