// SPDX-License-Identifier: GPL-2.0
/* A recursive-descent parser into a small tree, and its evaluation in doubles. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "lib/strnum.h"
#include "pmu/metrics/mexpr.h"

#define MEXPR_MAX_DEPTH 64	/* nesting; deeper input is garbage, not a formula */
#define MEXPR_MAX_LEN 4096

enum node_kind { N_NUM, N_NAME, N_NEG, N_ADD, N_SUB, N_MUL, N_DIV };

struct mexpr {
	enum node_kind kind;
	double num;
	char *name;
	int var;		/* N_NAME, once bound: an index of the values, or MEXPR_VAR_* */
	struct mexpr *l, *r;
};

struct parser {
	const char *s;
	size_t pos;
	int depth;
	struct err_report *err;
};

static void skip_ws(struct parser *p)
{
	while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t')
		p->pos++;
}

static struct mexpr *node(enum node_kind k, struct mexpr *l, struct mexpr *r)
{
	struct mexpr *n = calloc(1, sizeof(*n));

	if (!n) {
		mexpr_free(l);
		mexpr_free(r);
		return NULL;
	}
	n->kind = k;
	n->var = MEXPR_VAR_NONE;
	n->l = l;
	n->r = r;
	return n;
}

static bool name_char(char c, bool first)
{
	return isalpha((unsigned char)c) || c == '_' || (!first && (isdigit((unsigned char)c) || c == '.'));
}

static struct mexpr *parse_sum(struct parser *p);

static struct mexpr *fail(struct parser *p, size_t len, const char *what)
{
	if (!p->err->msg[0])
		err_at(p->err, -EINVAL, p->pos, len ? len : 1, "%s", what);
	p->err->syntax = 1;
	return NULL;
}

static struct mexpr *parse_atom(struct parser *p)
{
	const char *s = p->s;
	struct mexpr *n;

	skip_ws(p);
	if (s[p->pos] == '(') {
		if (++p->depth > MEXPR_MAX_DEPTH)
			return fail(p, 1, "formula nested too deeply");
		p->pos++;
		n = parse_sum(p);
		if (!n)
			return NULL;
		skip_ws(p);
		if (s[p->pos] != ')') {
			mexpr_free(n);
			return fail(p, 1, "expected ')'");
		}
		p->pos++;
		p->depth--;
		return n;
	}
	if (s[p->pos] == '-') {
		if (++p->depth > MEXPR_MAX_DEPTH)
			return fail(p, 1, "formula nested too deeply");
		p->pos++;
		n = parse_atom(p);
		p->depth--;
		return n ? node(N_NEG, n, NULL) : NULL;
	}
	if (isdigit((unsigned char)s[p->pos]) || (s[p->pos] == '.' && isdigit((unsigned char)s[p->pos + 1]))) {
		char *end;
		double v = strtod(s + p->pos, &end);

		if (end == s + p->pos || !isfinite(v))
			return fail(p, 1, "bad number");
		if (name_char(*end, true))
			return fail(p, (size_t)(end - s - p->pos) + 1, "a number runs into a name");
		n = node(N_NUM, NULL, NULL);
		if (n)
			n->num = v;
		p->pos = (size_t)(end - s);
		return n;
	}
	if (name_char(s[p->pos], true)) {
		size_t start = p->pos;

		while (name_char(s[p->pos], false))
			p->pos++;
		n = node(N_NAME, NULL, NULL);
		if (n && !(n->name = strndup(s + start, p->pos - start))) {
			free(n);
			n = NULL;
		}
		return n;
	}
	return fail(p, 1, s[p->pos] ? "expected a number, a name or '('" : "formula ends too early");
}

static struct mexpr *parse_product(struct parser *p)
{
	struct mexpr *l = parse_atom(p);

	while (l) {
		char op;

		skip_ws(p);
		op = p->s[p->pos];
		if (op != '*' && op != '/')
			break;
		p->pos++;
		struct mexpr *r = parse_atom(p);

		if (!r) {
			mexpr_free(l);
			return NULL;
		}
		l = node(op == '*' ? N_MUL : N_DIV, l, r);
	}
	return l;
}

static struct mexpr *parse_sum(struct parser *p)
{
	struct mexpr *l = parse_product(p);

	while (l) {
		char op;

		skip_ws(p);
		op = p->s[p->pos];
		if (op != '+' && op != '-')
			break;
		p->pos++;
		struct mexpr *r = parse_product(p);

		if (!r) {
			mexpr_free(l);
			return NULL;
		}
		l = node(op == '+' ? N_ADD : N_SUB, l, r);
	}
	return l;
}

int mexpr_parse(const char *text, struct mexpr **out, struct err_report *err)
{
	struct parser p = { .s = text, .err = err };
	struct mexpr *e;

	err->msg[0] = '\0';
	*out = NULL;
	if (strlen(text) > MEXPR_MAX_LEN)
		return err_set(err, -E2BIG, "formula longer than %d characters", MEXPR_MAX_LEN);
	e = parse_sum(&p);
	if (!e)
		return err->msg[0] ? err->code : err_set(err, -ENOMEM, "out of memory");
	skip_ws(&p);
	if (text[p.pos]) {
		mexpr_free(e);
		fail(&p, strlen(text + p.pos), "unexpected text after the formula");
		return err->code;
	}
	*out = e;
	return 0;
}

