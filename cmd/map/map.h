/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl map: what it read, what it selected, and its renderers (map_text.c, map_json.c). */
#ifndef PMUCTL_CMD_MAP_H
#define PMUCTL_CMD_MAP_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include "lib/sysroot.h"
#include "pmu/devmap.h"
#include "pmu/pmu.h"
#include "topology/pcifilter.h"

enum map_format { MAP_TREE, MAP_TABLE, MAP_CAPS };

struct map_args {
	struct pci_filter *slot;	/* one per BDF argument */
	char **slot_text;		/* as the user wrote it */
	int nslot;
	struct pci_filter id;
	const char *id_text;		/* -d as written */
	int64_t socket, rc;
	enum map_format format;
	bool downtrained;		/* only functions whose link trained below both ends */
};

struct map_ctx {
	const struct map_args *args;
	struct pcitopo topo;
	struct devmap_fn *maps;
	struct sysroot root;
	bool have_root;
	struct pmu_list pmus;
	bool have_pmus;
	bool *shown;
};

/* By socket, RC and root port, the functions below each, with their filters */
void map_text_tree(const struct map_ctx *c);
/* One line per function */
void map_text_table(const struct map_ctx *c);
/* The families' capability lines of the root ports shown (--format=caps) */
void map_text_capabilities(const struct map_ctx *c);
/* Function i as map -j writes it: every key, null where it does not apply */
json_t *map_record_json(const struct pcitopo *topo, const struct devmap_fn *maps, size_t i);

#endif
