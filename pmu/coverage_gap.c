// SPDX-License-Identifier: GPL-2.0
/* Each PMU's lowest measured share of the time against the schedule's, and the budget it implies. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "pmu/coverage_gap.h"

/*
 * Below the prediction by more than the rotation's own unevenness: where nothing was to rotate,
 * any share under 95%; where the kernel rotates, a quarter less than predicted (its round
 * robin steps once a tick, so a short interval wanders around the prediction)
 */
static bool below(double predicted, double measured)
{
	return predicted >= 0.999 ? measured < 0.95 : measured < 0.75 * predicted;
}

static const struct sched_pmu *sched_of(const struct schedule *sc, const struct pmu *pmu)
{
	for (size_t i = 0; i < sc->n; i++)
		if (sc->v[i].pmu == pmu)
			return &sc->v[i];
	return NULL;
}

int coverage_gaps(const struct plan *p, const struct schedule *sc, const struct count_set *cs,
		  const struct count_mark *base, struct coverage_gap **out, size_t *n)
{
	struct coverage_gap *v = calloc(sc->n + 1, sizeof(*v));
	size_t k = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < sc->n; i++)
		v[i] = (struct coverage_gap){ .sp = &sc->v[i], .predicted = 2, .measured = 2 };
	for (size_t i = 0; i < cs->n; i++) {
		const struct counter *c = &cs->v[i];
		struct count_mark m = count_since(cs, i, base);
		const struct sched_pmu *sp = sched_of(sc, p->v[c->ev].pmu);
		struct coverage_gap *g;
		double share;

		enum count_state st = count_state_since(cs, i, base);

		if (!sp || (st != COUNT_OK && st != COUNT_SHARED) || !m.enabled)
			continue;
		g = &v[sp - sc->v];
		share = (double)m.running / (double)m.enabled;
		if (share < g->measured)
			g->measured = share;
		if (sc->coverage[c->ev] < g->predicted)
			g->predicted = sc->coverage[c->ev];
	}
	for (size_t i = 0; i < sc->n; i++) {
		struct coverage_gap g = v[i];

		if (g.measured > 1.5 || !below(g.predicted, g.measured))
			continue;
		/* its units take turns on the counters it has: need × share of them at once; one
		 * counter's turns say nothing of how many there are */
		if (!g.sp->counters && g.sp->need > 1) {
			g.inferred = (size_t)lround((double)g.sp->need * g.measured);
			if (g.inferred >= g.sp->need)
				g.inferred = 0;
		}
		v[k++] = g;
	}
	*out = v;
	*n = k;
	return 0;
}
