// SPDX-License-Identifier: GPL-2.0
/* An open-addressing table from PMU to its events' indices, grown at half full. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "lib/grow.h"
#include "pmu/plan.h"
#include "pmu/plan_index.h"

struct pmu_events {
	const struct pmu *pmu;	/* NULL: a free slot */
	size_t *at;
	size_t n;
};

struct plan_index {
	struct pmu_events *slot;
	size_t nslots, used;
	size_t done;		/* plan->v[0..done) are indexed */
};

static size_t slot_of(const struct plan_index *ix, const struct pmu *pmu)
{
	size_t h = (size_t)((uintptr_t)pmu >> 4) * 0x9e3779b97f4a7c15ull;

	for (size_t k = h & (ix->nslots - 1);; k = (k + 1) & (ix->nslots - 1))
		if (!ix->slot[k].pmu || ix->slot[k].pmu == pmu)
			return k;
}

static int grow_slots(struct plan_index *ix)
{
	struct plan_index bigger = { .nslots = ix->nslots ? 2 * ix->nslots : 64, .used = ix->used,
				     .done = ix->done };

	bigger.slot = calloc(bigger.nslots, sizeof(*bigger.slot));
	if (!bigger.slot)
		return -ENOMEM;
	for (size_t k = 0; k < ix->nslots; k++)
		if (ix->slot[k].pmu)
			bigger.slot[slot_of(&bigger, ix->slot[k].pmu)] = ix->slot[k];
	free(ix->slot);
	*ix = bigger;
	return 0;
}

static int add(struct plan_index *ix, const struct pmu *pmu, size_t at)
{
	struct pmu_events *s;

	if (2 * (ix->used + 1) > ix->nslots && grow_slots(ix))
		return -ENOMEM;
	s = &ix->slot[slot_of(ix, pmu)];
	if (!s->pmu) {
		s->pmu = pmu;
		ix->used++;
	}
	if (grow_array(&s->at, s->n, 1, sizeof(*s->at)))
		return -ENOMEM;
	s->at[s->n++] = at;
	return 0;
}

static void clear(struct plan_index *ix)
{
	for (size_t k = 0; k < ix->nslots; k++)
		free(ix->slot[k].at);
	free(ix->slot);
	*ix = (struct plan_index){ 0 };
}

int plan_index_sync(struct plan *plan, size_t upto)
{
	struct plan_index *ix = plan->index;

	if (!ix && !(ix = plan->index = calloc(1, sizeof(*ix))))
		return -ENOMEM;
	/* events before upto never move once indexed; a plan that shrank is indexed again */
	if (upto < ix->done)
		clear(ix);
	for (; ix->done < upto; ix->done++)
		if (plan->v[ix->done].pmu && add(ix, plan->v[ix->done].pmu, ix->done))
			return -ENOMEM;
	return 0;
}

const size_t *plan_index_on(const struct plan *plan, const struct pmu *pmu, size_t *n)
{
	const struct plan_index *ix = plan->index;
	const struct pmu_events *s;

	*n = 0;
	if (!ix || !ix->nslots || !pmu)
		return NULL;
	s = &ix->slot[slot_of(ix, pmu)];
	if (s->pmu != pmu)
		return NULL;
	*n = s->n;
	return s->at;
}

void plan_index_free(struct plan *plan)
{
	if (plan->index)
		clear(plan->index);
	free(plan->index);
	plan->index = NULL;
}
