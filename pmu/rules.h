/* SPDX-License-Identifier: GPL-2.0 */
/* Family rules the drivers enforce, checked before anything is opened. */
#ifndef PMUCTL_RULES_H
#define PMUCTL_RULES_H

#include "lib/diag.h"
#include "pmu/encode.h"

/*
 * Check every event of the set. Returns 0 or the first broken rule (err names the
 * event and quotes the rule). Things that are legal but rarely meant go to warn.
 */
int rules_check(struct ev_set *set, struct pmu_err *err, struct diag *warn);

/* The HNS3 mode the driver selects for e (kernel order), or NULL with err set. */
const char *hns3_select_mode(const struct ev_encoded *e, struct pmu_err *err, struct diag *warn);

#endif
