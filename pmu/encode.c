// SPDX-License-Identifier: GPL-2.0
/*
 * Term resolution follows perf's util/pmu.c and parse-events.c (perf 6.1):
 * - a bare term or "term=1" that names no format but an event is that event's terms;
 *   "event=NAME" is the same; event names match case-insensitively;
 * - config=, config1=, config2= assign their word (the last one wins);
 * - format terms are OR-ed into their word after that, in any order;
 * - a value wider than its field is an error naming the maximum.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "lib/suggest.h"
#include "pmu/encode.h"
#include "lib/grow.h"
#include "lib/strjoin.h"
#include "pmu/family/family.h"
#include "pmu/symbolic.h"

/* perf's hard-coded terms that are valid on every PMU */
static const char *const hardcoded_terms[] = {
	"config", "config1", "config2", "name", "period", "percore", "metric-id",
};

static int hardcoded_index(const char *name)
{
	for (int i = 0; i < (int)(sizeof(hardcoded_terms) / sizeof(hardcoded_terms[0])); i++)
		if (!strcmp(name, hardcoded_terms[i]))
			return i;
	return -1;
}

static int oom(struct err_report *err)
{
	return err_set(err, -ENOMEM, "out of memory");
}

/* One term after alias expansion, pointing back at the text the user wrote. */
struct flat_term {
	const struct ev_term *t;
	size_t pos, len, vpos, vlen;	/* in the user's string */
	bool from_alias;
	const struct pmu_event *alias;
};

struct flat {
	struct flat_term *v;
	size_t n;
	struct ev_spec *alias_specs;	/* parsed events/ files, owned */
	size_t nalias;
};

static void flat_free(struct flat *f)
{
	for (size_t i = 0; i < f->nalias; i++)
		ev_spec_free(&f->alias_specs[i]);
	free(f->alias_specs);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

static int flat_push(struct flat *f, const struct ev_term *t, const struct ev_term *at,
		     const struct pmu_event *alias)
{
	struct flat_term *nv = realloc(f->v, (f->n + 1) * sizeof(*nv));

	if (!nv)
		return -ENOMEM;
	f->v = nv;
	f->v[f->n++] = (struct flat_term){
		.t = t, .pos = at->pos, .len = at->len,
		.vpos = at == t ? t->vpos : at->pos, .vlen = at == t ? t->vlen : at->len,
		.from_alias = at != t, .alias = alias,
	};
	return 0;
}

static const struct pmu_event *term_alias(const struct pmu *p, const struct ev_term *t)
{
	if (hardcoded_index(t->name) >= 0)
		return NULL;
	if (t->kind == EV_VALUE_STR)
		return strcasecmp(t->name, "event") ? NULL : pmu_find_event(p, t->str);
	if (t->kind == EV_VALUE_NUM && t->num != 1)
		return NULL;
	if (pmu_find_format(p, t->name))
		return NULL;
	return pmu_find_event(p, t->name);
}

static int expand_aliases(const struct pmu *p, const struct ev_spec *spec, struct flat *f,
			  const struct pmu_event **first_alias, struct err_report *err)
{
	for (size_t i = 0; i < spec->nterms; i++) {
		const struct ev_term *t = &spec->terms[i];
		const struct pmu_event *a = term_alias(p, t);
		struct ev_spec *as, *nv;
		struct err_report aerr;

		if (!a) {
			if (flat_push(f, t, t, NULL))
				return oom(err);
			continue;
		}
		if (!*first_alias)
			*first_alias = a;
		nv = realloc(f->alias_specs, (f->nalias + 1) * sizeof(*nv));
		if (!nv)
			return oom(err);
		f->alias_specs = nv;
		as = &f->alias_specs[f->nalias];
		if (ev_parse_sysfs_value(a->value, as, &aerr))
			return err_at(err, -EINVAL, t->pos, t->len,
					  "event '%s' of PMU '%s' has a value perf cannot read: '%.60s' (%s)",
					  a->name, p->name, a->value, aerr.msg);
		f->nalias++;
		for (size_t k = 0; k < as->nterms; k++)
			if (flat_push(f, &as->terms[k], t, a))
				return oom(err);
	}
	return 0;
}

/* What a term of p may be: its events first, then its format fields (not perf's own terms) */
static void valid_terms(const struct pmu *p, char *buf, size_t size)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0, n = pmu_nevents(p); i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "events: ",
					 p->events[i].name);
	for (size_t i = 0, n = pmu_nformats(p); i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? ", " : used ? "; terms: " : "terms: ",
					 p->formats[i].name);
}

