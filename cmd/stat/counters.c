// SPDX-License-Identifier: GPL-2.0
/* The counting engine's open and close as stat, top and serve say them, with the same messages. */
#include <errno.h>
#include "cmd/stat/counters.h"
#include "cmd/stat/failures.h"
#include "cmd/pmuctl.h"

/* What the drivers found while reserving or opening, said once */
static void say_notes(struct counting *c)
{
	for (size_t i = 0; i < c->cs.notes.n; i++)
		p_warn("%s", c->cs.notes.msg[i]);
	diag_free(&c->cs.notes);
}

int counters_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po)
{
	if (!counting_prepare(c, plan, po)) {
		say_notes(c);
		return EXIT_OK;
	}
	p_err("cannot set up counting: out of memory");
	return EXIT_FAIL;
}

int counters_start(struct counting *c, const struct plan *plan, size_t *nfailed)
{
	struct nofile nf = { 0 };
	int ret = counting_start(c, &nf);

	if (ret == -EMFILE) {
		p_err("%zu counters need about %zu open files, more than the hard limit of %zu: raise it "
		      "(ulimit -Hn; LimitNOFILE= in a systemd unit) or count fewer events (--socket, --rc, "
		      "fewer -M)", counting_files(c), nf.need, nf.hard);
		return EXIT_FAIL;
	}
	say_notes(c);
	if (ret) {
		p_err("cannot set up counting: out of memory");
		return EXIT_FAIL;
	}
	*nfailed = warn_failures(plan, &c->cs, c->warned);
	/* a plan of nothing (serve on a machine no family's defaults apply to) is no failure */
	if (c->cs.n && *nfailed == c->cs.n) {
		p_err("no event could be counted");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

int counters_close(struct counting *c)
{
	struct diag errors = { 0 };
	int ret = counting_close(c, &errors);

	for (size_t i = 0; i < errors.n; i++)
		p_err("%s", errors.msg[i]);
	diag_free(&errors);
	return ret;
}
