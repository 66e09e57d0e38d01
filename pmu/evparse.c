// SPDX-License-Identifier: GPL-2.0
/* A recursive-descent parser for the subset of perf's event grammar that uncore PMUs use. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pmu/evparse.h"
#include "pmu/family/family.h"
#include "lib/strnum.h"

struct parser {
	const char *s;
	size_t i, n;
	bool sysfs;		/* an events/ file's value, where "?" asks the user for one */
	struct ev_list *out;
	struct err_report *err;
};

static bool is_name_char(char c)
{
	/* glob characters are part of PMU names, as in pmu_0_rc_[0-5] */
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-' || c == '*' ||
	       c == '?' || c == '[' || c == ']' || c == '!';
}

static bool is_term_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-';
}

static void skip_space(struct parser *p)
{
	while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t'))
		p->i++;
}

static char *dup_range(const char *s, size_t pos, size_t len)
{
	return strndup(s + pos, len);
}

static int oom(struct parser *p)
{
	return err_set(p->err, -ENOMEM, "out of memory");
}

static int unexpected(struct parser *p, const char *expected)
{
	if (p->i >= p->n)
		return err_at(p->err, -EINVAL, p->n, 1, "unexpected end of event string, expected %s",
				  expected);
	if ((unsigned char)p->s[p->i] >= 0x80)
		return err_at(p->err, -EINVAL, p->i, 1,
				  "unexpected byte 0x%02x (not ASCII), expected %s",
				  (unsigned char)p->s[p->i], expected);
	if (!isprint((unsigned char)p->s[p->i]))
		return err_at(p->err, -EINVAL, p->i, 1,
				  "unexpected control character 0x%02x, expected %s",
				  (unsigned char)p->s[p->i], expected);
	return err_at(p->err, -EINVAL, p->i, 1, "unexpected '%c', expected %s", p->s[p->i],
			  expected);
}

static int parse_value(struct parser *p, struct ev_term *t)
{
	size_t start = p->i;

	if (p->sysfs && p->i < p->n && p->s[p->i] == '?') {
		t->kind = EV_VALUE_REQUIRED;
		t->vpos = p->i++;
		t->vlen = 1;
		return 0;
	}
	while (p->i < p->n && is_term_char(p->s[p->i]))
		p->i++;
	if (p->i == start)
		return unexpected(p, "a value after '='");
	t->vpos = start;
	t->vlen = p->i - start;
	if (p->s[start] == '-')
		return err_at(p->err, -EINVAL, start, t->vlen,
				  "invalid value '%.*s': values are unsigned (decimal or 0x hex)",
				  (int)t->vlen, p->s + start);
	if (isdigit((unsigned char)p->s[start])) {
		int ret = strnum_u64n(p->s + start, t->vlen, 0, UINT64_MAX, &t->num);

		if (ret == -ERANGE)
			return err_at(p->err, -ERANGE, start, t->vlen,
					  "value '%.*s' does not fit in 64 bits", (int)t->vlen,
					  p->s + start);
		if (ret)
			return err_at(p->err, -EINVAL, start, t->vlen,
					  "invalid number '%.*s' (decimal or 0x hex)", (int)t->vlen,
					  p->s + start);
		t->kind = EV_VALUE_NUM;
		return 0;
	}
	t->kind = EV_VALUE_STR;
	t->str = dup_range(p->s, start, t->vlen);
	return t->str ? 0 : oom(p);
}

static int parse_term(struct parser *p, struct ev_spec *e)
{
	struct ev_term *t, *nv;
	size_t start = p->i;

	if (p->i >= p->n || !(isalpha((unsigned char)p->s[p->i]) || p->s[p->i] == '_'))
		return unexpected(p, "a term name");
	while (p->i < p->n && is_term_char(p->s[p->i]))
		p->i++;
	nv = realloc(e->terms, (e->nterms + 1) * sizeof(*nv));
	if (!nv)
		return oom(p);
	e->terms = nv;
	t = &e->terms[e->nterms++];
	memset(t, 0, sizeof(*t));
	t->pos = start;
	t->name = dup_range(p->s, start, p->i - start);
	if (!t->name)
		return oom(p);
	skip_space(p);
	if (p->i < p->n && p->s[p->i] == '=') {
		int ret;

		p->i++;
		skip_space(p);
		ret = parse_value(p, t);
		if (ret)
			return ret;
	}
	t->len = p->i - start;
	return 0;
}

