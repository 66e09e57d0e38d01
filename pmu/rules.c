// SPDX-License-Identifier: GPL-2.0
/*
 * perf core's rules for every PMU; the family descriptors add their drivers' own. Rules run
 * on encoded events, reading filter fields back out of the configs, so raw config= strings
 * are checked too.
 */
#include <errno.h>
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

int rules_check(struct plan *set, struct err_report *err, struct diag *warn)
{
	for (size_t i = 0; i < set->n; i++) {
		const struct pmu_family *f = set->v[i].pmu ? set->v[i].pmu->family : NULL;
		/* no rule for groups across PMUs: the encoder splits them per PMU, as perf does */
		int ret = no_exclude(set, i, err);

		if (!ret && f && f->check)
			ret = f->check(set, i, err, warn);
		if (ret)
			return ret;
	}
	for (size_t k = 0; pmu_families[k]; k++)
		if (pmu_families[k]->check_plan)
			pmu_families[k]->check_plan(set, warn);
	return 0;
}
