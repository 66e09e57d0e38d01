/* SPDX-License-Identifier: GPL-2.0 */
/* A plan's counters as stat, top and serve run them: opened, read from marks, closed. */
#ifndef PMUCTL_COUNTING_H
#define PMUCTL_COUNTING_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/drivers/count.h"
#include "pmu/drivers/plan_counters.h"
#include "pmu/plan.h"

struct counting {
	struct count_set cs;
	struct count_mark *mark;	/* every counter at the last report */
	bool *warned;			/* per counter: its failure was reported */
	bool open;			/* opening began: closing restores */
};

/*
 * Open the counters of plan, not enabled yet; warns of every counter that failed, prints why
 * nothing can count. EXIT_OK with *nfailed those that failed, or EXIT_FAIL.
 */
int counting_open(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po,
		  size_t *nfailed);
/* Close, restoring what BlueField counting programmed; each restore that failed is an error
 * of its own, naming the file and its value: then -EIO */
int counting_close(struct counting *c);
void counting_free(struct counting *c);

#endif
