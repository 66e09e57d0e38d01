// SPDX-License-Identifier: GPL-2.0
/* Grouping and CPU placement of counters; which events read together is the families' call. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/count_plan.h"
#include "pmu/drv_perf.h"

/* Which events open together with event i (i itself first) */
static bool together(const struct ev_set *set, size_t i, size_t k)
{
	const struct ev_encoded *a = &set->v[i], *b = &set->v[k];

	if (a->group >= 0 || b->group >= 0)
		return a->group >= 0 && a->group == b->group;
	if (!a->pmu || a->pmu != b->pmu || !a->pmu->family->together)
		return false;
	return a->pmu->family->together(set, i, k);
}

static void mods_to_spec(const char *mods, struct perf_spec *sp)
{
	bool u = mods && strchr(mods, 'u'), k = mods && strchr(mods, 'k'), h = mods && strchr(mods, 'h');

	if (!u && !k && !h)
		return;
	sp->exclude_user = !u;
	sp->exclude_kernel = !k;
	sp->exclude_hv = !h;
}

static int add_member(struct count_set *out, const struct ev_encoded *e, int cpu, pid_t task,
		      size_t leader, int group, int input_base, char *const *inputs)
{
	struct perf_spec sp = { .pmu = e->pmu, .type = e->type, .pid = task, .leader = leader };
	struct counter *c;

	memcpy(sp.config, e->config, sizeof(sp.config));
	mods_to_spec(e->mods, &sp);
	c = perf_counter_add(out, &sp);
	if (!c)
		return -ENOMEM;
	c->event = strdup(e->name ? e->name : e->event);
	c->pmu = strdup(e->pmu ? e->pmu->name : "cpu");
	if (!c->event || !c->pmu)
		return -ENOMEM;
	c->cpu = cpu;
	c->group = group;
	c->input = e->arg + input_base;
	c->pos = e->start;
	if (inputs && e->end > e->start)
		c->label = strndup(inputs[e->arg] + e->start, e->end - e->start);
	else
		c->label = strdup(e->event);
	if (!c->label)
		return -ENOMEM;
	if (e->pmu)
		c->socket = pmu_socket(e->pmu);
	return 0;
}

static void cpus_of(const struct ev_encoded *e, const struct count_plan_opts *o, const int **cpu,
		    size_t *n)
{
	static const int any = -1;

	if (e->pmu && e->pmu->has_cpumask && e->pmu->cpumask.n) {
		*cpu = e->pmu->cpumask.cpu;	/* uncore: the first CPU only */
		*n = 1;
	} else if (o->task >= 0 || !o->online || !o->online->n) {
		*cpu = &any;
		*n = 1;
	} else {
		*cpu = o->online->cpu;
		*n = o->online->n;
	}
}

int count_plan(const struct ev_set *set, const struct count_plan_opts *o, int input_base,
	       char *const *inputs, struct count_set *out)
{
	bool *done = calloc(set->n ? set->n : 1, sizeof(bool));
	int group = 0, ret = 0;

	if (!done)
		return -ENOMEM;
	for (size_t i = 0; i < set->n && !ret; i++) {
		const int *cpu;
		size_t ncpu;
		pid_t task;

		if (done[i])
			continue;
		cpus_of(&set->v[i], o, &cpu, &ncpu);
		task = cpu[0] < 0 ? o->task : -1;
		for (size_t c = 0; c < ncpu && !ret; c++, group++) {
			size_t leader = out->n;

			for (size_t k = i; k < set->n && !ret; k++) {
				if (k != i && (done[k] || !together(set, i, k)))
					continue;
				ret = add_member(out, &set->v[k], cpu[c], task, leader, group,
						 input_base, inputs);
			}
		}
		for (size_t k = i; k < set->n; k++)
			if (k == i || together(set, i, k))
				done[k] = true;
	}
	free(done);
	return ret;
}
