// SPDX-License-Identifier: GPL-2.0
/* PMUs found by name through a sorted index; a device is chained under each PMU that sees it. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/devmap.h"
#include "pmu/plan_devices.h"
#include "pmu/pmu.h"

static int by_name(const void *a, const void *b, void *list)
{
	const struct pmu_list *l = list;

	return strcmp(l->v[*(const size_t *)a].name, l->v[*(const size_t *)b].name);
}

/* The index in pmus of the PMU called name, by bisection of order; SIZE_MAX: none */
static size_t find(const struct pmu_list *pmus, const size_t *order, const char *name)
{
	size_t lo = 0, hi = pmus->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(pmus->v[order[mid]].name, name);

		if (!c)
			return order[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

int plan_devices_index(const struct pmu_list *pmus, const struct plan_request *rq,
		       struct plan_devices *out)
{
	size_t np = pmus->n ? pmus->n : 1, nd = rq->ndevices ? rq->ndevices : 1;
	size_t *order = malloc(np * sizeof(*order)), *last = malloc(np * sizeof(*last));

	out->first = malloc(np * sizeof(*out->first));
	out->next = malloc(2 * nd * sizeof(*out->next));
	if (!order || !last || !out->first || !out->next) {
		free(order);
		free(last);
		plan_devices_free(out);
		return -ENOMEM;
	}
	for (size_t k = 0; k < pmus->n; k++) {
		order[k] = k;
		out->first[k] = last[k] = SIZE_MAX;
	}
	qsort_r(order, pmus->n, sizeof(*order), by_name, (void *)pmus);
	for (size_t d = 0; d < rq->ndevices; d++) {
		const struct plan_device *dev = &rq->devices[d];
		size_t k[2] = { find(pmus, order, dev->pmu->name),
				dev->target ? find(pmus, order, dev->target->name) : SIZE_MAX };

		/* one PMU that is both is seen once, as the requester */
		if (k[1] == k[0])
			k[1] = SIZE_MAX;
		for (size_t w = 0; w < 2; w++) {
			size_t node = 2 * d + w;

			out->next[node] = SIZE_MAX;
			if (k[w] == SIZE_MAX)
				continue;
			if (last[k[w]] == SIZE_MAX)
				out->first[k[w]] = node;
			else
				out->next[last[k[w]]] = node;
			last[k[w]] = node;
		}
	}
	free(order);
	free(last);
	return 0;
}

void plan_devices_free(struct plan_devices *d)
{
	free(d->first);
	free(d->next);
	d->first = d->next = NULL;
}