static int parse_mods(struct parser *p, struct ev_spec *e)
{
	size_t start = p->i;

	while (p->i < p->n && isalpha((unsigned char)p->s[p->i]))
		p->i++;
	if (p->i == start)
		return unexpected(p, "event modifiers");
	e->mods_pos = start;
	e->mods = dup_range(p->s, start, p->i - start);
	return e->mods ? 0 : oom(p);
}

static int parse_terms(struct parser *p, struct ev_spec *e)
{
	size_t open = p->i - 1;
	int ret;

	skip_space(p);
	while (p->i < p->n && p->s[p->i] != '/') {
		ret = parse_term(p, e);
		if (ret)
			return ret;
		skip_space(p);
		if (p->i < p->n && p->s[p->i] == ',') {
			p->i++;
			skip_space(p);
			continue;
		}
		if (p->i < p->n && p->s[p->i] != '/')
			return unexpected(p, "',' or '/'");
	}
	if (p->i >= p->n)
		return err_at(p->err, -EINVAL, open, 1, "no closing '/' for this event's terms");
	e->terms_text = dup_range(p->s, open + 1, p->i - open - 1);
	if (!e->terms_text)
		return oom(p);
	p->i++;
	return 0;
}

/*
 * PREFIX/BLOCK/EVENT/ of a PMU source: the PMU is PREFIX/BLOCK,
 * and EVENT, an event's name (some end in spaces) or code, its one term
 */
static int parse_block(struct parser *p, struct ev_spec *e, const struct pmu_source *src)
{
	size_t block = p->i, ev;
	struct ev_term *t;

	while (p->i < p->n && is_term_char(p->s[p->i]))
		p->i++;
	if (p->i == block || p->i >= p->n || p->s[p->i] != '/')
		return err_at(p->err, -EINVAL, block, p->i > block ? p->i - block : 1,
				  "expected %s/BLOCK/EVENT/, e.g. %s", src->prefix, src->example);
	free(e->name);
	e->name_len = p->i - e->name_pos;
	e->name = dup_range(p->s, e->name_pos, e->name_len);
	ev = ++p->i;
	while (p->i < p->n && (is_term_char(p->s[p->i]) || p->s[p->i] == ' '))
		p->i++;
	if (p->i == ev || p->i >= p->n || p->s[p->i] != '/')
		return err_at(p->err, -EINVAL, ev, p->i > ev ? p->i - ev : 1,
				  "expected an event name or number and a closing '/'");
	t = calloc(1, sizeof(*t));
	e->terms = t;
	e->terms_text = dup_range(p->s, ev, p->i - ev);
	if (!t || !e->name || !e->terms_text)
		return oom(p);
	e->nterms = 1;
	t->pos = ev;
	t->len = p->i - ev;
	while (t->len > 1 && p->s[ev + t->len - 1] == ' ')
		t->len--;
	t->name = dup_range(p->s, ev, t->len);
	p->i++;
	return t->name ? 0 : oom(p);
}

static int parse_event(struct parser *p, int group)
{
	struct ev_spec *e, *nv;
	size_t start;
	int ret;

	skip_space(p);
	start = p->i;
	while (p->i < p->n && is_name_char(p->s[p->i]))
		p->i++;
	if (p->i == start)
		return unexpected(p, "an event or PMU name");
	nv = realloc(p->out->v, (p->out->n + 1) * sizeof(*nv));
	if (!nv)
		return oom(p);
	p->out->v = nv;
	e = &p->out->v[p->out->n++];
	memset(e, 0, sizeof(*e));
	e->group = group;
	e->start = start;
	e->name_pos = start;
	e->name_len = p->i - start;
	e->name = dup_range(p->s, start, e->name_len);
	if (!e->name)
		return oom(p);
	if (p->i < p->n && p->s[p->i] == '/') {
		const struct pmu_source *src = pmu_source_named(e->name, e->name_len);

		e->has_slash = true;
		p->i++;
		if (src) {
			ret = parse_block(p, e, src);
			e->end = p->i;
			skip_space(p);
			return ret;
		}
		ret = parse_terms(p, e);
		if (ret)
			return ret;
		if (p->i < p->n && isalpha((unsigned char)p->s[p->i])) {
			ret = parse_mods(p, e);
			if (ret)
				return ret;
		}
	}
	if (p->i < p->n && p->s[p->i] == ':') {
		p->i++;
		if (e->mods)
			return unexpected(p, "',' (modifiers were given already)");
		ret = parse_mods(p, e);
		if (ret)
			return ret;
	}
	e->end = p->i;
	skip_space(p);
	return 0;
}

