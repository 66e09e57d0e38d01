// SPDX-License-Identifier: GPL-2.0
/* The open and close every counting command shares, with the same messages. */
#include <stdlib.h>
#include <string.h>
#include "cmd/counting.h"
#include "cmd/failures.h"
#include "cmd/pmuctl.h"
#include "lib/diag.h"
#include "lib/nofile.h"

int counting_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po)
{
	if (plan_counters(plan, po, &c->cs)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	c->mark = calloc(c->cs.n ? c->cs.n : 1, sizeof(*c->mark));
	c->warned = calloc(c->cs.n ? c->cs.n : 1, sizeof(bool));
	c->carried = calloc(c->cs.n ? c->cs.n : 1, sizeof(*c->carried));
	c->open = true;
	if (!c->mark || !c->warned || !c->carried || count_reserve_all(&c->cs)) {
		p_err("cannot set up counting: out of memory");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/* A file descriptor per perf counter: the soft limit raised for them, as perf does */
static int reserve_files(const struct count_set *cs)
{
	struct nofile nf = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < cs->n; i++)
		n += cs->v[i].drv == &perf_driver;
	if (!nofile_reserve(n, &nf))
		return EXIT_OK;
	p_err("%zu counters need about %zu open files, more than the hard limit of %zu: raise it "
	      "(ulimit -Hn; LimitNOFILE= in a systemd unit) or count fewer events (--socket, --rc, "
	      "fewer -M)", n, nf.need, nf.hard);
	return EXIT_FAIL;
}

int counting_start(struct counting *c, const struct plan *plan, size_t *nfailed)
{
	if (reserve_files(&c->cs))
		return EXIT_FAIL;
	if (count_open_all(&c->cs)) {
		p_err("cannot set up counting: out of memory");
		return EXIT_FAIL;
	}
	*nfailed = warn_failures(plan, &c->cs, c->warned);
	if (*nfailed == c->cs.n) {
		p_err("no event could be counted");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int counting_open(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po,
		  size_t *nfailed)
{
	return counting_prepare(c, plan, po) ?: counting_start(c, plan, nfailed);
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

int counting_close(struct counting *c)
{
	struct diag errors = { 0 };
	int ret;

	if (!c->open)
		return 0;
	c->open = false;
	ret = count_close_all(&c->cs, &errors);
	for (size_t i = 0; i < errors.n; i++)
		p_err("%s", errors.msg[i]);
	diag_free(&errors);
	return ret;
}

void counting_free(struct counting *c)
{
	count_set_free(&c->cs);
	free(c->mark);
	free(c->warned);
	free(c->carried);
	memset(c, 0, sizeof(*c));
}
