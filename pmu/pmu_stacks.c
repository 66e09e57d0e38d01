// SPDX-License-Identifier: GPL-2.0
/* perf iostat's ports of PMUs that count a stack of every die: by PMU index, then die. */
#include <errno.h>
#include <stdlib.h>
#include "pmu/family/family.h"
#include "pmu/pmu_stacks.h"

static int by_family_rc(const void *a, const void *b)
{
	const struct pmu *x = *(const struct pmu *const *)a, *y = *(const struct pmu *const *)b;
	size_t fx = pmu_family_index(x->family), fy = pmu_family_index(y->family);

	if (fx != fy)
		return fx < fy ? -1 : 1;
	return x->rc < y->rc ? -1 : x->rc > y->rc;
}

int pmu_stacks(const struct pmu_list *pmus, struct pmu_stack **out, size_t *n,
	       const struct pmu ***silent, size_t *nsilent)
{
	const struct pmu **order = calloc(pmus->n ? pmus->n : 1, sizeof(const struct pmu *));
	struct pmu_stack *v = NULL;
	size_t nv = 0, ns = 0;

	*out = NULL;
	*n = 0;
	if (silent)
		*silent = NULL;
	if (!order)
		return -ENOMEM;
	/* the PMUs sorted apart: a caller's pointers into pmus stay good */
	for (size_t k = 0; k < pmus->n; k++)
		order[k] = &pmus->v[k];
	qsort(order, pmus->n, sizeof(const struct pmu *), by_family_rc);
	for (size_t k = 0; k < pmus->n; k++) {
		const struct pmu *p = order[k];
		bool (*root_bus)(const struct pmu *, int, uint32_t *, uint8_t *) = p->family->ops->locate.root_bus;
		struct pmu_stack s = { .pmu = p };

		if (!root_bus || !pmu_family_has_iostat(p->family))
			continue;
		for (s.die = 0; root_bus(p, s.die, &s.domain, &s.bus); s.die++) {
			struct pmu_stack *grown = realloc(v, (nv + 1) * sizeof(*v));

			if (!grown)
				goto oom;
			v = grown;
			v[nv++] = s;
		}
		/* the PMUs of the list that name none keep their place in order's front */
		if (!s.die)
			order[ns++] = p;
	}
	*out = v;
	*n = nv;
	if (silent)
		*silent = order;
	else
		free(order);
	if (nsilent)
		*nsilent = ns;
	return 0;
oom:
	free(v);
	free(order);
	return -ENOMEM;
}
