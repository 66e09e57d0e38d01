// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl map -j: one record per function, every key present (schemas/map.schema.json,
 * version 2): where it is, the PMU that counts what it sends (requester) and the one that
 * counts what is sent to it (target), its capabilities and its link. No key names a vendor.
 */
#include <stdio.h>
#include "cmd/map/map.h"
#include "cmd/pmuctl.h"
#include "pmu/family/family.h"

/* The full domain:bus:dev.fn form, whatever lspci would print: JSON keys never change shape */
static const char *fn_full(const struct pcifn *f, char *buf, size_t size)
{
	pcifn_full_name(f, buf, size);
	return buf;
}

/* "pmu/event,filter/": ready for stat -e; null when the family names no event or no filter */
static json_t *event_json(const struct fn_pmu *r, const struct fn_filter *f, bool own)
{
	char filt[160], buf[256];

	if (!r->event || (!f->n && !own))
		return json_null();
	fn_filter_text(f, filt, sizeof(filt));
	/* a PMU that is the port's own needs no filter: no comma before nothing */
	snprintf(buf, sizeof(buf), "%s/%s%s%s/", r->name, r->event, filt[0] ? "," : "", filt);
	return jout_text(buf);
}

static json_t *int_or_null(int v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

static json_t *location_json(const struct pcitopo *topo, const struct pcifn *f, const struct fn_location *at)
{
	char rp[32];

	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "socket", int_or_null(at->socket),
			 "numa_node", int_or_null(at->numa_node), "root_port",
			 at->root_port >= 0 ? jout_text(fn_full(&topo->fn[at->root_port], rp, sizeof(rp))) :
					      json_null(),
			 "host_bridge", f->host_bridge[0] ? jout_text(f->host_bridge) : json_null(), "rc",
			 int_or_null(at->rc), "rp", int_or_null(at->rp), "by",
			 at->by ? json_string(at->by->id) : json_null());
}

/* The PMU that counts what the function sends: the function alone, and its whole root port */
static json_t *requester_json(const struct fn_pmu *r, bool own)
{
	char filter[160], port[160];

	if (!r->family)
		return json_null();
	return json_pack("{s:s, s:s, s:b, s:s, s:o, s:o, s:o}", "family", r->family->id, "pmu", r->name,
			 "present", r->pmu != NULL, "filter", fn_filter_text(&r->function, filter, sizeof(filter)),
			 "event", event_json(r, &r->function, own), "root_port_filter",
			 r->root_port.n || r->port_pmu ? jout_text(fn_filter_text(&r->root_port, port, sizeof(port))) :
							 json_null(),
			 "root_port_event",
			 r->root_port.n || r->port_pmu ? event_json(r, &r->root_port, r->port_pmu) : json_null());
}

/* The PMU that counts what is sent to the function: one address filter per memory BAR */
static json_t *target_json(const struct fn_pmu *t)
{
	json_t *bars;

	if (!t->family)
		return json_null();
	bars = json_array();
	for (size_t b = 0; b < t->nbars; b++) {
		const struct fn_filter *f = &t->bars[b];
		char filter[160];

		json_array_append_new(bars, json_pack("{s:i, s:I, s:s, s:o}", "bar", f->bar, "size",
						      (json_int_t)f->bar_size, "filter",
						      fn_filter_text(f, filter, sizeof(filter)), "event",
						      event_json(t, f, false)));
	}
	return json_pack("{s:s, s:s, s:b, s:o}", "family", t->family->id, "pmu", t->name, "present",
			 t->pmu != NULL, "bars", bars);
}

