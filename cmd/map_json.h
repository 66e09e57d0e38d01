/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PMUCTL_CMD_MAP_JSON_H
#define PMUCTL_CMD_MAP_JSON_H

#include <jansson.h>
#include "pmu/devmap.h"

/* Function i of topo as map -j writes it: every key, null where it does not apply */
json_t *map_record_json(const struct pcitopo *topo, const struct devmap_fn *maps, size_t i);

#endif
