// SPDX-License-Identifier: GPL-2.0
/* The latency groups of Tegra410's documents, and its root ports' RC map. */
#include <stdio.h>
#include <string.h>
#include "pmu/encode.h"
#include "pmu/family/t410.h"
#include "pmu/pmu.h"

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/* Outstanding requests summed each cycle: Tegra410's *_cum_outs, Grace's *_cum_outs_loc/_rem
 * and SCF's *_outstanding */
static bool outstanding(const char *n)
{
	return strstr(n, "cum_outs") || strstr(n, "outstanding");
}

/* A latency's parts: the outstanding count, the requests (*_req, *_req_loc/_rem, SCF's
 * *_access) and the cycles */
static bool latency_part(const struct plan_event *e)
{
	const char *n = e->alias ? e->alias->name : NULL;

	return n && (outstanding(n) || ends_with(n, "_req") || strstr(n, "_req_") ||
		     ends_with(n, "_access") || !strcmp(n, "cycles"));
}

static bool pmu_has_cum_outs(const struct plan *set, const struct pmu *p)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].pmu == p && set->v[i].group < 0 && set->v[i].alias &&
		    outstanding(set->v[i].alias->name))
			return true;
	return false;
}

bool t410_latency_key(const struct plan *set, size_t i, uint64_t key[2])
{
	const struct plan_event *e = &set->v[i];

	if (!latency_part(e) || !pmu_has_cum_outs(set, e->pmu))
		return false;
	key[0] = 1;	/* every part of the PMU's latency: one group */
	key[1] = 0;
	return true;
}

bool t410_latency_together(const struct plan *set, size_t i, size_t k)
{
	const struct plan_event *a = &set->v[i], *b = &set->v[k];

	return latency_part(a) && latency_part(b) && pmu_has_cum_outs(set, a->pmu);
}

bool t410_rc_map(const struct pcifn *f, struct t410_rc_map *out)
{
	const struct pcicfg_vcap *v = pcicfg_vcap_find(&f->cfg, true, T410_DVSEC_VENDOR, T410_DVSEC_RC_MAP, 0x11);

	if (!v || !f->cfg.bridge)
		return false;
	*out = (struct t410_rc_map){ .offset = v->offset, .bus = v->bytes[0xc], .segment = v->bytes[0xd],
				     .rp = v->bytes[0xe], .rc = v->bytes[0xf], .socket = v->bytes[0x10] };
	return true;
}

void t410_locate(const struct pmu_family *f, const struct pcitopo *t, struct devmap_fn *maps)
{
	for (size_t i = 0; i < t->n; i++) {
		struct fn_location *at = &maps[i].at;
		struct t410_rc_map map;

		/* the DVSEC is the truth for socket, RC and RP: it is the document's own map */
		if (at->root_port < 0 || !t410_rc_map(&t->fn[at->root_port], &map))
			continue;
		at->socket = map.socket;
		at->rc = map.rc;
		at->rp = map.rp;
		at->by = f;
	}
}

bool t410_rc_map_root_port(const struct pmu_family *f, const struct pcifn *fn)
{
	struct t410_rc_map map;

	(void)f;
	return t410_rc_map(fn, &map);
}

bool t410_rc_map_line(const struct pmu_family *f, const struct pcifn *fn, uint16_t *offset, char *buf,
		      size_t size)
{
	struct t410_rc_map map;

	(void)f;
	if (!t410_rc_map(fn, &map))
		return false;
	*offset = map.offset;
	snprintf(buf, size, "Bus=%02x, Segment=%02x, RP=%02x, RC=%02x, Socket=%02x", map.bus, map.segment,
		 map.rp, map.rc, map.socket);
	return true;
}
