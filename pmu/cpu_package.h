/* SPDX-License-Identifier: GPL-2.0 */
/* The socket of each CPU: what --per-socket groups a PMU without a socket of its own by. */
#ifndef PMUCTL_CPU_PACKAGE_H
#define PMUCTL_CPU_PACKAGE_H

#include "lib/cpulist.h"
#include "lib/sysroot.h"

struct cpu_packages {
	const struct cpulist *cpus;
	int *package;		/* per cpus->cpu[i]: topology/physical_package_id, -1 unknown */
};

/* Read under the root, as perf does; a CPU without the file has -1. 0 or -ENOMEM. */
int cpu_packages_read(const struct sysroot *root, const struct cpulist *cpus, struct cpu_packages *out);
/* The package of cpu, or -1 */
int cpu_package_of(const struct cpu_packages *p, int cpu);
struct pmu;
/*
 * The socket of p: its name's, else (p given) its cpumask's first CPU's package, as perf
 * places a PMU whose name says none (a memory controller named by its address or die)
 */
int cpu_package_of_pmu(const struct cpu_packages *pk, const struct pmu *p);

/*
 * The socket a counter of p on cpu counts: p's, else, for one PMU with a CPU on each package
 * (one PMU for the machine, a CPU a die), cpu's package; -1 when neither says
 */
int cpu_package_of_counter(const struct cpu_packages *pk, const struct pmu *p, int cpu);
void cpu_packages_free(struct cpu_packages *p);

#endif
