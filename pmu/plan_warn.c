// SPDX-License-Identifier: GPL-2.0
/* What the plan says about itself as warnings: metrics with no PMU here, inputs a PMU lacks. */
#include <stdio.h>
#include <string.h>
#include "pmu/devmap.h"
#include "pmu/plan_warn.h"

/* Whether the -M list names metric name itself, not through its family or a glob */
bool plan_named_exactly(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *t = list; t && *t; t += strcspn(t, ","), t += *t == ',') {
		if (strcspn(t, ",") == len && !strncmp(t, name, len))
			return true;
	}
	return false;
}

bool plan_family_present(const struct pmu_list *pmus, const char *mf)
{
	for (size_t i = 0; i < pmus->n; i++)
		if (!strcmp(pmus->v[i].family->id, mf))
			return true;
	return false;
}

/* Names joined by ", " in a fixed buffer, "..." at its end when they do not all fit */
struct name_list {
	char *buf;
	size_t size, used, n;
};

static void name_list_add(struct name_list *l, const char *name)
{
	if (l->used < l->size)
		l->used += (size_t)snprintf(l->buf + l->used, l->size - l->used, "%s%s", l->n ? ", " : "",
					    name);
	if (l->used >= l->size)
		memcpy(l->buf + l->size - 4, "...", 4);
	l->n++;
}

/* One warning per family whose metrics have no PMU here (none: per metric of ml) */
void plan_warn_no_pmu(const struct metric_list *ml, const bool *none, const struct plan_request *rq,
			struct diag *warn)
{
	const char *where = rq->where ? rq->where : "on this machine";
	char dev[96] = "";

	if (rq->ndevices == 1)
		snprintf(dev, sizeof(dev), " for device %s", rq->devices[0].bdf);
	else if (rq->ndevices)
		snprintf(dev, sizeof(dev), " for the %zu --device functions", rq->ndevices);
	for (size_t i = 0; none && i < ml->n; i++) {
		const char *family = ml->v[i].family;
		char names[100] = "";
		struct name_list l = { .buf = names, .size = sizeof(names) };
		bool seen = false;

		for (size_t k = 0; k < i && !seen; k++)
			seen = none[k] && !strcmp(ml->v[k].family, family);
		if (!none[i] || seen)
			continue;
		for (size_t k = i; k < ml->n; k++)
			if (none[k] && !strcmp(ml->v[k].family, family))
				name_list_add(&l, ml->v[k].name);
		if (l.n == 1)
			diag_add(warn, "metric %s: no %s PMU %s%s", names, family, where, dev);
		else
			diag_add(warn, "%zu metrics (%s): no %s PMU %s%s", l.n, names, family, where, dev);
	}
}

/* One warning per PMU and reason, however many metrics lack an input there */
void plan_warn_absent(const struct plan *plan, struct diag *warn)
{
	for (size_t i = 0; i < plan->nmetric; i++) {
		const struct plan_metric *a = &plan->metric[i];
		char names[200] = "";
		struct name_list l = { .buf = names, .size = sizeof(names) };
		bool seen = false;

		if (!a->absent)
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = plan->metric[k].absent && plan->metric[k].pmu == a->pmu &&
			       !strcmp(plan->metric[k].absent, a->absent);
		if (seen)
			continue;
		for (size_t k = i; k < plan->nmetric; k++) {
			const struct plan_metric *b = &plan->metric[k];

			if (b->absent && b->pmu == a->pmu && !strcmp(b->absent, a->absent))
				name_list_add(&l, b->m->name);
		}
		diag_add(warn, "%s: %s: %zu metric%s n/a there (%s)", a->pmu->name, a->absent, l.n,
			 plural((long)l.n), names);
	}
}

/* Traffic to a function without a sized memory BAR has no address filter to select it */
void plan_warn_barless(const struct plan_request *rq, const bool *barless, struct diag *warn)
{
	char names[160] = "";
	struct name_list l = { .buf = names, .size = sizeof(names) };
	size_t first = 0;

	for (size_t d = rq->ndevices; d-- > 0;)
		if (barless[d])
			first = d;
	for (size_t d = 0; d < rq->ndevices; d++)
		if (barless[d])
			name_list_add(&l, rq->devices[d].bdf);
	if (l.n == 1)
		diag_add(warn, "--device %s: %s cannot count traffic to it: it has no memory BAR for an address filter to select (pmuctl map %s)",
			 names, rq->devices[first].target->name, names);
	else if (l.n)
		diag_add(warn, "%zu functions (%s) have no memory BAR for a PCIE-TGT address filter to select (switch ports, most often): no traffic to them is counted",
			 l.n, names);
}

/*
 * A PMU whose cpumask is no CPU list is opened as one without a cpumask, on every CPU: an
 * uncore PMU then counts once per CPU, so the plan says so for each PMU it uses
 */
void plan_warn_garbled_cpumasks(const struct plan *plan, struct diag *warn)
{
	/* the plan's PMUs alone, in its order: a lazy scan reads no other's cpumask */
	for (size_t i = 0; i < plan->n; i++) {
		const struct pmu *p = plan->v[i].pmu;
		bool said = false;

		if (!p || !pmu_attrs(p)->cpumask_garbled)
			continue;
		for (size_t k = 0; k < i && !said; k++)
			said = plan->v[k].pmu == p;
		if (!said)
			diag_add(warn, "PMU '%s': its cpumask is not a CPU list, so its events open on "
				 "every CPU, and an uncore PMU counts once per CPU", p->name);
	}
}

const char *plan_families_of(const struct metric_list *ml, const char *name, char *buf, size_t size)
{
	struct name_list l = { .buf = buf, .size = size };

	buf[0] = '\0';
	for (size_t i = 0; i < ml->n; i++)
		if (!strcmp(ml->v[i].name, name))
			name_list_add(&l, ml->v[i].family);
	return buf;
}
