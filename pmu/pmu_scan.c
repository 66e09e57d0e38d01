// SPDX-License-Identifier: GPL-2.0
/* Reading one PMU's sysfs directory: type, cpumask, identifier, peer, format/, events/. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "pmu/pmu.h"
#include "lib/strnum.h"

#define PATH_LEN 1024

/* r is the PMU's own directory (sysroot_sub): every path is relative to it */
static int read_attr(const struct sysroot *r, const char *file, char **out)
{
	return sysroot_read_trim(r, file, out);
}

static void read_type(const struct sysroot *r, struct pmu *p, struct diag *diag)
{
	int64_t v;
	char *s;
	int ret = read_attr(r, "type", &s);

	p->attrs.type = -1;
	if (ret) {
		diag_add(diag, "PMU '%s': cannot read type: %s", p->name, strerror(-ret));
		return;
	}
	if (strnum_s64(s, 0, INT32_MAX, &v))
		diag_add(diag, "PMU '%s': type is not a number: '%.40s'", p->name, s);
	else
		p->attrs.type = (int)v;
	free(s);
}

static void read_cpus(const struct sysroot *r, struct pmu *p, const char *file, struct cpulist *l,
		      bool *has, struct diag *diag)
{
	char *s;
	int ret = read_attr(r, file, &s);

	*has = false;
	if (ret == -ENOENT)
		return;
	if (ret) {
		diag_add(diag, "PMU '%s': cannot read %s: %s", p->name, file, strerror(-ret));
		return;
	}
	ret = cpulist_parse(s, l);
	if (ret)
		diag_add(diag, "PMU '%s': %s is not a CPU list: '%.40s'", p->name, file, s);
	else
		*has = true;
	if (ret && l == &p->attrs.cpumask)
		p->attrs.cpumask_garbled = true;
	free(s);
}

static void read_identifier(const struct sysroot *r, struct pmu *p)
{
	/* some drivers name the file after DEVICE_STRING_ATTR_RO's variable: the family's data says */
	const char *files[] = { "identifier", p->family ? p->family->identifier_file : NULL };

	for (size_t i = 0; i < 2 && files[i]; i++) {
		if (!read_attr(r, files[i], &p->identifier)) {
			p->identifier_file = files[i];
			return;
		}
	}
}

/* The names alone: each is read when pmu_find_format first asks for it */
static void list_formats(const struct sysroot *r, struct pmu *p)
{
	char **names;
	size_t n;

	if (sysroot_list(r, "format", &names, &n))
		return;
	p->formats = calloc(n ? n : 1, sizeof(*p->formats));
	for (size_t i = 0; p->formats && i < n; i++) {
		p->formats[p->nformats++] = (struct pmu_format){ .name = names[i], .unread = true };
		names[i] = NULL;
	}
	strv_free(names, n);
}

static void read_formats(const struct sysroot *r, struct pmu *p, struct diag *diag)
{
	const char *dir = "format";
	char path[PATH_LEN];
	char **names;
	size_t n;

	if (sysroot_list(r, dir, &names, &n))
		return;
	p->formats = calloc(n ? n : 1, sizeof(*p->formats));
	for (size_t i = 0; p->formats && i < n; i++) {
		struct pmu_format *f = &p->formats[p->nformats];
		struct err_report err;
		char *text;
		int ret;

		ret = sysroot_join(path, sizeof(path), dir, names[i]);
		if (!ret)
			ret = sysroot_read_trim(r, path, &text);
		if (ret) {
			diag_add(diag, "PMU '%s': cannot read format '%s': %s", p->name, names[i],
				 strerror(-ret));
			continue;
		}
		if (format_parse(text, &f->word, &f->mask, &err)) {
			diag_add(diag, "PMU '%s': format '%s' ignored: %s", p->name, names[i], err.msg);
			free(text);
			continue;
		}
		free(text);
		f->name = names[i];
		names[i] = NULL;
		p->nformats++;
	}
	strv_free(names, n);
}

/* Only side files the listing holds are opened: probing each event's would double the opens */
/* Whether the listing holds ev's side file sfx */
static bool side_listed(char **names, size_t n, const char *ev, const char *sfx)
{
	size_t len = strlen(ev);

	for (size_t i = 0; i < n; i++)
		if (names[i] && !strncmp(names[i], ev, len) && !strcmp(names[i] + len, sfx))
			return true;
	return false;
}

