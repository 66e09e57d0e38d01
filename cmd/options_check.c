// SPDX-License-Identifier: GPL-2.0
/*
 * What getopt would refuse, found before argp parses: glibc's getopt_long runs silently over
 * the same options, and each refusal goes through the error sink, so -j prints it too and an
 * unknown long option is told the nearest real one. Messages keep getopt's words.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/options_check.h"
#include "cmd/pmuctl.h"
#include "lib/suggest.h"

/* argp's own options (argp_default_options, argp_version_options) */
static const struct argp_option argp_builtin[] = {
	{ "help", '?', NULL, 0, NULL, 0 },
	{ "usage", -3, NULL, 0, NULL, 0 },
	{ "program-name", -4, "NAME", 0, NULL, 0 },
	{ "HANG", -5, "SECS", OPTION_ARG_OPTIONAL, NULL, 0 },
	{ "version", 'V', NULL, 0, NULL, 0 },
	{ 0 },
};
static const struct argp builtin_argp = { argp_builtin, NULL, NULL, NULL, NULL, NULL, NULL };

struct option_table {
	char shorts[256];
	size_t nshort;
	struct option *longs;
	size_t nlong;
	bool nomem;
};

/* argp's __option_is_short */
static bool is_short(const struct argp_option *o)
{
	return !(o->flags & OPTION_DOC) && o->key > 0 && o->key <= 255 && isprint(o->key);
}

static void add_short(struct option_table *t, int key, int has_arg)
{
	if (strchr(t->shorts, key) || t->nshort + 3 >= sizeof(t->shorts))
		return;
	t->shorts[t->nshort++] = (char)key;
	for (int i = 0; i < has_arg; i++)
		t->shorts[t->nshort++] = ':';
}

static void add_long(struct option_table *t, const char *name, int has_arg)
{
	struct option *v = realloc(t->longs, (t->nlong + 2) * sizeof(*v));

	if (!v) {
		t->nomem = true;
		return;
	}
	t->longs = v;
	/* val tells getopt's ':' and '?' which long option it was: 256 and up, never a char */
	v[t->nlong] = (struct option){ name, has_arg, NULL, 256 + (int)t->nlong };
	t->nlong++;
	v[t->nlong] = (struct option){ 0 };
}

/* An alias takes the argument of the option it follows (argp.h, OPTION_ALIAS) */
static void collect(const struct argp *argp, struct option_table *t)
{
	const struct argp_option *real = NULL;

	for (const struct argp_option *o = argp->options; o && (o->name || o->key || o->doc); o++) {
		int has_arg;

		if (o->flags & OPTION_DOC)
			continue;
		if (!(o->flags & OPTION_ALIAS))
			real = o;
		if (!real)
			continue;
		has_arg = !real->arg ? no_argument :
			  real->flags & OPTION_ARG_OPTIONAL ? optional_argument : required_argument;
		if (is_short(o))
			add_short(t, o->key, has_arg);
		if (o->name)
			add_long(t, o->name, has_arg);
	}
	for (const struct argp_child *c = argp->children; c && c->argp; c++)
		collect(c->argp, t);
}

/* perf's options that pmuctl spells otherwise: named when a perf habit types them */
static const struct {
	const char *perf, *ours;
} perf_spelling[] = {
	{ "no-merge", " (perf's --no-merge is --per-pmu here: a row per PMU instance)" },
};

static const char *perf_named(const char *word)
{
	for (size_t k = 0; k < sizeof(perf_spelling) / sizeof(perf_spelling[0]); k++)
		if (!strcmp(word, perf_spelling[k].perf))
			return perf_spelling[k].ours;
	return NULL;
}

/* A long option getopt did not take: unknown (with the nearest real one) or ambiguous */
static void refused_long(const struct option_table *t, const char *text, char *msg, size_t size)
{
	size_t len = strcspn(text, "="), used = 0;
	char word[64], near[256], possible[256] = "";
	struct suggest sg;

	snprintf(word, sizeof(word), "%.*s", (int)len, text);
	suggest_init(&sg, word);
	sg.prefix = "--";
	for (size_t i = 0; t->longs && i < t->nlong; i++) {
		suggest_offer(&sg, t->longs[i].name);
		if (!strncmp(t->longs[i].name, word, len) && used < sizeof(possible))
			used += (size_t)snprintf(possible + used, sizeof(possible) - used, " '--%s'",
						 t->longs[i].name);
	}
	if (used)
		snprintf(msg, size, "option '--%s' is ambiguous; possibilities:%s", word, possible);
	else
		snprintf(msg, size, "unrecognized option '--%s'%s", word,
			 perf_named(word) ? perf_named(word) : suggest_text(&sg, near, sizeof(near)));
}

/* What getopt refuses first in argv, in getopt's words; "" when nothing */
static void refused(const struct option_table *t, int argc, char **argv, char *msg, size_t size)
{
	int c;

	msg[0] = '\0';
	optind = 0;
	opterr = 0;
	while (!msg[0] && (c = getopt_long(argc, argv, t->shorts, t->longs, NULL)) != -1) {
		const char *name = t->longs && optopt >= 256 && (size_t)(optopt - 256) < t->nlong ?
				   t->longs[optopt - 256].name : NULL;

		if (c != '?' && c != ':')
			continue;
		if (c == ':' && name)
			snprintf(msg, size, "option '--%s' requires an argument", name);
		else if (c == ':')
			snprintf(msg, size, "option requires an argument -- '%c'", optopt);
		else if (name)
			snprintf(msg, size, "option '--%s' doesn't allow an argument", name);
		else if (optopt)
			snprintf(msg, size, "invalid option -- '%c'", optopt);
		else
			refused_long(t, argv[optind - 1] + 2, msg, size);
	}
}

void options_check(const struct argp *argp, int argc, char **argv, bool stop_at_argument)
{
	struct option_table t = { .nshort = 2 };
	char msg[512] = "";

	/* '+': stop at the command name, '-': go on past arguments as argp does; ':': say nothing */
	t.shorts[0] = stop_at_argument ? '+' : '-';
	t.shorts[1] = ':';
	collect(argp, &t);
	collect(&builtin_argp, &t);
	if (!t.nomem)
		refused(&t, argc, argv, msg, sizeof(msg));
	free(t.longs);
	if (t.nomem)
		jerr_usage(argv[0], "out of memory checking the command line");
	if (msg[0])
		jerr_usage(argv[0], "%s", msg);
}
