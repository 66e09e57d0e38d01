/* SPDX-License-Identifier: GPL-2.0 */
/* CPU lists as sysfs prints them: "0-71", "72-143", "0,2-3", or a single "%d". */
#ifndef PMUCTL_CPULIST_H
#define PMUCTL_CPULIST_H

#include <stdbool.h>
#include <stddef.h>

/* Hostile inputs like "0-4294967295" must not allocate gigabytes */
#define CPULIST_MAX_CPU 65535

struct cpulist {
	int *cpu;		/* sorted, unique */
	size_t n;
};

/* Returns 0, -EINVAL (malformed) or -ERANGE (a CPU above CPULIST_MAX_CPU). "-1" is empty. */
int cpulist_parse(const char *text, struct cpulist *out);
void cpulist_free(struct cpulist *l);
/* Whether cpu is in l (sorted: a bisection) */
bool cpulist_has(const struct cpulist *l, int cpu);
/* Whether a and b hold the same CPUs */
bool cpulist_equal(const struct cpulist *a, const struct cpulist *b);
/* "0-3,8" form; returns the length written (truncated like snprintf). */
size_t cpulist_format(const struct cpulist *l, char *buf, size_t size);

#endif
