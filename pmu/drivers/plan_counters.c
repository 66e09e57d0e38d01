// SPDX-License-Identifier: GPL-2.0
/* Grouping and CPU placement of counters; which events read together is the families' call. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/drivers/perf.h"
#include "pmu/drivers/tool.h"
#include "pmu/drivers/plan_counters.h"
#include "pmu/family/family.h"
#include "pmu/schedule.h"

static void mods_to_spec(const char *mods, struct perf_spec *sp)
{
	bool u = mods && strchr(mods, 'u'), k = mods && strchr(mods, 'k'), h = mods && strchr(mods, 'h');

	if (!u && !k && !h)
		return;
	sp->exclude_user = !u;
	sp->exclude_kernel = !k;
	sp->exclude_hv = !h;
}

static int add_member(struct count_set *out, const struct plan *set, size_t ev, int cpu,
		      pid_t task, size_t leader, int group)
{
	const struct plan_event *e = &set->v[ev];
	struct perf_spec sp = { .pmu = e->pmu, .type = e->type, .pid = task, .leader = leader };
	struct counter *c;

	memcpy(sp.config, e->config, sizeof(sp.config));
	mods_to_spec(e->mods, &sp);
	c = perf_counter_add(out, &sp);
	if (!c)
		return -ENOMEM;
	c->ev = ev;
	c->event = e->name ? e->name : e->event;
	c->cpu = cpu;
	c->group = group;
	return 0;
}

static void cpus_of(const struct plan_event *e, const struct plan_counters_opts *o,
		    const int **cpu, size_t *n)
{
	static const int any = -1;
	const struct pmu_attrs *at = e->pmu ? pmu_attrs(e->pmu) : NULL;
	bool cpumask = at && at->has_cpumask && at->cpumask.n;

	if (cpumask && e->cpus.n && e->cpus.cpu[0] >= 0) {
		/* uncore: the plan's CPUs of its cpumask: each (one a die or socket where the PMU is
		 * the machine's, as perf opens them), or one die's for that die's unit */
		*cpu = e->cpus.cpu;
		*n = e->cpus.n;
	} else if (cpumask) {
		*cpu = at->cpumask.cpu;
		*n = at->cpumask.n;
	} else if (o->task >= 0 || !o->online || !o->online->n) {
		*cpu = &any;
		*n = 1;
	} else {
		*cpu = o->online->cpu;
		*n = o->online->n;
	}
}

/* An event of a family's own driver (a source's block): no CPU, no group, one counter */
static int add_own(struct count_set *out, const struct plan *set, size_t ev, const struct plan_counters_opts *o)
{
	struct counter *c = set->v[ev].pmu->family->ops->rules.driver->add(out, o->root, &set->v[ev]);

	if (!c)
		return -ENOMEM;
	c->ev = ev;
	return 0;
}

/* duration_time: the clock's, one counter, no CPU */
static int add_tool(struct count_set *out, const struct plan *set, size_t ev)
{
	struct counter *c = tool_counter_add(out);

	if (!c)
		return -ENOMEM;
	c->ev = ev;
	c->event = set->v[ev].name ? set->v[ev].name : set->v[ev].event;
	return 0;
}

struct chain_entry {
	size_t at;
	const struct pmu *pmu;
	enum together_class cls;	/* a group's member: alone on its PMU's chain */
	uint64_t key[2];
};