void mexpr_free(struct mexpr *e)
{
	if (!e)
		return;
	mexpr_free(e->l);
	mexpr_free(e->r);
	free(e->name);
	free(e);
}

static void collect(const struct mexpr *e, const char **names, size_t max, size_t *n)
{
	if (!e)
		return;
	if (e->kind == N_NAME) {
		for (size_t i = 0; i < *n && i < max; i++)
			if (!strcmp(names[i], e->name))
				return;
		if (*n < max)
			names[*n] = e->name;
		(*n)++;
	}
	collect(e->l, names, max, n);
	collect(e->r, names, max, n);
}

size_t mexpr_names(const struct mexpr *e, const char **names, size_t max)
{
	size_t n = 0;

	collect(e, names, max, &n);
	return n;
}

void mexpr_bind(struct mexpr *e, const char *const *vars, size_t n)
{
	if (!e)
		return;
	if (e->kind == N_NAME) {
		e->var = !strcmp(e->name, "duration_time") ? MEXPR_VAR_DURATION :
			 !strcmp(e->name, "hw_clk_freq")   ? MEXPR_VAR_HW_CLK :
							     MEXPR_VAR_NONE;
		for (size_t i = 0; i < n && e->var == MEXPR_VAR_NONE; i++)
			if (!strcmp(vars[i], e->name))
				e->var = (int)i;
	}
	mexpr_bind(e->l, vars, n);
	mexpr_bind(e->r, vars, n);
}

double mexpr_eval_bound(const struct mexpr *e, const double *vals, double duration, double hw_clk_freq)
{
	double l, r;

	switch (e->kind) {
	case N_NUM:
		return e->num;
	case N_NAME:
		return e->var >= 0 ? vals[e->var] : e->var == MEXPR_VAR_DURATION ? duration :
			e->var == MEXPR_VAR_HW_CLK ? hw_clk_freq : NAN;
	case N_NEG:
		return -mexpr_eval_bound(e->l, vals, duration, hw_clk_freq);
	default:
		break;
	}
	l = mexpr_eval_bound(e->l, vals, duration, hw_clk_freq);
	r = mexpr_eval_bound(e->r, vals, duration, hw_clk_freq);
	switch (e->kind) {
	case N_ADD:
		return l + r;
	case N_SUB:
		return l - r;
	case N_MUL:
		return l * r;
	default:
		return r == 0 ? NAN : l / r;
	}
}

double mexpr_eval(const struct mexpr *e, int (*lookup)(const char *name, double *v, void *ctx),
		  void *ctx)
{
	double l, r, v;

	switch (e->kind) {
	case N_NUM:
		return e->num;
	case N_NAME:
		return lookup(e->name, &v, ctx) ? NAN : v;
	case N_NEG:
		return -mexpr_eval(e->l, lookup, ctx);
	default:
		break;
	}
	l = mexpr_eval(e->l, lookup, ctx);
	r = mexpr_eval(e->r, lookup, ctx);
	switch (e->kind) {
	case N_ADD:
		return l + r;
	case N_SUB:
		return l - r;
	case N_MUL:
		return l * r;
	default:
		return r == 0 ? NAN : l / r;
	}
}

/* Append to w: false once it no longer fits */
static bool put(struct mexpr_writer *w, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (w->len >= w->size)
		return false;
	va_start(ap, fmt);
	n = vsnprintf(w->buf + w->len, w->size - w->len, fmt, ap);
	va_end(ap);
	w->len += n < 0 ? w->size : (size_t)n;
	return w->len < w->size;
}

/* The degree in time of a name: a count and duration_time grow with it, a clock rate does not */
static int name_degree(const char *name)
{
	return strcmp(name, "hw_clk_freq") ? 1 : 0;
}

int mexpr_rewrite(const struct mexpr *e, struct mexpr_writer *w, int *degree)
{
	static const char ops[] = { [N_ADD] = '+', [N_SUB] = '-', [N_MUL] = '*', [N_DIV] = '/' };
	char num[32];
	int l, r;

	switch (e->kind) {
	case N_NUM:
		*degree = 0;
		return put(w, "%s", strnum_double(e->num, num, sizeof(num))) ? 0 : -ENOSPC;
	case N_NAME:
		*degree = name_degree(e->name);
		return put(w, "%s", w->name_text(e->name, w->ctx)) ? 0 : -ENOSPC;
	case N_NEG:
		if (!put(w, "-(") || mexpr_rewrite(e->l, w, degree) || !put(w, ")"))
			return -ENOSPC;
		return 0;
	default:
		break;
	}
	if (!put(w, "(") || mexpr_rewrite(e->l, w, &l) || !put(w, " %c ", ops[e->kind]) ||
	    mexpr_rewrite(e->r, w, &r) || !put(w, ")"))
		return w->len >= w->size ? -ENOSPC : -EDOM;
	if ((e->kind == N_ADD || e->kind == N_SUB) && l != r)
		return -EDOM;	/* a count plus a rate: no formula of a window */
	*degree = e->kind == N_MUL ? l + r : e->kind == N_DIV ? l - r : l;
	return 0;
}
