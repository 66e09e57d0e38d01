// SPDX-License-Identifier: GPL-2.0
/*
 * famgen: pmu/family/data/<id>.yaml, each family's data, into the C tables pmuctl is built
 * with (as perf's jevents.py turns its JSON into pmu-events.c), and into pmuctl-families(7).
 *
 *   famgen c FILE.yaml...      the tables, every family's descriptor, and pmu_families[]
 *   famgen man FILE.yaml...    the man page listing them
 *   famgen md FILE.yaml...     the README's table of them
 *
 * A key it does not know is an error naming the file and the line: data is checked as code is.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* the Makefile gives the version pmuctl has; a build of famgen alone has none */
#ifndef PMUCTL_VERSION
#define PMUCTL_VERSION "0"
#endif

#define MAX_FAMILIES 128

struct doc {
	const char *path;
	yaml_document_t d;
	yaml_node_t *root;
	long order;
	const char *id;
};

static struct doc docs[MAX_FAMILIES];
static size_t ndocs;

__attribute__((noreturn, format(printf, 3, 4)))
static void die(const struct doc *d, const yaml_node_t *at, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "famgen: %s:%zu: ", d->path, at ? at->start_mark.line + 1 : 1);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static yaml_node_t *node(struct doc *d, int i)
{
	return yaml_document_get_node(&d->d, i);
}

static const char *scalar(struct doc *d, const yaml_node_t *n, const char *key)
{
	if (n->type != YAML_SCALAR_NODE)
		die(d, n, "%s: expected a value", key);
	return (const char *)n->data.scalar.value;
}

/* The value of key in mapping m, or NULL */
static yaml_node_t *get(struct doc *d, const yaml_node_t *m, const char *key)
{
	for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++)
		if (!strcmp(scalar(d, node(d, p->key), "key"), key))
			return node(d, p->value);
	return NULL;
}

static const char *str(struct doc *d, const yaml_node_t *m, const char *key)
{
	yaml_node_t *v = get(d, m, key);

	if (!v)
		return NULL;
	if (v->type == YAML_SCALAR_NODE && v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    !strcmp((const char *)v->data.scalar.value, "null"))
		return NULL;
	return scalar(d, v, key);
}

static long num(struct doc *d, const yaml_node_t *m, const char *key)
{
	const char *s = str(d, m, key);
	char *end;
	long v;

	if (!s)
		return 0;
	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || *end || end == s)
		die(d, get(d, m, key), "%s: expected a number, not '%s'", key, s);
	return v;
}

static bool flag(struct doc *d, const yaml_node_t *m, const char *key)
{
	const char *s = str(d, m, key);

	if (!s || !strcmp(s, "false"))
		return false;
	if (!strcmp(s, "true"))
		return true;
	die(d, get(d, m, key), "%s: expected true or false, not '%s'", key, s);
	return false;
}

/* Every key of m is one of allowed (NULL-terminated) */
static void only(struct doc *d, const yaml_node_t *m, const char *what, const char *const *allowed)
{
	if (m->type != YAML_MAPPING_NODE)
		die(d, m, "%s: expected a mapping", what);
	for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
		const char *k = scalar(d, node(d, p->key), "key");
		bool ok = false;

		for (const char *const *a = allowed; *a && !ok; a++)
			ok = !strcmp(*a, k);
		if (!ok)
			die(d, node(d, p->key), "%s: unknown key '%s'", what, k);
	}
}

/* A C string literal of s, or NULL */
static void lit(FILE *f, const char *s)
{
	if (!s) {
		fputs("NULL", f);
		return;
	}
	fputc('"', f);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if (*c == '\n')
			fputs("\\n", f);
		else if (*c < 0x20)
			fprintf(f, "\\%03o", *c);
		else
			fputc(*c, f);
	}
	fputc('"', f);
}

