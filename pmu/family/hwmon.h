/* SPDX-License-Identifier: GPL-2.0 */
/* The BlueField hwmon driver: bfperf/BLOCK/EVENT/ counted through eventN, counterN and enable. */
#ifndef PMUCTL_DRV_HWMON_H
#define PMUCTL_DRV_HWMON_H

#include "lib/sysroot.h"
#include "pmu/drivers/count.h"

struct plan_event;

/*
 * Add a counter for event e of a BlueField block (e->pmu); the root and e must outlive the
 * set. e->config[0] is the event's number, programmed into an eventN; a register block reads
 * the file named after the event instead.
 */
/* The BlueField family's counting driver (its ops' rules.driver) */
extern const struct count_driver hwmon_driver;

struct counter *hwmon_counter_add(struct count_set *s, const struct sysroot *root,
				  const struct plan_event *e);

#endif
