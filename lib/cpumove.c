// SPDX-License-Identifier: GPL-2.0
/* Running on a given CPU for a while, within the affinity the thread was given (cpumove.h). */
#include <errno.h>
#include "lib/cpumove.h"

/* sched_getaffinity refuses a mask smaller than the kernel's: room for as many CPUs as it has */
#define CPUMOVE_CPUS 8192
#define CPUMOVE_SIZE CPU_ALLOC_SIZE(CPUMOVE_CPUS)

int cpumove_init(struct cpumove *m)
{
	m->known = m->moved = false;
	m->allowed = CPU_ALLOC(CPUMOVE_CPUS);
	m->one = CPU_ALLOC(CPUMOVE_CPUS);
	if (m->allowed && m->one)
		return 0;
	cpumove_free(m);
	return -ENOMEM;
}

void cpumove_free(struct cpumove *m)
{
	CPU_FREE(m->allowed);
	CPU_FREE(m->one);
	m->allowed = m->one = NULL;
}

void cpumove_begin(struct cpumove *m)
{
	m->moved = false;
	/* a mask read each round: taskset -p may have changed it since the last */
	m->known = m->allowed && !sched_getaffinity(0, CPUMOVE_SIZE, m->allowed);
}

int cpumove_here(void)
{
	return sched_getcpu();
}

bool cpumove_to(struct cpumove *m, int cpu)
{
	if (!m->known || cpu < 0 || cpu >= CPUMOVE_CPUS || !CPU_ISSET_S((size_t)cpu, CPUMOVE_SIZE, m->allowed))
		return false;
	CPU_ZERO_S(CPUMOVE_SIZE, m->one);
	CPU_SET_S((size_t)cpu, CPUMOVE_SIZE, m->one);
	if (sched_setaffinity(0, CPUMOVE_SIZE, m->one))
		return false;
	m->moved = true;
	return true;
}

void cpumove_end(struct cpumove *m)
{
	/* the mask was the thread's a moment ago: only a cpuset changed meanwhile refuses it */
	if (m->moved)
		(void)sched_setaffinity(0, CPUMOVE_SIZE, m->allowed);
	m->moved = false;
}