static int by_pmu_class_key(const void *a, const void *b)
{
	const struct chain_entry *x = a, *y = b;

	if (x->pmu != y->pmu)
		return (uintptr_t)x->pmu < (uintptr_t)y->pmu ? -1 : 1;
	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	for (int i = 0; i < 2; i++)
		if (x->key[i] != y->key[i])
			return x->key[i] < y->key[i] ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/*
 * For each event, the next one that may be read with it, in plan order: the next member of
 * its group (next[n + i]); for an event in none, the next of its PMU with its together key, or
 * the next of its PMU when the family pairs events without a key (next[i]). Each key computed
 * once and the events sorted on it: who reads with whom is found along a chain of the events
 * that may, not by asking every later event of the PMU (quadratic in the functions of a root
 * complex under --per-device). SIZE_MAX ends a chain.
 */
static size_t *chains(const struct plan *set)
{
	/* zeroed: the analyzer cannot tell that qsort leaves set->n as it was */
	size_t n = set->n ? set->n : 1, *next = calloc(2 * n, sizeof(*next));
	struct chain_entry *order = calloc(n, sizeof(*order));
	size_t *last = calloc(set->ngroups > 0 ? (size_t)set->ngroups : 1, sizeof(*last));

	if (!next || !order || !last) {
		free(next);
		free(order);
		free(last);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		next[i] = next[n + i] = SIZE_MAX;
	for (size_t i = 0; i < set->n; i++) {
		order[i] = (struct chain_entry){ .at = i, .pmu = set->v[i].pmu };
		order[i].cls = plan_together_class(set, i, order[i].key);
		/* a group's members follow their group's chain (next[n + i]) */
		if (order[i].cls == TOGETHER_GROUP)
			order[i].cls = TOGETHER_ALONE;
	}
	qsort(order, set->n, sizeof(*order), by_pmu_class_key);
	for (size_t j = 0; j + 1 < set->n; j++) {
		const struct chain_entry *a = &order[j], *b = &order[j + 1];

		if (a->cls != TOGETHER_ALONE && a->pmu && a->pmu == b->pmu && a->cls == b->cls &&
		    (a->cls == TOGETHER_PAIRWISE || !memcmp(a->key, b->key, sizeof(a->key))))
			next[a->at] = b->at;
	}
	/* last[g] is 1 + the member of group g seen last */
	for (size_t i = 0; i < set->n; i++) {
		int g = set->v[i].group;

		if (g < 0 || g >= set->ngroups)
			continue;
		if (last[g])
			next[n + last[g] - 1] = i;
		last[g] = i + 1;
	}
	free(order);
	free(last);
	return next;
}

int plan_counters(const struct plan *set, const struct plan_counters_opts *o, struct count_set *out)
{
	bool *done = calloc(set->n ? set->n : 1, sizeof(bool));
	/* with[k]: k is read with the event at hand; asked of the family once a pair, not once a CPU */
	bool *with = calloc(set->n ? set->n : 1, sizeof(bool));
	size_t *next = chains(set);
	int group = 0, ret = 0;

	if (!done || !with || !next) {
		free(done);
		free(with);
		free(next);
		return -ENOMEM;
	}
	for (size_t i = 0; i < set->n && !ret; i++) {
		const struct pmu *p = set->v[i].pmu;
		const size_t *along;
		const int *cpu;
		size_t ncpu;
		pid_t task;

		if (done[i])
			continue;
		if (p && p->family->ops->rules.driver) {
			done[i] = true;
			ret = add_own(out, set, i, o);
			continue;
		}
		if (!p && set->v[i].type == TOOL_TYPE) {
			done[i] = true;
			ret = add_tool(out, set, i);
			continue;
		}
		/* a group's members, or the events of its PMU that may be read with it */
		along = set->v[i].group >= 0 ? next + (set->n ? set->n : 1) : next;
		cpus_of(&set->v[i], o, &cpu, &ncpu);
		task = cpu[0] < 0 ? o->task : -1;
		/* a chain ends at SIZE_MAX: past every event */
		for (size_t k = i; k < set->n; k = along[k])
			with[k] = k == i || (!done[k] && plan_together(set, i, k));
		for (size_t c = 0; c < ncpu && !ret; c++, group++) {
			size_t leader = out->n;

			for (size_t k = i; k < set->n && !ret; k = along[k])
				if (with[k])
					ret = add_member(out, set, k, cpu[c], task, leader, group);
		}
		for (size_t k = i; k < set->n; k = along[k])
			done[k] |= with[k];
	}
	free(done);
	free(with);
	free(next);
	return ret;
}
