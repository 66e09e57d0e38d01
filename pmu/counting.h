/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The counting engine under stat, top and serve: a plan's counters opened, read from marks,
 * carried over a reload and closed. It never prints: failures come back as errors and in each
 * counter's why, for the command to say.
 */
#ifndef PMUCTL_COUNTING_H
#define PMUCTL_COUNTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/diag.h"
#include "lib/nofile.h"
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
 * The counters of plan and what they need to themselves, no hardware state changed yet
 * (serve's reload closes the old plan after this): 0 or -ENOMEM
 */
int counting_prepare(struct counting *c, const struct plan *plan, const struct plan_counters_opts *po);
/* The counters that are a file descriptor each (perf's) */
size_t counting_files(const struct counting *c);
/*
 * Open them, not enabled yet: 0, with each counter that failed saying why; -EMFILE when the
 * hard limit of open files is below what they need (nf says both), -ENOMEM
 */
int counting_start(struct counting *c, struct nofile *nf);
/* The totals of from's counters (read last) go on in to's counters of the same event and CPU */
void counting_carry(struct counting *to, const struct counting *from);
/* Close, restoring what a source's counting programmed: each restore that failed goes to
 * errors, naming the file and its value; then -EIO */
int counting_close(struct counting *c, struct diag *errors);
void counting_free(struct counting *c);

#endif
