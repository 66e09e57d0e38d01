/* SPDX-License-Identifier: GPL-2.0 */
/* The counting engine (pmu/counting.h) opened and closed with its failures said. */
#ifndef PMUCTL_CMD_COUNTERS_H
#define PMUCTL_CMD_COUNTERS_H

#include <stddef.h>
#include "pmu/counting.h"

/*
 * Open the counters of plan, not enabled yet; warns of every counter that failed, prints why
 * nothing can count. EXIT_OK with *nfailed those that failed, or EXIT_FAIL.
 */
int counters_open(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po,
		  size_t *nfailed);
/* The same in two steps, for serve's reload, which closes the old plan between the two */
int counters_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po);
int counters_start(struct counting *c, const struct plan *plan, size_t *nfailed);
/* Close, each restore that failed an error of its own: then -EIO */
int counters_close(struct counting *c);

#endif