static char *read_side(const struct sysroot *r, const char *dir, char **names, size_t n,
		       const char *ev, const char *sfx)
{
	char path[PATH_LEN];
	char *s = NULL;

	if (!side_listed(names, n, ev, sfx) || sysroot_path(path, sizeof(path), "%s/%s%s", dir, ev, sfx) ||
	    sysroot_read_trim(r, path, &s))
		return NULL;
	return s;
}

/* A JSON event's Compat against the identifier file: perf compares the text, newline trimmed */
static bool compat_matches(const struct sysroot *r, struct pmu *p, const char *compat)
{
	if (!p->identifier_file)
		read_identifier(r, p);
	return p->identifier && !strcmp(p->identifier, compat);
}

/*
 * Whether the machine's CPU is one of spec's models, "FAMILY:MODEL-MODEL,..." in hex (a model
 * alone, or none: every model of the family), by the kernel's modalias (drivers/base/cpu.c:
 * "cpu:type:x86,ven%04Xfam%04Xmod%04X:feature:...", the boot CPU's): the CPUID perf picks
 * its x86 JSON by
 */
static bool cpu_matches(const struct sysroot *root, const char *spec)
{
	unsigned fam, mod, f, lo, hi;
	char *text = NULL;
	bool ok = false;
	const char *at;
	int n;

	if (!root || sysroot_read_trim(root, "devices/system/cpu/modalias", &text))
		return false;
	at = strstr(text, ",ven");
	if (!at || sscanf(at, ",ven%*4xfam%4xmod%4x", &fam, &mod) != 2) {
		free(text);
		return false;
	}
	free(text);
	for (at = spec; !ok && *at; at += strcspn(at, ","), at += *at == ',') {
		n = 0;
		if (sscanf(at, "%x:%x-%x%n", &f, &lo, &hi, &n) == 3 && n)
			ok = f == fam && mod >= lo && mod <= hi;
		else if (sscanf(at, "%x:%x%n", &f, &lo, &n) == 2 && n)
			ok = f == fam && mod == lo;
		else if (sscanf(at, "%x%n", &f, &n) == 1 && n)
			ok = f == fam;
	}
	return ok;
}

/* perf's JSON names for events the PMU has under another name (the same value), or only there */
static void add_aliases(const struct sysroot *root, const struct sysroot *r, struct pmu *p)
{
	for (const struct event_alias *a = p->family->aliases; a && a->name; a++) {
		const struct pmu_event *of;
		struct pmu_event *v;
		char *value;

		/* x86's JSON follows the CPU model, not a file: the modalias says which it is */
		if (a->cpu && !cpu_matches(root, a->cpu))
			continue;
		of = a->of ? pmu_find_event(p, a->of) : NULL;
		/* no compat: every PMU of the family the CPU's JSON names */
		if (a->of ? !of : a->compat && !compat_matches(r, p, a->compat))
			continue;
		if (pmu_find_event(p, a->name))
			continue;
		value = strdup(of ? of->value : a->value);	/* before realloc moves of */
		if (!value)
			return;
		v = realloc(p->events, (p->nevents + 1) * sizeof(*v));
		if (!v) {
			free(value);
			return;
		}
		p->events = v;
		v = &p->events[p->nevents];
		memset(v, 0, sizeof(*v));
		v->name = strdup(a->name);
		v->value = value;
		v->alias_of = a->of;
		v->json_only = a->of ? NULL : a->source;
		if (!v->name) {
			free(value);
			return;
		}
		p->nevents++;
	}
}

/* The names alone, and which side files each has: each is read when first looked up */
static void list_events(const struct sysroot *r, struct pmu *p)
{
	char **names;
	size_t n;

	if (sysroot_list(r, "events", &names, &n)) {
		add_aliases(p->root, r, p);
		return;
	}
	p->events = calloc(n ? n : 1, sizeof(*p->events));
	for (size_t i = 0; p->events && i < n; i++) {
		struct pmu_event *e = &p->events[p->nevents];

		if (pmu_file_side(names[i]))
			continue;
		*e = (struct pmu_event){ .name = names[i], .unread = true };
		e->side = (side_listed(names, n, names[i], ".scale") ? PMU_SIDE_SCALE : 0) |
			  (side_listed(names, n, names[i], ".unit") ? PMU_SIDE_UNIT : 0);
		names[i] = NULL;
		p->nevents++;
	}
	strv_free(names, n);
	add_aliases(p->root, r, p);
}