/* Every DVSEC and VSEC, with the reading of the family that knows it */
static json_t *capabilities_json(const struct pcifn *f)
{
	json_t *arr = json_array();

	for (size_t k = 0; k < f->cfg.nvcaps; k++) {
		const struct pcicfg_vcap *v = &f->cfg.vcap[k];
		const struct pmu_family *by = NULL;
		char vendor[8], line[256];
		uint16_t offset;

		snprintf(vendor, sizeof(vendor), "%04x", v->vendor);
		for (const struct pmu_family *const *fam = pmu_families; *fam && !by; fam++)
			if ((*fam)->ops->locate.capability_line &&
			    (*fam)->ops->locate.capability_line(*fam, f, &offset, line, sizeof(line)) &&
			    offset == v->offset)
				by = *fam;
		json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:o, s:o}", "kind",
						     v->designated ? "dvsec" : "vsec", "vendor", vendor, "id", v->id,
						     "revision", v->rev, "offset", v->offset, "length", v->length,
						     "family", by ? json_string(by->id) : json_null(), "text",
						     by ? jout_text(line) : json_null()));
	}
	return arr;
}

/* The link of a PCIe function: capability, status, and whether it trained below both ends; null */
static json_t *link_json(const struct pcitopo *topo, const struct pcilink *l)
{
	json_t *speeds, *o;
	char partner[32];

	if (!l->present)
		return json_null();
	speeds = json_array();
	for (uint8_t b = 0; b < 7; b++)
		if (l->speeds & (1u << b))
			json_array_append_new(speeds, json_real(pcilink_gts(b + 1)));
	o = json_pack("{s:o, s:i, s:o, s:i, s:o}", "max_speed_gts",
		      l->cap_speed && pcilink_gts(l->cap_speed) ? json_real(pcilink_gts(l->cap_speed)) : json_null(),
		      "max_width", l->cap_width, "speed_gts",
		      l->speed && pcilink_gts(l->speed) ? json_real(pcilink_gts(l->speed)) : json_null(),
		      "width", l->width, "supported_speeds_gts", speeds);
	json_object_set_new(o, "partner", l->partner >= 0 ? json_string(fn_full(&topo->fn[l->partner], partner, sizeof(partner))) : json_null());
	json_object_set_new(o, "downtrained", l->downtrained < 0 ? json_null() : json_boolean(l->downtrained));
	return o;
}

/* PCI_EXP_TYPE_* as words */
static json_t *port_type_json(const struct pcicfg *c)
{
	static const char *const names[] = {
		[0] = "endpoint", [1] = "legacy_endpoint", [4] = "root_port", [5] = "upstream_port",
		[6] = "downstream_port", [7] = "pcie_to_pci_bridge", [8] = "pci_to_pcie_bridge",
		[9] = "rc_integrated_endpoint", [10] = "rc_event_collector",
	};

	if (!c->pcie || c->port_type >= sizeof(names) / sizeof(names[0]) || !names[c->port_type])
		return json_null();
	return json_string(names[c->port_type]);
}

json_t *map_record_json(const struct pcitopo *topo, const struct devmap_fn *maps, size_t i)
{
	const struct pcifn *f = &topo->fn[i];
	const struct devmap_fn *m = &maps[i];
	char bdf[32], vendor[8], device[8], class[8];
	bool own = m->at.root_port == (ssize_t)i;
	json_t *o;

	snprintf(vendor, sizeof(vendor), "%04x", f->cfg.vendor);
	snprintf(device, sizeof(device), "%04x", f->cfg.device);
	snprintf(class, sizeof(class), "%04x", f->cfg.class_code >> 8);
	o = json_pack("{s:s, s:s, s:s, s:s, s:i}", "bdf", fn_full(f, bdf, sizeof(bdf)), "vendor", vendor,
		      "device", device, "class", class, "src_bdf", m->src_bdf);
	json_object_set_new(o, "port_type", port_type_json(&f->cfg));
	json_object_set_new(o, "is_root_port", json_boolean(own));
	json_object_set_new(o, "location", location_json(topo, f, &m->at));
	/* a root port's own PMU selects it with no filter */
	json_object_set_new(o, "requester", requester_json(&m->requester,
								    own && !m->requester.function.n && !m->requester.root_port.n));
	json_object_set_new(o, "target", target_json(&m->target));
	json_object_set_new(o, "capabilities", capabilities_json(f));
	json_object_set_new(o, "link", link_json(topo, &f->link));
	return o;
}
