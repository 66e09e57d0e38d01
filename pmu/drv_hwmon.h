/* SPDX-License-Identifier: GPL-2.0 */
/* The BlueField hwmon driver: bfperf/BLOCK/EVENT/ counted through eventN, counterN and enable. */
#ifndef PMUCTL_DRV_HWMON_H
#define PMUCTL_DRV_HWMON_H

#include "pmu/bluefield.h"
#include "pmu/count.h"
#include "lib/err.h"
#include "lib/sysroot.h"

#define BF_EVENT_PREFIX "bfperf/"

struct bf_request {
	const struct bf_device *dev;
	const struct bf_block *block;
	const struct bf_event *event;	/* for register blocks: the register file */
};

/* "bfperf/tile0/HNF_REQUESTS/" or "bfperf/tile0/0x45/"; err points at the bad part */
int bf_request_parse(const struct bf_list *l, const char *text, struct bf_request *out,
		     struct pmu_err *err);
bool bf_request_syntax(const char *text);

/* Add a counter for the hwmon driver; the root must outlive the set. */
struct counter *hwmon_counter_add(struct count_set *s, const struct sysroot *root,
				  const struct bf_request *r, const char *text);
/* Where locks are taken (default /run/lock, else /tmp; PMUCTL_LOCK_DIR overrides). */
const char *hwmon_lock_dir(void);

#endif