void pmu_scan_list(const struct pmu *p)
{
	/* its lists live in the PMU, which only a lazy scan's first look-up fills */
	struct pmu *mp = (struct pmu *)p;
	const struct sysroot *dir;

	if (!p->unlisted)
		return;
	mp->unlisted = false;
	dir = pmu_file_dir(p);
	if (!dir)
		return;
	list_formats(dir, mp);
	list_events(dir, mp);
}

/* The look-ups: each reads what a lazy scan left unread, the first time it is asked for */
size_t pmu_nevents(const struct pmu *p)
{
	pmu_scan_list(p);
	return p->nevents;
}

size_t pmu_nformats(const struct pmu *p)
{
	pmu_scan_list(p);
	return p->nformats;
}

const struct pmu_format *pmu_find_format(const struct pmu *p, const char *name)
{
	if (p->unlisted)
		return pmu_probe_format(p, name);
	for (size_t i = 0, n = pmu_nformats(p); i < n; i++) {
		struct pmu_format *f = &p->formats[i];

		if (strcmp(f->name, name) || (f->unread && !pmu_file_format(p, f)) || f->dropped)
			continue;
		return f;
	}
	return NULL;
}

const struct pmu_event *pmu_find_event(const struct pmu *p, const char *name)
{
	const struct pmu_event *probed = p->unlisted ? pmu_probe_event(p, name) : NULL;

	if (probed)
		return probed;
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++) {
		struct pmu_event *e = &p->events[i];

		if (strcasecmp(e->name, name) || (e->unread && !pmu_file_event(p, e)) || e->dropped)
			continue;
		return e;
	}
	return NULL;
}

const char *pmu_event_value(const struct pmu *p, size_t i)
{
	struct pmu_event *e = &p->events[i];

	if (e->unread)
		pmu_file_event(p, e);
	return e->dropped ? NULL : e->value;
}

static void read_events(const struct sysroot *root, const struct sysroot *r, struct pmu *p, struct diag *diag)
{
	const char *dir = "events";
	char path[PATH_LEN];
	char **names;
	size_t n;

	/* no events/ (a box whose driver names none): perf's JSON names may still be all it has */
	if (sysroot_list(r, dir, &names, &n)) {
		add_aliases(root, r, p);
		return;
	}
	p->events = calloc(n ? n : 1, sizeof(*p->events));
	for (size_t i = 0; p->events && i < n; i++) {
		struct pmu_event *e = &p->events[p->nevents];
		const char *bad;
		int ret;

		if (pmu_file_side(names[i]))
			continue;
		ret = sysroot_join(path, sizeof(path), dir, names[i]);
		if (!ret)
			ret = pmu_file_event_text(r, path, &e->value, &bad);
		if (ret) {
			diag_add(diag, "PMU '%s': cannot read event '%s': %s", p->name, names[i],
				 strerror(-ret));
			continue;
		}
		/* a driver writes terms, "event=0x2": nothing, or binary, is no event of it */
		if (bad) {
			diag_add(diag, "PMU '%s': event '%s' is %s, which no driver writes: skipped", p->name,
				 names[i], bad);
			continue;
		}
		e->scale = read_side(r, dir, names, n, names[i], ".scale");
		e->unit = read_side(r, dir, names, n, names[i], ".unit");
		e->name = names[i];
		names[i] = NULL;
		p->nevents++;
	}
	strv_free(names, n);
	add_aliases(root, r, p);
}

/* Type and CPUs; associated CPUs with details, lazily only where they stand in for a missing cpumask */
static void read_attrs(const struct sysroot *r, struct pmu *p, bool details, bool lazy, struct diag *diag)
{
	struct pmu_attrs *a = &p->attrs;

	read_type(r, p, diag);
	read_cpus(r, p, "cpumask", &a->cpumask, &a->has_cpumask, diag);
	if (details && (!lazy || !a->has_cpumask))
		read_cpus(r, p, "associated_cpus", &a->associated, &a->has_associated, diag);
}