/* The events and format fields of p nearest a misspelt term */
static const char *near_terms(const struct pmu *p, const char *word, char *buf, size_t size)
{
	struct suggest sg;

	suggest_init(&sg, word);
	for (size_t i = 0, n = pmu_nevents(p); i < n; i++)
		suggest_offer(&sg, p->events[i].name);
	for (size_t i = 0, n = pmu_nformats(p); i < n; i++)
		suggest_offer(&sg, p->formats[i].name);
	return suggest_text(&sg, buf, size);
}

static uint64_t term_number(const struct ev_term *t)
{
	return t->kind == EV_VALUE_NUM ? t->num : 1;
}

static int apply_hardcoded(const struct pmu *p, const struct flat_term *ft, struct plan_event *e,
			   struct err_report *err)
{
	const struct ev_term *t = ft->t;
	int h = hardcoded_index(t->name);

	if (h <= 2) {
		if (t->kind == EV_VALUE_STR)
			return err_at(err, -EINVAL, ft->vpos, ft->vlen,
					  "term '%s' needs a number, not '%s'", t->name, t->str);
		e->config[h] = term_number(t);
		return 0;
	}
	if (!strcmp(t->name, "name") || !strcmp(t->name, "metric-id")) {
		if (t->kind != EV_VALUE_STR)
			return err_at(err, -EINVAL, ft->pos, ft->len, "term '%s' needs a name",
					  t->name);
		if (!strcmp(t->name, "name")) {
			free(e->name);
			e->name = strdup(t->str);
			if (!e->name)
				return oom(err);
		}
		return 0;
	}
	if (!strcmp(t->name, "period"))
		return err_at(err, -EOPNOTSUPP, ft->pos, ft->len,
				  "term 'period' asks for sampling, which PMU '%s' cannot do: pmuctl counts",
				  p ? p->name : "?");
	return 0;	/* percore: per-core aggregation has no meaning for uncore counts */
}

static int apply_format(const struct pmu *p, const struct flat_term *ft, struct plan_event *e,
			struct err_report *err)
{
	const struct ev_term *t = ft->t;
	const struct pmu_format *f = pmu_find_format(p, t->name);
	char vt[2048], near[256];
	uint64_t v, max;

	if (!f) {
		valid_terms(p, vt, sizeof(vt));
		if (ft->from_alias)
			return err_at(err, -EINVAL, ft->pos, ft->len,
					  "event '%s' uses term '%s' that PMU '%s' has no format for",
					  ft->alias->name, t->name, p->name);
		return err_at(err, -EINVAL, ft->pos, (size_t)strlen(t->name),
				  "unknown term '%s' for PMU '%s'%s; valid: %s", t->name, p->name,
				  near_terms(p, t->name, near, sizeof(near)), vt);
	}
	if (t->kind == EV_VALUE_STR)
		return err_at(err, -EINVAL, ft->vpos, ft->vlen,
				  "term '%s' needs a number, and '%s' is not an event of PMU '%s'",
				  t->name, t->str, p->name);
	v = term_number(t);
	max = format_max_value(f->mask);
	if (v > max) {
		char fd[256];

		format_describe(f->word, f->mask, fd, sizeof(fd));
		return err_at(err, -ERANGE, ft->vpos, ft->vlen,
				  "value 0x%llx too big for format '%s' (%s), maximum is %llu (0x%llx)",
				  (unsigned long long)v, t->name, fd, (unsigned long long)max,
				  (unsigned long long)max);
	}
	/* a port's ch_mask=0x1 selects within an alias's ch_mask=0xf, not beside it */
	if (t->replace)
		e->config[f->word] &= ~f->mask;
	e->config[f->word] |= format_pack(f->mask, v);
	if (e->given)	/* allocated before any term applies: the test is the analyzer's */
		e->given[e->ngiven++] = f->name;
	return 0;
}

