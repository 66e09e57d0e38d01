// SPDX-License-Identifier: GPL-2.0
/* The counting engine's open and close: what stat, top and serve share, without a word printed. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/counting.h"

int counting_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po)
{
	if (plan_counters(plan, po, &c->cs))
		return -ENOMEM;
	c->mark = calloc(c->cs.n ? c->cs.n : 1, sizeof(*c->mark));
	c->warned = calloc(c->cs.n ? c->cs.n : 1, sizeof(bool));
	c->carried = calloc(c->cs.n ? c->cs.n : 1, sizeof(*c->carried));
	c->open = true;
	if (!c->mark || !c->warned || !c->carried || count_reserve_all(&c->cs))
		return -ENOMEM;
	return 0;
}

size_t counting_files(const struct counting *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->cs.n; i++)
		n += c->cs.v[i].drv == &perf_driver;
	return n;
}

int counting_start(struct counting *c, struct nofile *nf)
{
	/* the soft limit raised for the counters' descriptors, as perf does */
	if (nofile_reserve(counting_files(c), nf))
		return -EMFILE;
	return count_open_all(&c->cs) ? -ENOMEM : 0;
}

void counting_carry(struct counting *to, const struct counting *from)
{
	for (size_t i = 0; i < to->cs.n; i++) {
		const struct counter *c = &to->cs.v[i];

		for (size_t k = 0; k < from->cs.n; k++) {
			const struct counter *o = &from->cs.v[k];

			if (o->drv == c->drv && o->cpu == c->cpu && !strcmp(o->event, c->event)) {
				to->carried[i] = from->carried[k] + count_since(&from->cs, k, NULL).value;
				break;
			}
		}
	}
}

int counting_close(struct counting *c, struct diag *errors)
{
	if (!c->open)
		return 0;
	c->open = false;
	return count_close_all(&c->cs, errors);
}

void counting_free(struct counting *c)
{
	count_set_free(&c->cs);
	free(c->mark);
	free(c->warned);
	free(c->carried);
	memset(c, 0, sizeof(*c));
}
