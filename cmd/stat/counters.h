/* SPDX-License-Identifier: GPL-2.0 */
/* The counting engine (pmu/counting.h) opened and closed with its failures said. */
#ifndef PMUCTL_CMD_COUNTERS_H
#define PMUCTL_CMD_COUNTERS_H

#include <stddef.h>
#include "pmu/counting.h"

/*
 * Open the counters of plan, not enabled yet, in two steps (serve's reload closes the old plan
 * between them); start warns of every counter that failed and says why nothing can count:
 * EXIT_OK with *nfailed those that failed, or EXIT_FAIL
 */
int counters_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po);
int counters_start(struct counting *c, const struct plan *plan, size_t *nfailed);
/* Close, each restore that failed an error of its own: then -EIO */
int counters_close(struct counting *c);

#endif
