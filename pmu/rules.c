// SPDX-License-Identifier: GPL-2.0
/*
 * perf core's rules for every PMU; the family descriptors add their drivers' own. Rules run
 * on encoded events, reading filter fields back out of the configs, so raw config= strings
 * are checked too.
 */
#include <errno.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/rules.h"

int rule_err(struct err_report *err, const struct plan_event *e, int code, const char *fmt, ...)
{
	va_list ap;

	err_at(err, code, e->start, e->end - e->start, "%s", "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->arg = e->arg;
	return code;
}

int rule_one_hw_event_per_group(struct plan *set, size_t i, struct err_report *err, const char *who,
				const char *where)
{
	const struct plan_event *e = &set->v[i];

	if (e->group < 0)
		return 0;
	for (size_t k = 0; k < set->n; k++) {
		const struct plan_event *o = &set->v[k];

		/* type 1: perf's software PMU, which such drivers accept beside their event */
		if (k == i || o->group != e->group || !o->pmu || pmu_attrs(o->pmu)->type == 1)
			continue;
		return rule_err(
			err, e, -EINVAL,
			"%s event '%s' shares a group with '%s': the driver allows one hardware event per group (%s); write them outside {}",
			who, e->event, o->event, where);
	}
	return 0;
}

int rule_err_term(struct err_report *err, const struct plan_event *e, const char *term, int code, const char *fmt, ...)
{
	size_t n = strlen(term), pos = e->start, len = e->end - e->start;
	const char *text = e->event;
	va_list ap;

	/*
	 * The term after '/' or ',' and before '='; else the whole event. Counted from the end: a
	 * glob's event text has the PMU's name where the input has the pattern, the terms alike.
	 */
	for (const char *p = text; text && (p = strstr(p, term)); p += n)
		if (p > text && (p[-1] == '/' || p[-1] == ',') && p[n] == '=' && strlen(p) <= e->end - e->start) {
			pos = e->end - strlen(p);
			len = strcspn(p, ",/");
			break;
		}
	err_at(err, code, pos, len, "%s", "");
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->arg = e->arg;
	return code;
}

size_t rules_group_counters(const struct plan *set, size_t i, size_t cap)
{
	const struct plan_event *e = &set->v[i];
	uint64_t (*key)(const struct plan_event *) = e->pmu->family->ops->rules.counter_key;
	uint64_t seen[64];
	size_t n = 0;

	if (cap >= sizeof(seen) / sizeof(*seen))
		cap = sizeof(seen) / sizeof(*seen) - 1;
	for (size_t k = 0; k <= i && n <= cap; k++) {
		const struct plan_event *o = &set->v[k];
		uint64_t v = key ? key(o) : k;
		bool dup = false;

		if (o->group != e->group || o->pmu != e->pmu)
			continue;
		for (size_t j = 0; j < n && !dup; j++)
			dup = seen[j] == v;
		if (!dup)
			seen[n++] = v;
	}
	return n;
}

/* PERF_PMU_CAP_NO_EXCLUDE: uncore counters cannot tell user from kernel */
static int no_exclude(struct plan *set, size_t i, struct err_report *err)
{
	const struct plan_event *e = &set->v[i];

	if (!e->pmu || !e->pmu->family->uncore || !e->mods || !strpbrk(e->mods, "ukh"))
		return 0;
	return rule_err(err, e, -EINVAL,
			"modifier '%s' on uncore PMU '%s': uncore counters count every privilege level (PERF_PMU_CAP_NO_EXCLUDE), drop the modifier",
			e->mods, e->pmu->name);
}

/*
 * A group holding more of a family's own-counter events (cycles) than it has such counters:
 * the driver's group check fails to place them all (arm_cspmu_validate_group: EINVAL)
 */
static int own_counters(struct plan *set, size_t i, struct err_report *err)
{
	const struct plan_event *e = &set->v[i];
	const struct pmu_family *f = e->pmu->family;
	size_t n = 0;

	if (!f->own_counters || e->group < 0 || !f->ops->rules.own_counter(e))
		return 0;
	for (size_t k = 0; k <= i; k++)
		n += set->v[k].group == e->group && set->v[k].pmu == e->pmu && f->ops->rules.own_counter(&set->v[k]);
	if (n <= f->own_counters)
		return 0;
	return rule_err(err, e, -EINVAL,
			"'%s': the group has %zu events for the %zu counter%s of their kind on '%s' (%s): the driver refuses it; count them outside {}",
			e->event, n, f->own_counters, f->own_counters == 1 ? "" : "s", e->pmu->name, f->own_counters_from);
}

int rules_check(struct plan *set, struct err_report *err, struct diag *warn)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct pmu_family *f = set->v[i].pmu ? set->v[i].pmu->family : NULL;
		/* no rule for groups across PMUs: the encoder splits them per PMU, as perf does */
		int ret = no_exclude(set, i, err);

		if (!ret && f)
			ret = own_counters(set, i, err);
		if (!ret && f && f->ops->rules.check)
			ret = f->ops->rules.check(set, i, err, warn);
		if (ret)
			return ret;
	}
	for (size_t k = 0; pmu_families[k]; k++)
		if (pmu_families[k]->ops->rules.check_plan)
			pmu_families[k]->ops->rules.check_plan(pmu_families[k], set, warn);
	return 0;
}
