// SPDX-License-Identifier: GPL-2.0
/* -v with -M: the counts each metric value comes from, as perf prints the events beside it. */
#include <stdlib.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"

void render_metric_inputs(const struct render_ctx *c, const struct plan *plan, const struct count_set *cs,
			  const struct count_mark *base)
{
	for (size_t ev = 0; ev < plan->n; ev++) {
		const struct plan_event *e = &plan->v[ev];
		uint64_t en = 0, run = 0;
		double count = 0;
		bool counted = false;
		char num[48], label[512];

		if (e->metric < 0)
			continue;
		/* every CPU it opened on, summed, each scaled for multiplexing */
		for (size_t i = 0; i < cs->n; i++) {
			struct count_mark d;

			if (cs->v[i].ev != ev || count_state_since(cs, i, base) != COUNT_OK)
				continue;
			d = count_since(cs, i, base);
			count += count_scaled(d.value, d.enabled, d.running);
			en += d.enabled;
			run += d.running;
			counted = true;
		}
		if (c->interval)
			fprintf(c->f, "%15.9f ", c->time_s);
		safe_str(e->event, label, sizeof(label));
		if (!counted)
			fprintf(c->f, "    %-18s %s  (input of %s)\n", "<not counted>", label,
				plan->metric[e->metric].m->name);
		else
			fprintf(c->f, "    %18s %s  (input of %s, %.2f%%)\n",
				human_number(count, 0, num, sizeof(num)), label,
				plan->metric[e->metric].m->name, en ? 100.0 * (double)run / (double)en : 100.0);
	}
}