const struct pmu_attrs *pmu_attrs(const struct pmu *p)
{
	/* they live in the PMU, which only a lazy scan's first call fills */
	struct pmu *mp = (struct pmu *)p;
	struct sysroot sub;

	if (!p->attrs_unread)
		return &p->attrs;
	mp->attrs_unread = false;
	mp->attrs.type = -1;
	/* the directory look-ups opened, else one of its own: a caller may walk every PMU */
	if (p->dir)
		read_attrs(p->dir, mp, true, true, NULL);
	else if (!pmu_file_open_dir(p, &sub)) {
		read_attrs(&sub, mp, true, true, NULL);
		sysroot_close(&sub);
	}
	return &p->attrs;
}

static void pmu_read(const struct sysroot *root, const struct sysroot *r, const struct pmu_scan_opts *o,
		     struct pmu *p, struct diag *diag)
{
	pmu_family_decode(p);
	/* lazy: a count opens a few PMUs of the hundreds a machine may have; what it opens reads
	 * its type and CPUs at the first pmu_attrs() (associated CPUs stand in for a missing
	 * cpumask; the identifier is the family's files' to read, and a JSON alias's Compat reads
	 * it itself) */
	if (o->lazy)
		p->attrs_unread = true;
	else
		read_attrs(r, p, !o->skip_details && !o->skip_associated, false, diag);
	if (!o->skip_details && (!o->lazy || p->family->ops->identify.read_extra))
		read_identifier(r, p);
	if (o->lazy) {
		p->root = root;
		p->unlisted = true;
	} else {
		if (!o->skip_formats)
			read_formats(r, p, diag);
		read_events(root, r, p, diag);
	}
	/* what the family keeps beside (peer, bdf_min, filtermode/) */
	if (p->family->ops->identify.read_extra && !o->skip_details)
		p->family->ops->identify.read_extra(r, root, p, diag);
}

int pmu_scan(const struct sysroot *root, struct pmu_list *out, struct diag *diag)
{
	struct pmu_scan_opts o = { 0 };

	return pmu_scan_opts(root, &o, out, diag);
}

int pmu_scan_for(const struct sysroot *root, char *const *texts, size_t ntexts,
		 struct pmu_list *out, struct diag *diag)
{
	struct pmu_scan_opts o = { .texts = texts, .ntexts = ntexts };

	return pmu_scan_opts(root, &o, out, diag);
}

/* name listed unopened, unless its family's maps need its files at the scan: true when it was */
static bool list_unchecked(const struct sysroot *root, struct pmu *p, char *name)
{
	p->name = name;
	pmu_family_decode(p);
	if (p->family->ops->identify.read_extra && !p->family->ops->identify.extra_at_use) {
		memset(p, 0, sizeof(*p));
		return false;
	}
	p->attrs_unread = true;
	p->root = root;
	p->unlisted = true;
	p->unchecked = true;
	return true;
}

/* Every perf PMU under PMU_DEVICES_DIR (or those o->texts can name) */
static int scan_perf(const struct sysroot *root, const struct pmu_scan_opts *o, struct pmu_list *out,
		     struct diag *diag)
{
	char **names;
	size_t n;
	int ret = sysroot_list(root, PMU_DEVICES_DIR, &names, &n);

	if (ret)
		return ret;
	out->v = calloc(n ? n : 1, sizeof(*out->v));
	if (!out->v) {
		strv_free(names, n);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		struct pmu *p = &out->v[out->n];
		struct sysroot sub;

		if (o->texts && !pmu_named_in(names[i], o->texts, o->ntexts))
			continue;
		if (o->lazy && o->unchecked && list_unchecked(root, p, names[i])) {
			names[i] = NULL;
			out->n++;
			continue;
		}
		ret = pmu_file_open_named(root, names[i], &sub);
		if (ret) {
			pmu_file_skipped(diag, names[i], ret);
			continue;
		}
		p->name = names[i];
		names[i] = NULL;
		pmu_read(root, &sub, o, p, diag);
		sysroot_close(&sub);
		out->n++;
	}
	strv_free(names, n);
	return 0;
}

int pmu_scan_opts(const struct sysroot *root, const struct pmu_scan_opts *o, struct pmu_list *out,
		  struct diag *diag)
{
	int ret;

	out->v = NULL;
	out->n = 0;
	ret = scan_perf(root, o, out, diag);
	if (ret && ret != -ENOENT)
		return ret;
	/* and the blocks that are no perf PMUs but count alike (a family's source's) */
	if (pmu_sources_scan(root, o->texts, o->ntexts, out, diag))
		return -ENOMEM;
	return ret;
}
