/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One pmuctl at a time per BlueField block, whatever lock directory or mount namespace each
 * runs in (a systemd unit with ProtectSystem=strict sees /run/lock read-only): the lock is an
 * flock(2) on the block's own sysfs directory, which every process on the machine shares.
 * Within one process a block's lock is shared and counted, so that serve's reload takes the
 * new plan's blocks before it lets go of the old one's.
 */
#ifndef PMUCTL_HWMON_LOCK_H
#define PMUCTL_HWMON_LOCK_H

#include <stddef.h>
#include "lib/sysroot.h"

struct hwmon_lock;

/*
 * Lock the block directory dir (below root), named block in messages. 0, or -EBUSY when
 * another process holds it (why names its pid) or another -errno, with why.
 */
int hwmon_lock_take(const struct sysroot *root, const char *dir, const char *block,
		    struct hwmon_lock **out, char *why, size_t n);
/* Drop one hold; the last lets the block go */
void hwmon_lock_drop(struct hwmon_lock *l);

#endif
