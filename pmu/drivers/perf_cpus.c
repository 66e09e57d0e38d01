// SPDX-License-Identifier: GPL-2.0
/* The perf driver's counters by CPU, each call made on its counter's CPU (perf_cpus.h). */
#include <errno.h>
#include <stdlib.h>
#include "pmu/drivers/perf_cpus.h"

static int perf_cpus_cmp(const void *a, const void *b, void *arg)
{
	const struct count_set *s = arg;
	size_t i = *(const size_t *)a, k = *(const size_t *)b;

	if (s->v[i].cpu != s->v[k].cpu)
		return s->v[i].cpu < s->v[k].cpu ? -1 : 1;
	return i < k ? -1 : i > k;
}

int perf_cpus_build(struct perf_cpus *pc, const struct count_set *s, perf_cpus_test *mine, perf_cpus_test *leads)
{
	size_t n = 0;

	*pc = (struct perf_cpus){ 0 };
	pc->order = malloc((s->n ? s->n : 1) * sizeof(*pc->order));
	pc->runs = malloc((s->n ? s->n : 1) * sizeof(*pc->runs));
	if (!pc->order || !pc->runs || cpumove_init(&pc->move)) {
		perf_cpus_free(pc);
		return -ENOMEM;
	}
	for (size_t i = 0; i < s->n; i++)
		if (mine(s, i))
			pc->order[n++] = i;
	qsort_r(pc->order, n, sizeof(*pc->order), perf_cpus_cmp, (void *)s);
	for (size_t k = 0; k < n; k++) {
		struct perf_cpus_run *r = &pc->runs[pc->nruns ? pc->nruns - 1 : 0];
		int cpu = s->v[pc->order[k]].cpu;

		if (!pc->nruns || r->cpu != cpu) {
			r = &pc->runs[pc->nruns++];
			*r = (struct perf_cpus_run){ .cpu = cpu, .start = k, .end = k };
		}
		r->end = k + 1;
		r->leaders += leads(s, pc->order[k]);
	}
	return 0;
}

static void perf_cpus_visit(const struct perf_cpus *pc, const struct perf_cpus_run *r, struct count_set *s,
			    bool backwards, perf_cpus_op *op, void *arg)
{
	for (size_t k = r->start; k < r->end; k++)
		op(s, pc->order[backwards ? r->end - 1 - (k - r->start) : k], arg);
}

/* Worth a move: a CPU, not this one, with more than one call to make */
static bool perf_cpus_moves(const struct perf_cpus_run *r, int here)
{
	return r->cpu >= 0 && r->cpu != here && r->leaders > 1;
}

void perf_cpus_each(struct perf_cpus *pc, struct count_set *s, bool backwards, perf_cpus_op *op, void *arg)
{
	int here = cpumove_here();
	bool begun = false;

	/* where pmuctl runs first, then each CPU in turn, and back to the CPUs it was given */
	for (size_t k = 0; k < pc->nruns; k++) {
		const struct perf_cpus_run *r = &pc->runs[backwards ? pc->nruns - 1 - k : k];

		if (!perf_cpus_moves(r, here))
			perf_cpus_visit(pc, r, s, backwards, op, arg);
	}
	for (size_t k = 0; k < pc->nruns; k++) {
		const struct perf_cpus_run *r = &pc->runs[backwards ? pc->nruns - 1 - k : k];

		if (!perf_cpus_moves(r, here))
			continue;
		if (!begun)
			cpumove_begin(&pc->move);
		begun = true;
		/* not allowed there, or refused: the calls are made from here, a cross-call each */
		cpumove_to(&pc->move, r->cpu);
		perf_cpus_visit(pc, r, s, backwards, op, arg);
	}
	if (begun)
		cpumove_end(&pc->move);
}

void perf_cpus_free(struct perf_cpus *pc)
{
	free(pc->order);
	free(pc->runs);
	cpumove_free(&pc->move);
	*pc = (struct perf_cpus){ 0 };
}