static yaml_node_t *seq(struct doc *d, const yaml_node_t *m, const char *key)
{
	yaml_node_t *v = get(d, m, key);

	if (v && v->type != YAML_SEQUENCE_NODE)
		die(d, v, "%s: expected a list", key);
	return v;
}

/* NOLINTNEXTLINE(bugprone-macro-parentheses): it is a declarator */
#define EACH(d, s, it) for (yaml_node_item_t *it = (s)->data.sequence.items.start; it < (s)->data.sequence.items.top; it++)

static const char *const family_keys[] = {
	"id", "title", "vendor", "order", "ops", "match", "uncore", "never_group", "group_max",
	"counters", "counters_from", "own_counters", "own_counters_from", "filter_slots",
	"filter_slots_from", "socket_word", "rc_word", "metrics_need", "per_device_metrics",
	"serve_metrics", "destination_metrics", "port_filter", "device_method", "map_unknown",
	"parts_key", "iostat", "hardware", "kernel_changes", "aliases", "events", "formats",
	"doc_metrics", "metrics", "about", "params", "identifier_file", "metric_scope", "examples", NULL,
};

static void catalog(FILE *f, struct doc *d, const char *key)
{
	static const char *const keys[] = { "name", "text", NULL };
	yaml_node_t *s = seq(d, d->root, key);

	if (!s)
		return;
	fprintf(f, "static const struct catalog_entry %s_%s[] = {\n", d->id, key);
	EACH(d, s, it) {
		yaml_node_t *e = node(d, *it);

		only(d, e, key, keys);
		fputs("\t{ ", f);
		lit(f, str(d, e, "name"));
		fputs(", ", f);
		lit(f, str(d, e, "text"));
		fputs(" },\n", f);
	}
	fputs("\t{ NULL, NULL },\n};\n", f);
}

static const char *destination(struct doc *d, const yaml_node_t *e)
{
	const char *s = str(d, e, "destination");

	if (!s)
		return "DEST_NONE";
	if (!strcmp(s, "local"))
		return "DEST_LOCAL";
	if (!strcmp(s, "remote"))
		return "DEST_REMOTE";
	die(d, get(d, e, "destination"), "destination: local or remote, not '%s'", s);
	return NULL;
}

static void metrics(FILE *f, struct doc *d, const char *key)
{
	static const char *const keys[] = { "name", "expr", "unit", "description", "source", "link_dir",
					    "across", "filter", "total_only", "filter_kept", "destination",
					    "family", NULL };
	yaml_node_t *s = seq(d, d->root, key);

	if (!s)
		return;
	fprintf(f, "static const struct family_metric %s_%s[] = {\n", d->id, key);
	EACH(d, s, it) {
		yaml_node_t *e = node(d, *it);
		const char *const fields[] = { "name", "expr", "unit", "description", "source" };

		only(d, e, key, keys);
		if (!str(d, e, "name") || !str(d, e, "expr") || !str(d, e, "unit"))
			die(d, e, "%s: a metric needs name, expr and unit", key);
		fputs("\t{ ", f);
		for (size_t k = 0; k < sizeof(fields) / sizeof(*fields); k++) {
			fprintf(f, ".%s = ", fields[k]);
			lit(f, str(d, e, fields[k]));
			fputs(", ", f);
		}
		fprintf(f, ".link_dir = %ld, .across = %s, .filter = ", num(d, e, "link_dir"),
			flag(d, e, "across") ? "true" : "false");
		lit(f, str(d, e, "filter"));
		fprintf(f, ", .total_only = %s, .filter_kept = %s, .destination = %s, .family = ",
			flag(d, e, "total_only") ? "true" : "false", flag(d, e, "filter_kept") ? "true" : "false",
			destination(d, e));
		lit(f, str(d, e, "family"));
		fputs(" },\n", f);
	}
	fputs("\t{ .name = NULL },\n};\n", f);
}