/* An event's "lane=?" is perf's required parameter: the user's own terms must set it */
static int required_given(const struct pmu *p, const struct flat *f, const struct flat_term *ft,
			  struct err_report *err)
{
	if (ft->t->kind != EV_VALUE_REQUIRED)
		return 0;
	for (size_t k = 0; k < f->n; k++)
		if (!f->v[k].from_alias && !strcmp(f->v[k].t->name, ft->t->name))
			return 0;
	return err_at(err, -EINVAL, ft->pos, ft->len,
		      "Required parameter '%s' not specified: event '%s' of PMU '%s' asks for it ('%s'); add %s=N",
		      ft->t->name, ft->alias->name, p->name, ft->alias->value, ft->t->name);
}

static int encode_on_pmu(const struct pmu *p, const struct ev_spec *spec, struct plan_event *e,
			 struct err_report *err)
{
	struct flat f = { 0 };
	int ret;

	e->pmu = p;
	/* events that are no perf format (a source's) are the family's to resolve */
	if (p->family->ops->identify.resolve) {
		e->type = 0;
		return p->family->ops->identify.resolve(p, spec, e, err);
	}
	ret = expand_aliases(p, spec, &f, &e->alias, err);
	/* each term sets one format at most: a name each, with no listing of format/ to size it */
	if (!ret && !(e->given = calloc(f.n ? f.n : 1, sizeof(*e->given))))
		ret = oom(err);
	for (size_t i = 0; !ret && i < f.n; i++)
		ret = required_given(p, &f, &f.v[i], err);
	/* perf assigns the config words first, then ORs the format terms in */
	for (size_t i = 0; !ret && i < f.n; i++)
		if (hardcoded_index(f.v[i].t->name) >= 0)
			ret = apply_hardcoded(p, &f.v[i], e, err);
	for (size_t i = 0; !ret && i < f.n; i++)
		if (hardcoded_index(f.v[i].t->name) < 0 && f.v[i].t->kind != EV_VALUE_REQUIRED)
			ret = apply_format(p, &f.v[i], e, err);
	flat_free(&f);
	/* after the look-ups, which opened the PMU's directory its type is read from */
	e->type = (uint32_t)pmu_attrs(p)->type;
	if (!ret && pmu_attrs(p)->type < 0)
		ret = err_at(err, -ENOENT, spec->name_pos, spec->name_len,
				 "PMU '%s' has no readable type file", p->name);
	return ret;
}

static char *concrete_text(const char *pmu, const struct ev_spec *s)
{
	return strjoin_dup(pmu, "/", s->terms_text ? s->terms_text : "", "/", s->mods ? s->mods : "");
}

void plan_event_free(struct plan_event *e)
{
	free(e->feeds);
	free(e->event);
	free(e->name);
	free(e->given);
	free(e->mods);
	cpulist_free(&e->cpus);
}

static int check_mods(const struct ev_spec *s, struct err_report *err)
{
	/* user/kernel/hypervisor/guest/host only: precise and sampling modifiers mean nothing here */
	static const char allowed[] = "ukhGH";

	if (!s->mods)
		return 0;
	for (size_t i = 0; s->mods[i]; i++)
		if (!strchr(allowed, s->mods[i]))
			return err_at(err, -EINVAL, s->mods_pos + i, 1,
					  "unsupported event modifier '%c' (pmuctl takes u, k, h, G, H)",
					  s->mods[i]);
	return 0;
}

static struct plan_event *set_grow(struct plan *set, size_t extra)
{
	if (grow_array(&set->v, set->n, extra, sizeof(*set->v)))
		return NULL;
	memset(&set->v[set->n], 0, extra * sizeof(*set->v));
	return &set->v[set->n];
}

static int encode_symbolic(const struct symbolic_event *sym, const struct ev_spec *s,
			   struct plan *set)
{
	struct plan_event *e = set_grow(set, 1);

