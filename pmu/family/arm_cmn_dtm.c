// SPDX-License-Identifier: GPL-2.0
/* A CMN group's counters on each DTM, as arm_cmn_val_add_event() counts them from the map. */
#include <string.h>
#include "pmu/family/arm_cmn.h"
#include "pmu/family/arm_cmn_dtm.h"

/* CMN_MAX_DIMENSION squared crosspoints, up to 3 DTMs each (ports 0-1, 2-3, 4-5) */
#define DTM_MAX (CMN_MAP_DIM * CMN_MAP_DIM * 3)

static size_t dtm_of(const struct cmn_map *m, bool multi, unsigned x, unsigned y, unsigned port)
{
	return ((size_t)y * m->mesh_x + x) * 3 + (multi ? port / 2 : 0);
}

/* Add one to each DTM ev counts on (mark[] says which e touches); false: the map cannot tell */
static bool place(const struct cmn_map *m, bool multi, const struct arm_cmn_dtm_event *ev,
		  unsigned char *count)
{
	if (ev->type == CMN_TYPE_XP || ev->type == CMN_TYPE_WP) {
		unsigned sub = ev->type == CMN_TYPE_WP && multi ? ev->wp_dtm * 2 : 0;

		for (unsigned y = 0; y < m->mesh_y; y++)
			for (unsigned x = 0; x < m->mesh_x; x++)
				if (!ev->bynodeid || cmn_map_nodeid(m, x, y, 0, 0) == ev->nodeid)
					count[dtm_of(m, multi, x, y, sub)]++;
		return true;
	}
	/* DVM, CFG and DTC nodes are not on the map, nor types it has no port name for */
	if (ev->type < CMN_TYPE_HNI || !cmn_map_type_known(ev->type))
		return false;
	for (size_t i = 0; i < m->n; i++) {
		const struct cmn_map_node *nd = &m->v[i];

		if (!cmn_map_port_fits(ev->type, nd->type) || (ev->bynodeid && nd->nodeid != ev->nodeid))
			continue;
		count[dtm_of(m, multi, nd->x, nd->y, nd->port)]++;
	}
	return true;
}

/* Mark the DTC domains ev has nodes in; false: the map cannot tell */
static bool domains(const struct cmn_map *m, const struct arm_cmn_dtm_event *ev, bool *in)
{
	unsigned char count[DTM_MAX];

	memset(count, 0, sizeof(count));
	if (!place(m, false, ev, count))
		return false;
	for (size_t xp = 0; xp < (size_t)m->mesh_x * m->mesh_y; xp++) {
		if (!count[xp * 3])
			continue;
		if (m->xp_dtc[xp] < 0 || m->xp_dtc[xp] >= CMN_MAX_DTCS)
			return false;
		in[m->xp_dtc[xp]] = true;
	}
	return true;
}

int arm_cmn_dtc_full(const struct cmn_map *m, const struct arm_cmn_dtm_event *others, size_t n)
{
	unsigned held[CMN_MAX_DTCS] = { 0 };

	for (size_t k = 0; k < n; k++) {
		bool in[CMN_MAX_DTCS] = { false };

		if (!domains(m, &others[k], in))
			return -1;
		for (int d = 0; d < CMN_MAX_DTCS; d++)
			held[d] += in[d];
	}
	for (int d = 0; d < CMN_MAX_DTCS; d++)
		if (held[d] >= CMN_DTC_COUNTERS)
			return d;
	return CMN_MAX_DTCS;
}

int arm_cmn_dtm_full(const struct cmn_map *m, bool multi, const struct arm_cmn_dtm_event *others,
		     size_t n, const struct arm_cmn_dtm_event *e, unsigned *x, unsigned *y)
{
	unsigned char held[DTM_MAX], mine[DTM_MAX];

	memset(held, 0, sizeof(held));
	memset(mine, 0, sizeof(mine));
	for (size_t k = 0; k < n; k++)
		if (!place(m, multi, &others[k], held))
			return -1;
	if (!place(m, multi, e, mine))
		return -1;
	for (size_t d = 0; d < (size_t)m->mesh_x * m->mesh_y * 3; d++) {
		if (!mine[d] || held[d] < CMN_DTM_COUNTERS)
			continue;
		*x = (unsigned)(d / 3 % m->mesh_x);
		*y = (unsigned)(d / 3 / m->mesh_x);
		return 1;
	}
	return 0;
}