static void kernel_changes(FILE *f, struct doc *d)
{
	static const char *const keys[] = { "release", "what", "source", "pmuctl_does", NULL };
	yaml_node_t *s = seq(d, d->root, "kernel_changes");

	if (!s)
		return;
	fprintf(f, "static const struct kernel_change %s_kernel_changes[] = {\n", d->id);
	EACH(d, s, it) {
		yaml_node_t *e = node(d, *it);
		int major, minor;

		only(d, e, "kernel_changes", keys);
		if (!str(d, e, "release") || sscanf(str(d, e, "release"), "%d.%d", &major, &minor) != 2)
			die(d, e, "kernel_changes: release is MAJOR.MINOR");
		fprintf(f, "\t{ %d, %d, ", major, minor);
		lit(f, str(d, e, "what"));
		fputs(", ", f);
		lit(f, str(d, e, "source"));
		fputs(", ", f);
		lit(f, str(d, e, "pmuctl_does"));
		fputs(" },\n", f);
	}
	fputs("\t{ 0, 0, NULL, NULL, NULL },\n};\n", f);
}

static void aliases(FILE *f, struct doc *d)
{
	static const char *const keys[] = { "name", "of", "source", "value", "compat", "cpu", NULL };
	yaml_node_t *s = seq(d, d->root, "aliases");

	if (!s)
		return;
	fprintf(f, "static const struct event_alias %s_aliases[] = {\n", d->id);
	EACH(d, s, it) {
		yaml_node_t *e = node(d, *it);
		const char *const fields[] = { "name", "of", "source", "value", "compat", "cpu" };

		only(d, e, "aliases", keys);
		fputs("\t{ ", f);
		for (size_t k = 0; k < sizeof(fields) / sizeof(*fields); k++) {
			lit(f, str(d, e, fields[k]));
			fputs(k + 1 < sizeof(fields) / sizeof(*fields) ? ", " : "", f);
		}
		fputs(" },\n", f);
	}
	fputs("\t{ NULL, NULL, NULL, NULL, NULL, NULL },\n};\n", f);
}

/* A name pattern: text, "*", and {field} of struct pmu's location fields */
static void check_pattern(struct doc *d, const yaml_node_t *at, const char *s)
{
	static const char *const fields[] = { "socket", "rc", "die", "channel", "subchannel", NULL };

	for (const char *b; (b = strchr(s, '{')); s = strchr(b, '}') + 1) {
		const char *e = strchr(b, '}');
		bool ok = false;

		for (const char *const *f = fields; e && *f && !ok; f++)
			ok = strlen(*f) == (size_t)(e - b - 1) && !strncmp(*f, b + 1, (size_t)(e - b - 1));
		if (!ok)
			die(d, at, "match: '%s': a field is {socket}, {rc}, {die}, {channel} or {subchannel}", b);
	}
}

static void match(FILE *f, struct doc *d)
{
	static const char *const keys[] = { "names", NULL };
	yaml_node_t *m = get(d, d->root, "match"), *names;

	if (!m)
		return;
	only(d, m, "match", keys);
	names = seq(d, m, "names");
	if (!names || names->data.sequence.items.top == names->data.sequence.items.start)
		die(d, m, "match: names, the patterns of its PMUs' names");
	fprintf(f, "static const char *const %s_names[] = { ", d->id);
	EACH(d, names, it) {
		const char *n = scalar(d, node(d, *it), "names");

		check_pattern(d, node(d, *it), n);
		lit(f, n);
		fputs(", ", f);
	}
	fprintf(f, "NULL };\nstatic const struct family_match %s_match = { %s_names };\n", d->id, d->id);
}