	if (!e)
		return -ENOMEM;
	e->type = sym->type;
	e->config[0] = sym->config;
	if (asprintf(&e->event, "%s%s%s", s->name, s->mods ? ":" : "", s->mods ? s->mods : "") < 0)
		return -ENOMEM;
	set->n++;
	return 0;
}

/* A bare name that is no perf symbol is looked up as an event of every PMU, as perf does. */
static size_t pmus_with_event(const struct pmu_list *pmus, const char *name, const struct pmu **out)
{
	size_t n = 0;

	for (size_t i = 0; i < pmus->n; i++)
		if (pmu_find_event(&pmus->v[i], name))
			out[n++] = &pmus->v[i];
	return n;
}

/* No PMU of that name: a family whose syntax it is says what is missing, or the generic words */
static int missing_pmu(const struct pmu_list *pmus, const struct ev_spec *s, struct err_report *err)
{
	struct suggest sg;
	char near[256];

	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if ((*f)->ops->identify.missing && (*f)->ops->identify.missing(*f, s->name, s->name_pos, s->name_len, pmus, err))
			return err->code;
	suggest_init(&sg, s->name);
	for (size_t i = 0; i < pmus->n; i++)
		if (pmu_present(&pmus->v[i]))
			suggest_offer(&sg, pmus->v[i].name);
	return err_at(err, -ENOENT, s->name_pos, s->name_len,
			  "cannot find PMU '%s' under the sysfs root%s; pmuctl list shows them", s->name,
			  suggest_text(&sg, near, sizeof(near)));
}

static int encode_spec(const struct pmu_list *pmus, const struct ev_spec *s, struct plan *set,
		       const struct pmu **match, struct err_report *err)
{
	struct ev_spec bare = { 0 };
	struct ev_term term = { 0 };
	const struct ev_spec *use = s;
	struct err_report first = { 0 };
	size_t nm, ok = 0;
	int ret = check_mods(s, err);

	if (ret)
		return ret;
	if (!s->has_slash) {
		const struct symbolic_event *sym = symbolic_find(s->name);

		if (sym)
			return encode_symbolic(sym, s, set) ? oom(err) : 0;
		nm = pmus_with_event(pmus, s->name, match);
		if (!nm)
			return err_at(err, -ENOENT, s->name_pos, s->name_len,
					  "unknown event '%s': no PMU has it and perf has no such symbol (see 'pmuctl list --events')",
					  s->name);
		/* the same as writing pmu/<name>/ for each of them */
		term.name = s->name;
		term.pos = s->name_pos;
		term.len = s->name_len;
		bare = *s;
		bare.terms = &term;
		bare.nterms = 1;
		bare.terms_text = s->name;
		use = &bare;
	} else {
		nm = pmu_spec_match(pmus, s, match);
		if (!nm)
			return missing_pmu(pmus, s, err);
	}
	if (!set_grow(set, nm))
		return oom(err);
	for (size_t i = 0; i < nm; i++) {
		struct plan_event *e = &set->v[set->n + ok];

		memset(e, 0, sizeof(*e));
		ret = encode_on_pmu(match[i], use, e, err);
		if (!ret) {
			e->event = concrete_text(match[i]->name, use);
			if (!e->event) {
				plan_event_free(e);
				return oom(err);
			}
			ok++;
			continue;
		}
		plan_event_free(e);
		if (ret == -ENOMEM)
			return ret;
		if (!first.code)
			first = *err;
	}
	/* like perf, a PMU prefix or glob succeeds when at least one PMU took the terms */
	if (!ok) {
		*err = first;
		return first.code;
	}
	set->n += ok;
	return 0;
}

