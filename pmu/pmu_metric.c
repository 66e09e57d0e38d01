// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a metric's family counts on a PMU: the family's hook, else its id and the event its
 * metrics need. Above the descriptors, as it reads a PMU's events (pmu_find_event).
 */
#include <string.h>
#include "pmu/family/family.h"
#include "pmu/pmu.h"

bool pmu_metric_applies(const struct pmu *p, const char *metric_family)
{
	const char *need = p->family->metrics_need;
	bool applies;

	if (p->family->ops->metrics.metric_applies)
		applies = p->family->ops->metrics.metric_applies(p, metric_family);
	else
		applies = !strcmp(metric_family, p->family->id) &&
			  (!need || pmu_find_event(p, need) || !pmu_nevents(p));
	/* the family's by name, but one whose directory does not open has no counters to give */
	return applies && pmu_present(p);
}

bool pmu_metric_family_known(const char *mf, const struct pmu_list *pmus)
{
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct pmu_family *f = pmu_families[i];

		if (f->ops->identify.metric_family ? f->ops->identify.metric_family(f, mf) : !strcmp(mf, f->id))
			return true;
	}
	for (size_t i = 0; pmus && i < pmus->n; i++)
		if (pmu_metric_applies(&pmus->v[i], mf))
			return true;
	return false;
}
