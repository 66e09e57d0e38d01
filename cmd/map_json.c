// SPDX-License-Identifier: GPL-2.0
/* pmuctl map -j: one record per function, every key present (schemas/map.schema.json). */
#include <stdio.h>
#include "cmd/pmuctl.h"
#include "cmd/map_json.h"

/* The full domain:bus:dev.fn form, whatever lspci would print: JSON keys never change shape */
static const char *fn_full(const struct pcifn *f, char *buf, size_t size)
{
	pcifn_full_name(f, buf, size);
	return buf;
}

/* "pmu/event,filter/": ready for stat -e */
static const char *event_text(const struct fn_pmu *r, const struct fn_filter *f, char *buf,
			      size_t size)
{
	char filt[160];

	fn_filter_text(f, filt, sizeof(filt));
	/* a PMU that is the port's own (DesignWare) needs no filter: no comma before nothing */
	snprintf(buf, size, "%s/%s%s%s/", r->name, r->event, filt[0] ? "," : "", filt);
	return buf;
}

/* The PMU of a function below no Tegra410 root port (an HNS3 SICL, a DesignWare port's own) */
static json_t *requester_json(const struct fn_pmu *r)
{
	char filter[160], event[256];
	json_t *o = json_pack("{s:s, s:s}", "pmu", r->name, "filter",
			      fn_filter_text(&r->function, filter, sizeof(filter)));

	/* null when the family names no event for the filter */
	json_object_set_new(o, "event",
			    jout_text(r->event ? event_text(r, &r->function, event, sizeof(event)) : NULL));
	return o;
}

static json_t *tgt_json(const struct fn_pmu *t)
{
	json_t *arr = json_array();

	for (size_t b = 0; b < t->nbars; b++) {
		const struct fn_filter *f = &t->bars[b];
		char event[256];

		json_array_append_new(arr, json_pack("{s:i, s:o, s:o, s:o, s:s}", "bar", f->bar, "base",
						     jout_hex(f->term[0].value), "mask",
						     jout_hex(f->term[1].value), "size",
						     json_integer((json_int_t)f->bar_size), "event",
						     event_text(t, f, event, sizeof(event))));
	}
	return arr;
}

/* Every key for every function, null where it does not apply: schemas/map.schema.json */
/* The DVSEC's own fields, read from a root port; null on other functions */
static void set_dvsec(json_t *o, const struct nv_dvsec *port)
{
	json_object_set_new(o, "bus", port ? json_integer(port->bus) : json_null());
	json_object_set_new(o, "segment", port ? json_integer(port->segment) : json_null());
	json_object_set_new(o, "dvsec_offset", port ? json_integer(port->offset) : json_null());
}

/* The filters of a function below a Tegra410 root port; null below none */
static void set_t410(json_t *o, const struct devmap_fn *m)
{
	const struct nv_dvsec *d = m->dvsec;
	char buf[256];

	json_object_set_new(o, "tgt_pmu", d ? json_string(m->target.name) : json_null());
	json_object_set_new(o, "tgt_pmu_present", json_boolean(d && m->target.pmu));
	json_object_set_new(o, "src_rp_mask", d ? json_integer(m->rp_mask) : json_null());
	json_object_set_new(o, "event_bdf",
			    jout_text(d ? event_text(&m->requester, &m->requester.function, buf, sizeof(buf)) : NULL));
	json_object_set_new(o, "event_root_port",
			    jout_text(d && m->requester.root_port.n ?
					      event_text(&m->requester, &m->requester.root_port, buf, sizeof(buf)) :
					      NULL));
	json_object_set_new(o, "tgt_filters", d ? tgt_json(&m->target) : json_array());
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

/* Every key for every function, null where it does not apply: schemas/map.schema.json */
json_t *map_record_json(const struct pcitopo *topo, const struct devmap_fn *maps, size_t i)
{
	const struct pcifn *f = &topo->fn[i];
	const struct devmap_fn *m = &maps[i];
	const struct nv_dvsec *d = m->dvsec;
	char bdf[32], rp[32], vendor[8], device[8], class[8];
	json_t *o;

	snprintf(vendor, sizeof(vendor), "%04x", f->cfg.vendor);
	snprintf(device, sizeof(device), "%04x", f->cfg.device);
	snprintf(class, sizeof(class), "%04x", f->cfg.class_code >> 8);
	o = json_pack("{s:s, s:s, s:s, s:s, s:i}", "bdf", fn_full(f, bdf, sizeof(bdf)), "vendor", vendor,
		      "device", device, "class", class, "src_bdf", m->src_bdf);
	json_object_set_new(o, "root_port",
			    jout_text(d ? fn_full(&topo->fn[m->root], rp, sizeof(rp)) : NULL));
	json_object_set_new(o, "is_root_port", d ? json_boolean((size_t)m->root == i) : json_null());
	json_object_set_new(o, "socket", d ? json_integer(d->socket) : json_null());
	json_object_set_new(o, "rc", d ? json_integer(d->rc) : json_null());
	json_object_set_new(o, "rp", d ? json_integer(d->rp) : json_null());
	set_dvsec(o, d && (size_t)m->root == i ? d : NULL);
	json_object_set_new(o, "pmu", m->requester.family ? json_string(m->requester.name) : json_null());
	json_object_set_new(o, "pmu_present", json_boolean(m->requester.pmu));
	set_t410(o, m);
	json_object_set_new(o, "hns3", !d && m->requester.family ? requester_json(&m->requester) : json_null());
	json_object_set_new(o, "link", link_json(topo, &f->link));
	return o;
}
