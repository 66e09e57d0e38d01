// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer: arm-cmn's debugfs node map (arm_cmn_map_show's text). An accepted map's nodes lie in
 * its grid, each found again by the nodeid it was given, which the mesh shows there.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/family/arm_cmn_map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmn_map *m;
	char *s = malloc(size + 1);

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	/* either reading of node ids, the length choosing */
	m = cmn_map_parse(s, size, size & 1);
	for (size_t i = 0; m && i < m->n; i++) {
		const struct cmn_map_node *n = &m->v[i];

		if (n->x >= m->mesh_x || n->y >= m->mesh_y || n->port >= m->ports || n->dev > 1 ||
		    cmn_map_shows(m, n->nodeid) != 1 ||
		    cmn_map_find(m, n->nodeid)->nodeid != n->nodeid)
			abort();
		(void)cmn_map_is_xp(m, n->nodeid);
	}
	free(m);
	free(s);
	return 0;
}
