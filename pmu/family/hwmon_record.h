/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a run changed on a hwmon block, written down before each change: the block, the run
 * (pid and start time), and per file the value before and the value written. A run that ends
 * by SIGKILL, or a crash, leaves its record; the next run on the block, which holds the
 * block's lock, finds it, sees that no live process wrote it, and writes back each value
 * before where the file still holds what the dead run wrote. doctor lists such records.
 * Records live in /run/pmuctl (root's), one per block, named by a hash of the block's path.
 */
#ifndef PMUCTL_HWMON_RECORD_H
#define PMUCTL_HWMON_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "lib/diag.h"
#include "lib/sysroot.h"

#define HWMON_RECORD_DIR "/run/pmuctl"

struct hwmon_record_entry {
	char file[32];
	char before[64], written[64];
};

struct hwmon_record {
	char path[4096];	/* the block's absolute directory: the record's name and check */
	pid_t pid;
	unsigned long long start;	/* the run's start time, in clock ticks since boot */
	struct hwmon_record_entry *e;
	size_t n;
	bool unwritable;	/* the record could not be written: said once */
};

/* A record for the block dir below root, of this process; nothing written yet */
int hwmon_record_init(struct hwmon_record *r, const struct sysroot *root, const char *dir);
/*
 * Note that file held before and is about to hold written, before it is written: the record
 * rewritten whole. -errno when it cannot be (said by the caller once: a kill would then leave
 * the block programmed with no record of what it held)
 */
int hwmon_record_add(struct hwmon_record *r, const char *file, const char *before, const char *written);
/* Every value put back: the record removed */
void hwmon_record_done(struct hwmon_record *r);
void hwmon_record_free(struct hwmon_record *r);
/*
 * A record a run that no longer lives left for the block (the lock is held): each file that
 * still holds what it wrote gets its value before back; what was done, or could not be, goes
 * to notes. The record is removed once handled.
 */
void hwmon_record_recover(const struct sysroot *root, const char *dir, const char *block, struct diag *notes);
/* The records under root's blocks whose runs no longer live: one line each in out */
void hwmon_record_stale(const struct sysroot *root, struct diag *out);

#endif
