// SPDX-License-Identifier: GPL-2.0
/* Where an event opens: its PMU's cpumask, one of its associated CPUs, every online CPU, or the task. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/encode.h"

/* One CPU: the first of cpus that is online (all of them, when online is not known) */
static int first_online(struct plan_event *e, const struct cpulist *cpus, const struct cpulist *online)
{
	int cpu = cpus->cpu[0];

	for (size_t i = 0; online && i < cpus->n; i++)
		if (cpulist_has(online, cpus->cpu[i])) {
			cpu = cpus->cpu[i];
			break;
		}
	e->cpus.cpu = malloc(sizeof(int));
	if (!e->cpus.cpu)
		return -ENOMEM;
	e->cpus.cpu[0] = cpu;
	e->cpus.n = 1;
	return 0;
}

int encode_cpus(struct plan_event *e, const struct encode_opts *o)
{
	const struct pmu_attrs *at = e->pmu ? pmu_attrs(e->pmu) : NULL;
	const struct cpulist *src = NULL;

	if (at && at->has_cpumask && at->cpumask.n)
		src = &at->cpumask;
	/*
	 * no cpumask, but associated CPUs (arm_cspmu): the driver counts on one of them, the
	 * first online (arm_cspmu_get_cpumask's); every one of them would count it again each
	 */
	else if (at && at->has_associated && at->associated.n)
		return first_online(e, &at->associated, o->online);
	else if (o->system_wide && o->online)
		src = o->online;
	if (!src) {
		e->cpus.cpu = malloc(sizeof(int));
		if (!e->cpus.cpu)
			return -ENOMEM;
		e->cpus.cpu[0] = -1;
		e->cpus.n = 1;
		return 0;
	}
	e->cpus.cpu = malloc(src->n * sizeof(int));
	if (!e->cpus.cpu)
		return -ENOMEM;
	memcpy(e->cpus.cpu, src->cpu, src->n * sizeof(int));
	e->cpus.n = src->n;
	return 0;
}