/* A mapping of words (params, examples) as a family_param table named <id>_<key> */
static void words(FILE *f, struct doc *d, const char *key)
{
	yaml_node_t *m = get(d, d->root, key);

	if (!m)
		return;
	if (m->type != YAML_MAPPING_NODE)
		die(d, m, "%s: expected a mapping of words", key);
	fprintf(f, "static const struct family_param %s_%s[] = {\n", d->id, key);
	for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
		fputs("\t{ ", f);
		lit(f, scalar(d, node(d, p->key), key));
		fputs(", ", f);
		lit(f, scalar(d, node(d, p->value), key));
		fputs(" },\n", f);
	}
	fputs("\t{ NULL, NULL },\n};\n", f);
}

/* The filter a system-wide metric's events need: one format term, all its bits */
static void metric_scope(FILE *f, struct doc *d)
{
	static const char *const keys[] = { "term", "value", NULL };
	yaml_node_t *m = get(d, d->root, "metric_scope");

	if (!m)
		return;
	only(d, m, "metric_scope", keys);
	if (!str(d, m, "term") || !num(d, m, "value"))
		die(d, m, "metric_scope: term, a format field, and value, its bits");
	fprintf(f, "static const struct fn_filter %s_scope = { .term = { { ", d->id);
	lit(f, str(d, m, "term"));
	fprintf(f, ", 0x%lx, FN_HEX } }, .n = 1, .bar = -1 };\n", num(d, m, "value"));
}

static void tables(FILE *f, struct doc *d)
{
	static const char *const hw_keys[] = { "platform", "module", "config", "since", NULL };
	yaml_node_t *hw = get(d, d->root, "hardware"), *io = seq(d, d->root, "iostat");

	match(f, d);
	words(f, d, "params");
	words(f, d, "examples");
	metric_scope(f, d);
	catalog(f, d, "events");
	catalog(f, d, "formats");
	metrics(f, d, "doc_metrics");
	metrics(f, d, "metrics");
	kernel_changes(f, d);
	aliases(f, d);
	if (hw) {
		only(d, hw, "hardware", hw_keys);
		fprintf(f, "static const struct family_hardware %s_hardware = { ", d->id);
		for (const char *const *k = hw_keys; *k; k++) {
			fprintf(f, ".%s = ", *k);
			lit(f, str(d, hw, *k));
			fputs(", ", f);
		}
		fputs("};\n", f);
	}
	if (io) {
		size_t n = 0;

		fprintf(f, "static const char *const %s_iostat[IOSTAT_COLUMNS] = { ", d->id);
		EACH(d, io, it) {
			const char *v = scalar(d, node(d, *it), "iostat");

			lit(f, strcmp(v, "null") ? v : NULL);
			fputs(", ", f);
			n++;
		}
		if (n != 4)
			die(d, io, "iostat: perf iostat's four columns, null where the family has none");
		fputs("};\n", f);
	}
}

static void field_str(FILE *f, struct doc *d, const char *key)
{
	const char *v = str(d, d->root, key);

	if (!v)
		return;
	fprintf(f, "\t.%s = ", key);
	lit(f, v);
	fputs(",\n", f);
}