static int finish_group_and_cpus(struct plan *set, size_t from, const struct ev_list *l,
				 const size_t *spec_of, int arg, const struct encode_opts *o)
{
	int base = set->ngroups;

	if (!spec_of)
		return set->n > from ? -EINVAL : 0;
	for (size_t i = from; i < set->n; i++) {
		struct plan_event *e = &set->v[i];
		const struct ev_spec *s = &l->v[spec_of[i - from]];

		e->arg = arg;
		e->start = s->start;
		e->end = s->end;
		e->metric = e->var = -1;
		e->encoded = true;
		e->src_group = s->group < 0 ? -1 : base + s->group;
		if (s->mods && !e->mods && !(e->mods = strdup(s->mods)))
			return -ENOMEM;
		if (encode_cpus(e, o))
			return -ENOMEM;
	}
	set->ngroups += l->ngroups;
	return 0;
}

/*
 * A {} group whose globs reach several PMU instances becomes one group per instance,
 * as newer perf does, since a hardware group may only span one PMU. Symbolic
 * (software) events join whichever group they were written in.
 */
static void split_groups(struct plan *set, size_t from)
{
	for (size_t i = from; i < set->n; i++) {
		struct plan_event *e = &set->v[i];
		bool used = false;
		size_t k;

		e->leader = false;
		e->group = -1;
		if (e->src_group < 0)
			continue;
		for (k = from; k < i; k++) {
			const struct plan_event *p = &set->v[k];

			if (p->src_group != e->src_group)
				continue;
			used = true;
			if (p->pmu == e->pmu || !p->pmu || !e->pmu)
				break;
		}
		if (k < i) {
			e->group = set->v[k].group;
			continue;
		}
		e->group = used ? set->ngroups++ : e->src_group;
		e->leader = true;
	}
}

int encode_events(const struct pmu_list *pmus, const char *text, int arg, const struct encode_opts *o,
	      struct plan *set, struct err_report *err)
{
	struct ev_list l;
	const struct pmu **match;
	size_t from = set->n, *spec_of = NULL;
	int ret = ev_parse(text, &l, err);

	if (ret) {
		err->arg = arg;
		err->syntax = ret != -ENOMEM;
		return ret;
	}
	match = calloc(pmus->n ? pmus->n : 1, sizeof(*match)); /* NOLINT(bugprone-sizeof-expression): an array of pointers */
	if (!match) {
		ev_list_free(&l);
		return oom(err);
	}
	for (size_t i = 0; i < l.n; i++) {
		size_t before = set->n, *ns;

		ret = encode_spec(pmus, &l.v[i], set, match, err);
		if (ret)
			break;
		ns = realloc(spec_of, (set->n - from) * sizeof(*ns) + 1);
		if (!ns) {
			ret = oom(err);
			break;
		}
		spec_of = ns;
		for (size_t k = before; k < set->n; k++)
			spec_of[k - from] = i;
	}
	if (!ret && finish_group_and_cpus(set, from, &l, spec_of, arg, o))
		ret = oom(err);
	if (!ret)
		split_groups(set, from);
	if (ret) {
		err->arg = arg;
		for (size_t i = from; i < set->n; i++)
			plan_event_free(&set->v[i]);
		set->n = from;
	}
	free(spec_of);
	free(match);
	ev_list_free(&l);
	return ret;
}

int encode_on(const struct pmu *p, const struct ev_spec *spec, const struct encode_opts *o,
	      struct plan *set, struct err_report *err)
{
	struct plan_event *e = set_grow(set, 1);
	int ret;

	if (!e)
		return oom(err);
	ret = encode_on_pmu(p, spec, e, err);
	e->arg = e->metric = e->var = -1;
	e->group = e->src_group = -1;
	e->encoded = true;
	if (!ret && !(e->event = concrete_text(p->name, spec)))
		ret = oom(err);
	if (!ret && encode_cpus(e, o))
		ret = oom(err);
	if (ret) {
		plan_event_free(e);
		return ret;
	}
	set->n++;
	return 0;
}

uint64_t ev_field(const struct plan_event *e, const char *format, bool *given)
{
	const struct pmu_format *f = e->pmu ? pmu_find_format(e->pmu, format) : NULL;

	if (given)
		*given = false;
	for (size_t k = 0; given && f && k < e->ngiven && !*given; k++)
		*given = !strcmp(e->given[k], f->name);
	return f ? format_unpack(f->mask, e->config[f->word]) : 0;
}
