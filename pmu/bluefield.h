/* SPDX-License-Identifier: GPL-2.0 */
/* BlueField performance counters: the mlxbf-pmc hwmon device named "bfperf". */
#ifndef PMUCTL_BLUEFIELD_H
#define PMUCTL_BLUEFIELD_H

#include <stdint.h>
#include "lib/diag.h"
#include "lib/sysroot.h"

enum bf_block_kind {
	BF_BLOCK_COUNTER,	/* eventN/counterN pairs, each programmed on its own */
	BF_BLOCK_L3CACHE,	/* counters started and stopped together through "enable" */
	BF_BLOCK_CRSPACE,	/* BF3 crspace: enable + count_clock */
	BF_BLOCK_REGISTER,	/* statistics registers, one file each (pcieN, ecc) */
};

struct bf_event {
	uint32_t code;
	char *name;		/* exact, including the trailing spaces some BF3 names have */
};

struct bf_block {
	char *name;
	enum bf_block_kind kind;
	int ncounters;		/* eventN/counterN pairs */
	struct bf_event *events;	/* event_list, or the register files */
	size_t nevents;
};

struct bf_device {
	char *hwmon;		/* "hwmon0" */
	struct bf_block *blocks;
	size_t nblocks;
};

struct bf_list {
	struct bf_device *v;
	size_t n;
};

int bf_scan(const struct sysroot *root, struct bf_list *out, struct diag *diag);
void bf_list_free(struct bf_list *l);
const char *bf_block_kind_name(enum bf_block_kind k);
/* Parse event_list text ("0x45: HNF_REQUESTS\n..."); 0 or -EINVAL with the bad line number. */
int bf_event_list_parse(const char *text, struct bf_event **ev, size_t *n, size_t *bad_line);

#endif
