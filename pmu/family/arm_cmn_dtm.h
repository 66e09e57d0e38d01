/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A CMN group's counters on each crosspoint's DTMs, from the debugfs node map: the budget
 * arm_cmn_validate_group() keeps per DTM (val->dtm_count), one counter for each node an event
 * counts on, 4 a DTM.
 */
#ifndef PMUCTL_ARM_CMN_DTM_H
#define PMUCTL_ARM_CMN_DTM_H

#include <stdbool.h>
#include <stddef.h>
#include "pmu/family/arm_cmn_map.h"

/* What of an event places it: its node type, and one node when bynodeid is set */
struct arm_cmn_dtm_event {
	unsigned type;
	bool bynodeid;
	unsigned nodeid;
	unsigned wp_dtm;	/* a watchpoint's DTM of its crosspoint (wp_dev_sel / 2) */
};

/*
 * Whether e finds a DTM whose counters the events before it (others, n) already hold all of
 * (arm_cmn_validate_group: dtm_count == CMN_DTM_NUM_COUNTERS): 1, that crosspoint in *x, *y;
 * 0 none; -1 the map cannot tell (a node type it does not show). multi: the mesh may have a
 * DTM for each pair of ports (every part but CMN-600), taken as such so as never to refuse
 * what the driver takes.
 */
int arm_cmn_dtm_full(const struct cmn_map *m, bool multi, const struct arm_cmn_dtm_event *others,
		     size_t n, const struct arm_cmn_dtm_event *e, unsigned *x, unsigned *y);

/*
 * From ab33c66fd8f1 (v6.8) each DTC domain has its 8 counters, and an event takes one in each
 * domain it has nodes in; arm_cmn_validate_group refuses a group where the events before the
 * new one hold all 8 of any domain. The first such domain, CMN_MAX_DTCS for none, -1 the map
 * cannot tell (a node type it does not show, a domain it prints as ??).
 */
int arm_cmn_dtc_full(const struct cmn_map *m, const struct arm_cmn_dtm_event *others, size_t n);

#endif
