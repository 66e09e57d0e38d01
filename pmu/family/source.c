// SPDX-License-Identifier: GPL-2.0
/* The PMUs that families find outside perf's sysfs (BlueField's hwmon blocks), asked generically. */
#include <errno.h>
#include <string.h>
#include "pmu/pmu.h"

int pmu_sources_scan(const struct sysroot *root, char *const *texts, size_t ntexts,
		     struct pmu_list *out, struct diag *diag)
{
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct pmu_source *s = pmu_families[i]->ops->identify.source;

		if (s && s->scan(root, texts, ntexts, out, diag) == -ENOMEM)
			return -ENOMEM;
	}
	return 0;
}

const struct pmu_source *pmu_source_named(const char *s, size_t len)
{
	for (size_t i = 0; pmu_families[i]; i++) {
		const struct pmu_source *src = pmu_families[i]->ops->identify.source;

		if (src && strlen(src->prefix) == len && !strncmp(src->prefix, s, len))
			return src;
	}
	return NULL;
}

const char *pmu_block_name(const struct pmu *p)
{
	const struct pmu_source *s = p->family->ops->identify.source;
	size_t n = s ? strlen(s->prefix) : 0;

	if (s && !strncmp(p->name, s->prefix, n) && p->name[n] == '/')
		return p->name + n + 1;
	return p->name;
}
