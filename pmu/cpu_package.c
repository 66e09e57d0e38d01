// SPDX-License-Identifier: GPL-2.0
/* devices/system/cpu/cpuN/topology/physical_package_id, once per online CPU */
#include <errno.h>
#include <stdlib.h>
#include "lib/strnum.h"
#include "pmu/cpu_package.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"

int cpu_packages_read(const struct sysroot *root, const struct cpulist *cpus, struct cpu_packages *out)
{
	out->cpus = cpus;
	out->package = calloc(cpus->n ? cpus->n : 1, sizeof(int));
	if (!out->package)
		return -ENOMEM;
	for (size_t i = 0; i < cpus->n; i++) {
		char rel[96], *text = NULL;
		uint64_t id;

		out->package[i] = -1;
		if (sysroot_path(rel, sizeof(rel), "devices/system/cpu/cpu%d/topology/physical_package_id",
				 cpus->cpu[i]) ||
		    sysroot_read_trim(root, rel, &text))
			continue;
		if (!strnum_u64(text, 10, 65535, &id))
			out->package[i] = (int)id;
		free(text);
	}
	return 0;
}

int cpu_package_of_pmu(const struct cpu_packages *pk, const struct pmu *p)
{
	int socket = pmu_socket(p);
	const struct cpulist *cpus;

	/* a socket its name gives reads no cpumask */
	if (socket >= 0 || !pk || !pmu_attrs(p)->has_cpumask || !pmu_attrs(p)->cpumask.n)
		return socket;
	cpus = &pmu_attrs(p)->cpumask;
	socket = cpu_package_of(pk, cpus->cpu[0]);
	/* a PMU counting on a CPU of each socket (one for the machine) is no one socket's */
	for (size_t i = 1; i < cpus->n; i++)
		if (cpu_package_of(pk, cpus->cpu[i]) != socket)
			return -1;
	return socket;
}

int cpu_package_of_counter(const struct cpu_packages *pk, const struct pmu *p, int cpu)
{
	int socket = cpu_package_of_pmu(pk, p);

	return socket >= 0 || !pk || !pmu_attrs(p)->has_cpumask ? socket : cpu_package_of(pk, cpu);
}

int cpu_package_of(const struct cpu_packages *p, int cpu)
{
	if (!p || !p->package)
		return -1;
	for (size_t i = 0; i < p->cpus->n; i++)
		if (p->cpus->cpu[i] == cpu)
			return p->package[i];
	return -1;
}

void cpu_packages_free(struct cpu_packages *p)
{
	free(p->package);
	p->package = NULL;
}
