/* SPDX-License-Identifier: GPL-2.0 */
/* A plan's counters as stat, top and serve run them: opened, read from marks, closed. */
#ifndef PMUCTL_COUNTING_H
#define PMUCTL_COUNTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "pmu/drivers/count.h"
#include "pmu/drivers/plan_counters.h"
#include "pmu/plan.h"

struct counting {
	struct count_set cs;
	struct count_mark *mark;	/* every counter at the last report */
	bool *warned;			/* per counter: its failure was reported */
	uint64_t *carried;		/* per counter: what it counted in plans before a reload */
	bool open;			/* opening began: closing restores */
};

/*
 * Open the counters of plan, not enabled yet; warns of every counter that failed, prints why
 * nothing can count. EXIT_OK with *nfailed those that failed, or EXIT_FAIL.
 */
int counting_open(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po,
		  size_t *nfailed);
/* The same in two steps: the counters and what they need to themselves (no hardware state
 * changes), then the opening; serve's reload closes the old plan between the two */
int counting_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po);
int counting_start(struct counting *c, const struct plan *plan, size_t *nfailed);
/* The totals of from's counters (read last) go on in to's counters of the same event and CPU */
void counting_carry(struct counting *to, const struct counting *from);
/* Close, restoring what BlueField counting programmed; each restore that failed is an error
 * of its own, naming the file and its value: then -EIO */
int counting_close(struct counting *c);
void counting_free(struct counting *c);

#endif