static int parse_group(struct parser *p)
{
	int group = p->out->ngroups++;
	size_t first = p->out->n, open = p->i;
	int ret;

	p->i++;
	for (;;) {
		ret = parse_event(p, group);
		if (ret)
			return ret;
		if (p->i < p->n && p->s[p->i] == ',') {
			p->i++;
			continue;
		}
		if (p->i < p->n && p->s[p->i] == '}')
			break;
		if (p->i >= p->n)
			return err_at(p->err, -EINVAL, open, 1, "no closing '}' for this group");
		return unexpected(p, "',' or '}'");
	}
	p->i++;
	if (p->i < p->n && p->s[p->i] == ':') {
		struct ev_spec tmp = { 0 };

		p->i++;
		ret = parse_mods(p, &tmp);
		if (ret)
			return ret;
		/* group modifiers apply to every member that has none of its own */
		for (size_t k = first; k < p->out->n && tmp.mods; k++) {
			if (p->out->v[k].mods)
				continue;
			p->out->v[k].mods = strdup(tmp.mods);
			p->out->v[k].mods_pos = tmp.mods_pos;
			if (!p->out->v[k].mods) {
				free(tmp.mods);
				return oom(p);
			}
		}
		free(tmp.mods);
	}
	skip_space(p);
	return 0;
}

int ev_parse(const char *text, struct ev_list *out, struct err_report *err)
{
	struct parser p = { .s = text, .n = strlen(text), .out = out, .err = err };
	int ret;

	memset(out, 0, sizeof(*out));
	if (p.n > EV_TEXT_MAX)
		return err_set(err, -E2BIG, "event string is %zu bytes long (at most %d)", p.n,
				   EV_TEXT_MAX);
	for (;;) {
		skip_space(&p);
		if (p.i < p.n && p.s[p.i] == '{')
			ret = parse_group(&p);
		else
			ret = parse_event(&p, -1);
		if (ret)
			goto fail;
		if (p.i >= p.n)
			break;
		if (p.s[p.i] != ',') {
			ret = unexpected(&p, "',' between events");
			goto fail;
		}
		p.i++;
	}
	return 0;
fail:
	ev_list_free(out);
	return ret;
}

/* Comma-separated terms alone, as a format-less string or a sysfs value holds them */
static int parse_term_list(const char *text, bool sysfs, struct ev_spec *out, struct err_report *err)
{
	struct parser p = { .s = text, .n = strlen(text), .err = err, .sysfs = sysfs };
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->group = -1;
	skip_space(&p);
	while (p.i < p.n) {
		ret = parse_term(&p, out);
		if (ret)
			break;
		skip_space(&p);
		if (p.i < p.n && p.s[p.i] != ',') {
			ret = unexpected(&p, "','");
			break;
		}
		if (p.i < p.n)
			p.i++;
		skip_space(&p);
	}
	if (ret)
		ev_spec_free(out);
	return ret;
}

int ev_parse_terms(const char *text, struct ev_spec *out, struct err_report *err)
{
	return parse_term_list(text, false, out, err);
}

int ev_parse_sysfs_value(const char *text, struct ev_spec *out, struct err_report *err)
{
	return parse_term_list(text, true, out, err);
}

void ev_spec_free(struct ev_spec *e)
{
	for (size_t k = 0; k < e->nterms; k++) {
		free(e->terms[k].name);
		free(e->terms[k].str);
	}
	free(e->terms);
	free(e->terms_text);
	free(e->mods);
	free(e->name);
	memset(e, 0, sizeof(*e));
}

void ev_list_free(struct ev_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		ev_spec_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}
