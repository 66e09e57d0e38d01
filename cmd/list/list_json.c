// SPDX-License-Identifier: GPL-2.0
/* pmuctl list -j: every PMU with its family's keys, and each source's blocks (schemas/list.schema.json). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/list/list.h"
#include "cmd/pmuctl.h"
#include "pmu/pmu.h"

/* A family's own keys: numbers, hex strings, texts, or words as an array */
static void set_fields(json_t *o, const struct pmu_field *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		json_t *v;

		if (f[i].null) {
			v = json_null();
		} else if (f[i].kind == FIELD_INT) {
			v = json_integer(f[i].num);
		} else if (f[i].kind == FIELD_HEX) {
			v = jout_hex((unsigned long long)f[i].num);
		} else if (f[i].kind == FIELD_TEXT) {
			v = jout_text(f[i].text);
		} else {
			char words[sizeof(f[i].words)], *save = NULL;

			v = json_array();
			snprintf(words, sizeof(words), "%s", f[i].words);
			for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
				json_array_append_new(v, json_string(w));
		}
		json_object_set_new(o, f[i].key, v);
	}
}

/* A family's parts of the device (a mesh's nodes), each with its keys; null when unknown */
static json_t *parts_json(const struct pmu *p)
{
	long n = p->family->ops->locate.parts(p);
	json_t *a;

	if (n < 0)
		return json_null();
	a = json_array();
	for (long i = 0; i < n; i++) {
		struct pmu_field fields[PMU_FIELDS_MAX] = { 0 };
		json_t *po = json_object();

		set_fields(po, fields, p->family->ops->locate.part_fields(p, (size_t)i, fields));
		json_array_append_new(a, po);
	}
	return a;
}

/* formats only when asked (-l, --formats), associated CPUs with -l, as in text: null otherwise */
static json_t *pmu_json(const struct pmu *p, bool formats, bool long_form)
{
	json_t *o = json_object(), *fa = formats ? json_array() : json_null(), *ea = json_array();
	const struct pmu_attrs *at = pmu_attrs(p);
	struct pmu_field fields[PMU_FIELDS_MAX] = { 0 };
	char buf[256];

	json_object_set_new_nocheck(o, "name", jout_text(p->name));
	json_object_set_new_nocheck(o, "family", json_string(p->family->id));
	json_object_set_new_nocheck(o, "family_name", json_string(p->family->title));
	json_object_set_new_nocheck(o, "type", jout_int_or_null(at->type));
	json_object_set_new_nocheck(o, "cpumask", jout_cpulist(&at->cpumask, at->has_cpumask));
	json_object_set_new_nocheck(o, "associated_cpus", jout_cpulist(&at->associated, long_form && at->has_associated));
	json_object_set_new_nocheck(o, "identifier", jout_text(p->identifier));
	json_object_set_new_nocheck(o, "identifier_file", jout_text(p->identifier_file));
	json_object_set_new_nocheck(o, "socket", jout_int_or_null(p->socket));
	json_object_set_new_nocheck(o, "rc", jout_int_or_null(p->rc));
	if (p->family->ops->locate.fields)
		set_fields(o, fields, p->family->ops->locate.fields(p, fields));
	if (p->family->parts_key)
		json_object_set_new(o, p->family->parts_key, parts_json(p));
	for (size_t i = 0; formats && i < p->nformats; i++) {
		const struct pmu_format *f = &p->formats[i];

		format_describe(f->word, f->mask, buf, sizeof(buf));
		json_array_append_new(fa, json_pack("{s:o, s:s, s:s, s:o, s:o, s:o}", "name",
						    jout_text(f->name), "word",
						    format_word_name(f->word), "bits", strchr(buf, ':') + 1,
						    "mask", jout_hex(f->mask), "max",
						    jout_hex(format_max_value(f->mask)), "description",
						    jout_text(pmu_format_doc(p, f->name))));
	}
	for (size_t i = 0; i < p->nevents; i++) {
		const struct pmu_event *e = &p->events[i];
		json_t *eo = json_object();

		/* the keys are ours and valid: no format string to parse, no key to check, per event */
		json_object_set_new_nocheck(eo, "name", jout_text(e->name));
		json_object_set_new_nocheck(eo, "value", jout_text(e->value));
		json_object_set_new_nocheck(eo, "description", jout_text(pmu_event_doc(p, e->name, buf, sizeof(buf))));
		json_object_set_new_nocheck(eo, "scale", jout_text(e->scale));
		json_object_set_new_nocheck(eo, "unit", jout_text(e->unit));
		json_object_set_new_nocheck(eo, "alias_of", jout_text(e->alias_of));
		if (e->json_only)
			json_object_set_new_nocheck(eo, "json_only", jout_text(e->json_only));
		if (p->family->ops->locate.event_fields)
			set_fields(eo, fields, p->family->ops->locate.event_fields(e, fields));
		json_array_append_new(ea, eo);
	}
	json_object_set_new_nocheck(o, "formats", fa);
	json_object_set_new_nocheck(o, "events", ea);
	return o;
}