static void descriptor(FILE *f, struct doc *d)
{
	static const char *const strs[] = { "title", "vendor", "counters_from", "own_counters_from",
					    "filter_slots_from", "socket_word", "rc_word", "metrics_need",
					    "per_device_metrics", "serve_metrics", "destination_metrics",
					    "device_method", "map_unknown", "parts_key", "about",
					    "identifier_file", NULL };
	static const char *const nums[] = { "group_max", "counters", "own_counters", "filter_slots", NULL };
	static const char *const flags[] = { "uncore", "never_group", "port_filter", NULL };
	static const char *const tabs[][2] = { { "events", "event_docs" }, { "formats", "format_docs" },
					       { "doc_metrics", "doc_metrics" }, { "metrics", "metrics" },
					       { "kernel_changes", "kernel_changes" }, { "aliases", "aliases" },
					       { "iostat", "iostat" } };
	const char *ops = str(d, d->root, "ops");

	fprintf(f, "static const struct pmu_family family_%s = {\n\t.id = ", d->id);
	lit(f, d->id);
	fputs(",\n", f);
	for (const char *const *k = strs; *k; k++)
		field_str(f, d, *k);
	for (const char *const *k = nums; *k; k++)
		if (num(d, d->root, *k))
			fprintf(f, "\t.%s = %ld,\n", *k, num(d, d->root, *k));
	for (const char *const *k = flags; *k; k++)
		if (flag(d, d->root, *k))
			fprintf(f, "\t.%s = true,\n", *k);
	for (size_t k = 0; k < sizeof(tabs) / sizeof(*tabs); k++)
		if (get(d, d->root, tabs[k][0]))
			fprintf(f, "\t.%s = %s_%s,\n", tabs[k][1], d->id, tabs[k][0]);
	if (get(d, d->root, "hardware"))
		fprintf(f, "\t.hardware = &%s_hardware,\n", d->id);
	if (get(d, d->root, "match"))
		fprintf(f, "\t.match = &%s_match,\n", d->id);
	if (get(d, d->root, "params"))
		fprintf(f, "\t.params = %s_params,\n", d->id);
	if (get(d, d->root, "examples"))
		fprintf(f, "\t.examples = %s_examples,\n", d->id);
	if (get(d, d->root, "metric_scope"))
		fprintf(f, "\t.metric_scope = &%s_scope,\n", d->id);
	fprintf(f, "\t.ops = &%s,\n", ops ? ops : "family_no_ops");
	fputs("};\n\n", f);
}

static int by_order(const void *a, const void *b)
{
	const struct doc *x = a, *y = b;

	return (x->order > y->order) - (x->order < y->order);
}

