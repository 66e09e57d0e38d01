// SPDX-License-Identifier: GPL-2.0
/*
 * The counts each metric value comes from: beside it under -v, as perf prints the events,
 * and in -j's inputs, so that --input can evaluate a recorded run again. Each face writes them.
 */
#include <stdlib.h>
#include "cmd/report/metric_inputs.h"

/* Every plan event's sums in one pass over the counters; NULL when out of memory */
struct metric_input_sum *metric_inputs_sums(const struct plan *plan, const struct count_set *cs,
					    const struct count_mark *base)
{
	struct metric_input_sum *v = calloc(plan->n ? plan->n : 1, sizeof(*v));

	for (size_t i = 0; v && i < cs->n; i++) {
		struct metric_input_sum *s = &v[cs->v[i].ev];
		struct count_mark d;

		if (count_state_since(cs, i, base) != COUNT_OK)
			continue;
		d = count_since(cs, i, base);
		s->count += count_scaled(d.value, d.enabled, d.running);
		s->enabled += d.enabled;
		s->running += d.running;
		s->counted = true;
	}
	return v;
}