static json_t *block_json(const struct pmu *b)
{
	json_t *ev = json_array();
	char buf[256];

	for (size_t k = 0; k < b->nevents; k++) {
		const struct pmu_event *e = &b->events[k];
		char *event = NULL;
		json_t *eo = json_pack("{s:o, s:o}", "name", jout_text(e->name), "description",
				       jout_text(pmu_event_doc(b, e->name, buf, sizeof(buf))));

		/* what stat -e takes */
		if (asprintf(&event, "%s/%s/", b->name, e->name) < 0)
			event = NULL;
		json_object_set_new(eo, "event", jout_text(event));
		free(event);
		json_object_set_new(eo, "code", jout_text(e->value));
		json_array_append_new(ev, eo);
	}
	return json_pack("{s:o, s:s, s:i, s:o}", "name", jout_text(pmu_block_name(b)), "kind",
			 b->family->ops->identify.source->kind(b), "counters", b->ncounters, "events", ev);
}

/* The blocks of one hwmon device, from the first block of it at index first */
static json_t *device_json(const struct pmu_list *pmus, size_t first, const struct list_args *a)
{
	const char *hwmon = pmus->v[first].hwmon;
	json_t *blocks = json_array();

	for (size_t i = first; i < pmus->n; i++)
		if (hwmon && pmus->v[i].hwmon && !strcmp(pmus->v[i].hwmon, hwmon) &&
		    list_block_matches(a, &pmus->v[i]))
			json_array_append_new(blocks, block_json(&pmus->v[i]));
	return json_pack("{s:o, s:o}", "hwmon", jout_text(hwmon), "blocks", blocks);
}

/* pmus, then one array per family with a source of its own, named by its id */
#define LIST_ARRAYS 4

struct json_members {
	const struct list_args *a;
	const struct pmu_list *pmus;
	size_t *index[LIST_ARRAYS];	/* the PMUs listed, then each source's devices (their first block) */
	size_t n[LIST_ARRAYS];
};

static json_t *json_member(size_t member, size_t k, void *arg)
{
	const struct json_members *j = arg;
	size_t i = j->index[member][k];

	return member ? device_json(j->pmus, i, j->a) : pmu_json(&j->pmus->v[i], j->a->formats, j->a->long_form);
}

/* {"pmus": [...], and each source's blocks}, each PMU written and freed before the next is built */
int list_render_json(const struct list_args *a, const struct pmu_list *pmus)
{
	const char *keys[LIST_ARRAYS] = { "pmus" };
	const struct pmu_family *of[LIST_ARRAYS] = { NULL };
	struct json_members j = { .a = a, .pmus = pmus };
	size_t nkeys = 1;
	bool ok = true;
	int ret = -ENOMEM;

	for (size_t f = 0; pmu_families[f] && nkeys < LIST_ARRAYS; f++)
		if (pmu_families[f]->ops->identify.source) {
			of[nkeys] = pmu_families[f];
			keys[nkeys++] = pmu_families[f]->id;
		}
	for (size_t k = 0; k < nkeys; k++)
		ok = (j.index[k] = calloc(pmus->n + 1, sizeof(size_t))) && ok;
	if (ok) {
		for (size_t i = 0; i < pmus->n; i++) {
			const struct pmu *p = &pmus->v[i];

			for (size_t k = 1; k < nkeys; k++)
				if (p->family == of[k] && list_first_of_device(pmus, i))
					j.index[k][j.n[k]++] = i;
			if (!p->hwmon && list_matches(a, p->name, p->family->id))
				j.index[0][j.n[0]++] = i;
		}
		ret = jout_emit_arrays(keys, j.n, nkeys, json_member, &j);
	} else {
		p_err("out of memory");
	}
	for (size_t k = 0; k < nkeys; k++)
		free(j.index[k]);
	return ret;
}