static void load(const char *path)
{
	struct doc *d = &docs[ndocs];
	yaml_parser_t parser;
	FILE *in = fopen(path, "r");

	if (ndocs == MAX_FAMILIES) {
		fprintf(stderr, "famgen: more than %d families\n", MAX_FAMILIES);
		exit(1);
	}
	d->path = path;
	if (!in || !yaml_parser_initialize(&parser)) {
		fprintf(stderr, "famgen: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	yaml_parser_set_input_file(&parser, in);
	if (!yaml_parser_load(&parser, &d->d)) {
		fprintf(stderr, "famgen: %s:%zu: %s\n", path, parser.problem_mark.line + 1,
			parser.problem ? parser.problem : "not YAML");
		exit(1);
	}
	yaml_parser_delete(&parser);
	fclose(in);
	d->root = yaml_document_get_root_node(&d->d);
	if (!d->root)
		die(d, NULL, "empty");
	only(d, d->root, "a family", family_keys);
	d->id = str(d, d->root, "id");
	if (!d->id || !str(d, d->root, "title"))
		die(d, d->root, "a family needs id and title");
	d->order = num(d, d->root, "order");
	for (size_t i = 0; i < ndocs; i++) {
		if (!strcmp(docs[i].id, d->id))
			die(d, d->root, "family %s is %s's too", d->id, docs[i].path);
		if (docs[i].order == d->order)
			die(d, d->root, "order %ld is %s's too: the order is the families' decode priority", d->order,
			    docs[i].path);
	}
	ndocs++;
}

static void gen_c(FILE *f)
{
	fputs("/* Generated by tools/famgen.c from pmu/family/data/: edit those, not this */\n"
	      "#include <stddef.h>\n#include \"pmu/devmap.h\"\n#include \"pmu/family/family.h\"\n\n", f);
	for (size_t i = 0; i < ndocs; i++) {
		const char *ops = str(&docs[i], docs[i].root, "ops");

		if (ops)
			fprintf(f, "extern const struct family_ops %s;\n", ops);
	}
	fputc('\n', f);
	for (size_t i = 0; i < ndocs; i++) {
		tables(f, &docs[i]);
		descriptor(f, &docs[i]);
	}
	fputs("const struct pmu_family *const pmu_families[] = {\n", f);
	for (size_t i = 0; i < ndocs; i++)
		fprintf(f, "\t&family_%s,\n", docs[i].id);
	fputs("\tNULL,\n};\n", f);
}

/* roff text: a line that starts with . or ' is escaped, as are backslashes */
static void roff(FILE *f, const char *s)
{
	if (!s)
		return;
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else if (*s == '/')
			fputs("/\\:", f);	/* a path may break after a slash */
		else
			fputc(*s, f);
	}
}

static void man_list(FILE *f, struct doc *d, const char *key, const char *title, bool metric)
{
	yaml_node_t *s = seq(d, d->root, key);

	if (!s)
		return;
	fprintf(f, ".PP\n%s:\n.RS\n", title);
	EACH(d, s, it) {
		yaml_node_t *e = node(d, *it);

		fputs(".TP\n.B ", f);
		roff(f, str(d, e, "name"));
		fputc('\n', f);
		if (metric) {
			roff(f, str(d, e, "description"));
			fputs(", in ", f);
			roff(f, str(d, e, "unit"));
			fputs(": \\fI", f);
			roff(f, str(d, e, "expr"));
			fputs("\\fR; from ", f);
			roff(f, str(d, e, "source"));
		} else {
			roff(f, str(d, e, "text") ? str(d, e, "text") : "(not described)");
		}
		fputc('\n', f);
	}
	fputs(".RE\n", f);
}

static void gen_man(FILE *f)
{
	fputs(".\\\" Generated by tools/famgen.c from pmu/family/data/: edit those, not this\n"
	      ".TH PMUCTL\\-FAMILIES 7 2026-11-27 \"pmuctl " PMUCTL_VERSION "\" \"Miscellaneous Information\"\n.ad l\n.nh\n.SH NAME\npmuctl-families \\- the PMU families pmuctl knows\n"
	      ".SH DESCRIPTION\nEach family is one data file, pmu/family/data/\\fIID\\fR.yaml, turned into\n"
	      "pmuctl's tables when it is built: the names of its PMUs, what its events and format\n"
	      "fields mean, its counters, its metrics with their sources, what shows its hardware,\n"
	      "and how its driver changed.\nWhat data cannot say (a driver rule with logic, where\n"
	      "a PMU is) is in pmu/family/\\fIID\\fR.c.\nA PMU of no family is listed as generic and\n"
	      "counts through its own format and events files.\n.SH FAMILIES\n", f);
	for (size_t i = 0; i < ndocs; i++) {
		struct doc *d = &docs[i];
		yaml_node_t *m = get(d, d->root, "match"), *hw = get(d, d->root, "hardware");

		if (!strcmp(d->id, "generic"))
			continue;
		fputs(".SS ", f);
		roff(f, str(d, d->root, "title"));
		fputs(" (", f);
		roff(f, d->id);
		fputs(")\n", f);
		if (str(d, d->root, "about")) {
			roff(f, str(d, d->root, "about"));
			fputc('\n', f);
		}
		if (m && seq(d, m, "names")) {
			fputs(".TP\n.B PMUs\n", f);
			EACH(d, seq(d, m, "names"), it) {
				roff(f, scalar(d, node(d, *it), "names"));
				fputc('\n', f);
			}
		}
		if (num(d, d->root, "counters")) {
			fprintf(f, ".TP\n.B counters\n%ld", num(d, d->root, "counters"));
			if (str(d, d->root, "counters_from")) {
				fputs(" (", f);
				roff(f, str(d, d->root, "counters_from"));
				fputc(')', f);
			}
			fputc('\n', f);
		}
		man_list(f, d, "events", "Events", false);
		man_list(f, d, "formats", "Format fields", false);
		man_list(f, d, "doc_metrics", "Metrics of its documents", true);
		man_list(f, d, "metrics", "Metrics of pmuctl", true);
		if (hw && str(d, hw, "module")) {
			fputs(".TP\n.B driver\n", f);
			roff(f, str(d, hw, "module"));
			if (str(d, hw, "since")) {
				fputs(", ", f);
				roff(f, str(d, hw, "since"));
			}
			fputc('\n', f);
		}
	}
	fputs(".SH SEE ALSO\n.BR pmuctl (1),\n.BR pmuctl\\-list (1),\n.BR pmuctl\\-metrics (7)\n", f);
}

/* Text lines folded at spaces below 80 columns, as mandoc -Tlint wants them; requests as they are */
static void wrap(FILE *f, const char *page)
{
	for (const char *l = page; *l;) {
		size_t len = strcspn(l, "\n");

		while (*l != '.' && len > 78) {
			size_t cut = 78;

			while (cut && l[cut] != ' ')
				cut--;
			if (!cut)
				break;
			fprintf(f, "%.*s\n", (int)cut, l);
			l += cut + 1;
			len -= cut + 1;
			if (*l == '.' || *l == '\'')
				fputs("\\&", f);
		}
		fprintf(f, "%.*s\n", (int)len, l);
		l += len + (l[len] == '\n');
	}
}

/* Markdown: a | within a cell would end it */
static void md(FILE *f, const char *s)
{
	for (; s && *s; s++)
		fputs(*s == '|' ? "\\|" : (char[]){ *s, 0 }, f);
}

static size_t count(struct doc *d, const char *key)
{
	yaml_node_t *s = seq(d, d->root, key);

	return s ? (size_t)(s->data.sequence.items.top - s->data.sequence.items.start) : 0;
}

/* The README's table of families, between its markers */
static void gen_md(FILE *f)
{
	fputs("| Family | Id | PMUs | Counters | Events, formats, metrics described |\n"
	      "|---|---|---|---|---|\n", f);
	for (size_t i = 0; i < ndocs; i++) {
		struct doc *d = &docs[i];
		yaml_node_t *m = get(d, d->root, "match");
		const char *sep = "";

		if (!m)
			continue;
		fputs("| ", f);
		md(f, str(d, d->root, "title"));
		fprintf(f, " | `%s` | ", d->id);
		EACH(d, seq(d, m, "names"), it) {
			fprintf(f, "%s`", sep);
			md(f, scalar(d, node(d, *it), "names"));
			fputc('`', f);
			sep = ", ";
		}
		if (num(d, d->root, "counters"))
			fprintf(f, " | %ld | ", num(d, d->root, "counters"));
		else
			fputs(" | from the hardware | ", f);
		fprintf(f, "%zu, %zu, %zu |\n", count(d, "events"), count(d, "formats"),
			count(d, "doc_metrics") + count(d, "metrics"));
	}
}

int main(int argc, char **argv)
{
	if (argc < 3 || (strcmp(argv[1], "c") && strcmp(argv[1], "man") && strcmp(argv[1], "md"))) {
		fprintf(stderr, "usage: famgen c|man|md FILE.yaml...\n");
		return 64;
	}
	for (int i = 2; i < argc; i++)
		load(argv[i]);
	qsort(docs, ndocs, sizeof(*docs), by_order);
	for (size_t i = 0, others = 0; i < ndocs; i++)
		if (!get(&docs[i], docs[i].root, "match") && ++others > 1)
			die(&docs[i], docs[i].root, "a second family without match: one takes every other PMU");
	if (!strcmp(argv[1], "c")) {
		gen_c(stdout);
	} else if (!strcmp(argv[1], "md")) {
		gen_md(stdout);
	} else {
		char *page = NULL;
		size_t size = 0;
		FILE *m = open_memstream(&page, &size);

		if (!m)
			return 1;
		gen_man(m);
		if (fclose(m))
			return 1;
		wrap(stdout, page);
		free(page);
	}
	return fflush(stdout) || ferror(stdout) ? 1 : 0;
}
