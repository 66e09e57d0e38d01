// SPDX-License-Identifier: GPL-2.0
/* pmuctl list: every PMU by family and location, with events, formats and a source's blocks. */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/list/list.h"
#include "cmd/pmuctl.h"
#include "lib/suggest.h"
#include "lib/diag.h"
#include "pmu/metrics/metric.h"
#include "cmd/list/metric_rules.h"
#include "pmu/pmu.h"
#include "topology/bdf.h"

enum list_key {
	KEY_METRICS_FILE = 0x200,
	KEY_FORMAT,
};

static const struct argp_option list_options[] = {
	{ "events", 'e', NULL, 0, "list each PMU's events, with their meaning from the documents", 0 },
	{ "formats", 'f', NULL, 0, "list each PMU's format fields (filters) and their bits", 0 },
	{ "long", 'l', NULL, 0, "events, formats, CPUs, identifier and peer", 0 },
	{ "metrics", 'm', NULL, 0, "list the metrics (-M of stat): formula, unit and the document it comes from", 0 },
	{ "metrics-file", KEY_METRICS_FILE, "FILE", 0, "add the metrics of a JSON file (see pmuctl-metrics(7))", 0 },
	{ "all", 'a', NULL, 0, "with --metrics: the whole catalog, not only the metrics that apply to this machine's PMUs", 0 },
	{ "format", KEY_FORMAT, "FORMAT", 0, "with --metrics: text (default), or prometheus-rules: a recording rule per metric over rate() of serve's counters, and alerts", 0 },
	{ 0 },
};

static error_t list_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct list_args *a = state->input;

	switch (key) {
	case 'e':
		a->events = true;
		break;
	case 'f':
		a->formats = true;
		break;
	case 'l':
		a->long_form = a->events = a->formats = true;
		break;
	case 'm':
		a->metrics = true;
		break;
	case 'a':
		a->all = true;
		break;
	case KEY_METRICS_FILE:
		a->metrics_file = arg;
		a->metrics = true;
		break;
	case KEY_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "prometheus-rules"))
			jerr_argp(state, "invalid format '%s': use text or prometheus-rules", arg);
		a->rules = !strcmp(arg, "prometheus-rules");
		break;
	case ARGP_KEY_END:
		if (a->rules && !a->metrics)
			jerr_argp(state, "--format=prometheus-rules writes the rules of metrics: add --metrics");
		if (a->rules && settings.json)
			jerr_argp(state, "--format=prometheus-rules is YAML: drop -j");
		break;
	case ARGP_KEY_ARG:
		a->pattern[a->npattern++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child list_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp list_argp = {
	list_options, list_parse_opt, "[PATTERN...]",
	"List the PMUs under <sysfs-root>/bus/event_source/devices grouped by family (@FAMILIES@; "
	"every other PMU generically) and location (socket, RC, core, die, channel, SICL, root "
	"port), and the blocks families find outside perf (hwmon). A PATTERN is a glob or a part "
	"of a PMU name, or a family id (@FAMILY_IDS@; pmuctl-families(7) says what each is)."
	"\vExamples:\n"
	"  pmuctl list\n"
	"  pmuctl list --events '@EX:pmu_glob@'\n"
	"  pmuctl list --formats @EX:family@\n"
	"  pmuctl list --metrics @EX:family@\n"
	"  pmuctl -j list | jq '.pmus[] | select(.family == \"@EX:family@\") | .name'\n"
	"\nExit status: 0 success, 1 no PMU directory or patterns that match nothing, 2 listed, but "
	"some files were unreadable "
	"(see the warnings).",
	list_children, help_families_filter, NULL
};

static void print_block(const struct pmu *b, const struct list_args *a)
{
	const char *kind = b->family->ops->identify.source->kind(b);
	char buf[256];

	if (!b->ncounters)
		printf("  %-20s %-9s %zu statistics register%s\n", safe_str(pmu_block_name(b), buf, sizeof(buf)),
		       kind, b->nevents, plural((long)b->nevents));
	else
		printf("  %-20s %-9s %d counter%s, %zu event%s\n", safe_str(pmu_block_name(b), buf, sizeof(buf)),
		       kind, b->ncounters, plural(b->ncounters), b->nevents, plural((long)b->nevents));
	if (!a->events)
		return;
	for (size_t k = 0; k < b->nevents; k++) {
		const struct pmu_event *e = &b->events[k];
		const char *desc = pmu_event_doc(b, e->name, buf, sizeof(buf));
		char ev[512], blk[128], en[256], line[1024];
		size_t n;

		snprintf(ev, sizeof(ev), "%s/%s/", safe_str(b->name, blk, sizeof(blk)),
			 safe_str(e->name, en, sizeof(en)));
		n = (size_t)snprintf(line, sizeof(line), "      %-44s %-6s %s", ev,
				     e->value ? e->value : "", desc ? desc : "");
		while (n > 0 && line[n - 1] == ' ')	/* no trailing blanks */
			line[--n] = '\0';
		printf("%s\n", line);
	}
}

/* The blocks of one hwmon device, from the first block of it at index first */
static void print_device(const struct pmu_list *pmus, size_t first, const struct list_args *a)
{
	const struct pmu *p = &pmus->v[first];
	const char *hwmon = p->hwmon;

	if (!hwmon)	/* list_first_of_device's: a block has its device */
		return;
	printf("%s (%s, %s)", p->family->title, p->family->ops->identify.source->device, hwmon);
	if (a->events)
		printf("; count with pmuctl stat -e %s/BLOCK/EVENT/", p->family->ops->identify.source->prefix);
	printf("\n");
	for (size_t i = first; i < pmus->n; i++)
		if (pmus->v[i].hwmon && !strcmp(pmus->v[i].hwmon, hwmon) && list_block_matches(a, &pmus->v[i]))
			print_block(&pmus->v[i], a);
}

static void print_pmu(const struct pmu *p, const struct list_args *a)
{
	const struct pmu_attrs *at = pmu_attrs(p);
	char loc[128], cpus[128], buf[256];

	pmu_location(p, loc, sizeof(loc));
	if (at->has_cpumask)
		cpulist_format(&at->cpumask, cpus, sizeof(cpus));
	else
		snprintf(cpus, sizeof(cpus), "all");
	printf("  %-36s %-34s type %-4d cpu %-4s %3zu event%s\n", safe_str(p->name, buf, sizeof(buf)),
	       loc, at->type, cpus, p->nevents, plural((long)p->nevents));
	if (a->long_form) {
		if (at->has_associated) {
			cpulist_format(&at->associated, cpus, sizeof(cpus));
			printf("      associated_cpus %s\n", cpus);
		}
		if (p->identifier) {
			printf("      %s ", p->identifier_file);
			fput_safe(p->identifier, stdout);
			putchar('\n');
		}
		if (p->peer) {
			printf("      peer ");
			fput_safe(p->peer, stdout);
			putchar('\n');
		}
		if (p->family->ops->locate.detail && p->family->ops->locate.detail(p, buf, sizeof(buf)))
			printf("      %s\n", buf);
		for (size_t i = 0; p->family->ops->locate.detail_line && p->family->ops->locate.detail_line(p, i, buf, sizeof(buf)); i++)
			printf("      %s\n", buf);
	}
	if (a->formats)
		for (size_t i = 0; i < p->nformats; i++) {
			const struct pmu_format *f = &p->formats[i];
			const char *d = pmu_format_doc(p, f->name);

			format_describe(f->word, f->mask, loc, sizeof(loc));
			printf("      %-20s %-16s %s\n", safe_str(f->name, buf, sizeof(buf)), loc,
			       d ? d : "");
		}
	if (a->events)
		for (size_t i = 0; i < p->nevents; i++) {
			const struct pmu_event *e = &p->events[i];
			const char *d = pmu_event_doc(p, e->name, loc, sizeof(loc));
			char v[128];

			printf("      %-34s %-20s %s\n", safe_str(e->name, buf, sizeof(buf)),
			       safe_str(e->value, v, sizeof(v)), d ? d : "");
		}
}

/* Whether a PMU or a source's block matches the patterns */
static bool matched(const struct list_args *a, const struct pmu_list *pmus)
{
	for (size_t i = 0; i < pmus->n; i++) {
		const struct pmu *p = &pmus->v[i];

		if (p->hwmon ? list_block_matches(a, p) : list_matches(a, p->name, p->family->id))
			return true;
	}
	return false;
}

/* Patterns that match nothing are an error, as ls says of a missing file; no PMU at all is not */
static int no_match(const struct list_args *a, const struct pmu_list *pmus)
{
	char near[256];
	struct suggest sg;

	if (!a->npattern) {
		p_note("no PMU under the sysfs root");
		return EXIT_OK;
	}
	suggest_init(&sg, a->pattern[0]);
	for (size_t i = 0; i < pmus->n; i++) {
		suggest_offer(&sg, pmu_block_name(&pmus->v[i]));
		suggest_offer(&sg, pmus->v[i].family->id);
	}
	p_err("no PMU matches %s'%s'%s; pmuctl list shows them all", a->npattern > 1 ? "the patterns, such as " : "",
	      a->pattern[0], suggest_text(&sg, near, sizeof(near)));
	return EXIT_FAIL;
}

static int render(const struct list_args *a, const struct pmu_list *pmus)
{
	const struct pmu_family *last = NULL;
	size_t shown = 0;

	/* patterns that match nothing fail: the error document alone, not an empty list first */
	if (settings.json && a->npattern && !matched(a, pmus))
		return no_match(a, pmus);
	if (settings.json)
		return list_render_json(a, pmus) ? EXIT_FAIL : EXIT_OK;
	for (size_t i = 0; i < pmus->n; i++) {
		const struct pmu *p = &pmus->v[i];

		if (p->hwmon || !list_matches(a, p->name, p->family->id))
			continue;
		if (!shown || p->family != last)
			printf("%s%s\n", shown ? "\n" : "", p->family->title);
		last = p->family;
		shown++;
		print_pmu(p, a);
	}
	for (size_t i = 0; i < pmus->n; i++) {
		if (!list_first_of_device(pmus, i))
			continue;
		printf("%s", shown++ ? "\n" : "");
		print_device(pmus, i, a);
	}
	return shown ? EXIT_OK : no_match(a, pmus);
}

/* Whether some PMU of this machine counts metric family mf */
static bool applies_here(const struct pmu_list *pmus, const char *mf)
{
	for (size_t i = 0; i < pmus->n; i++)
		if (pmu_metric_applies(&pmus->v[i], mf))
			return true;
	return false;
}

/* The PMUs the metrics are matched against; none when there is no PMU directory */
static int scan_for_metrics(struct pmu_list *pmus)
{
	struct pmu_scan_opts so = { .skip_formats = true };
	struct diag diag = { 0 };
	struct sysroot root;
	int ret;

	if (open_root(&root))
		return EXIT_FAIL;
	ret = pmu_scan_opts(&root, &so, pmus, &diag);
	diag_free(&diag);
	sysroot_close(&root);
	if (ret && ret != -ENOENT) {
		p_err("cannot read the PMUs to match metrics against: %s (--all lists the whole catalog)",
		      strerror(-ret));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static int list_metrics(const struct list_args *a)
{
	struct metric_list ml;
	struct err_report err = { 0 };
	struct pmu_list pmus = { 0 };
	json_t *arr = settings.json ? json_array() : NULL;
	size_t shown = 0, matched = 0;
	const struct metric **rules = NULL;
	int ret = EXIT_OK;

	if (!a->all && scan_for_metrics(&pmus)) {
		json_decref(arr);
		return EXIT_FAIL;
	}

	if (metric_catalog(&ml)) {
		p_err("out of memory");
		metric_list_free(&ml);
		pmu_list_free(&pmus);
		json_decref(arr);
		return EXIT_FAIL;
	}
	if (a->metrics_file && metric_load_file(&ml, a->metrics_file, &pmus, &err)) {
		p_err("%s", err.msg);
		metric_list_free(&ml);
		pmu_list_free(&pmus);
		json_decref(arr);
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < ml.n; i++) {
		const struct metric *m = &ml.v[i];

		if (!list_matches(a, m->name, m->family))
			continue;
		matched++;
		if (!a->all && !applies_here(&pmus, m->family))
			continue;
		shown++;
		if (a->rules) {
			/* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
			const struct metric **r = realloc(rules, shown * sizeof(*r));

			if (!r) {
				p_err("out of memory");
				ret = EXIT_FAIL;
				break;
			}
			rules = r;
			rules[shown - 1] = m;
			continue;
		}
		if (arr) {
			json_array_append_new(arr, json_pack("{s:s, s:s, s:s, s:o, s:s, s:s, s:s}", "name",
							     m->name, "family", m->family,
							     "expression", m->expr, "filter",
							     jout_text(m->filter), "unit", m->unit,
							     "description", m->description, "source",
							     m->source));
			continue;
		}
		printf("%-34s %-9s %s\n", m->name, m->unit, m->description);
		printf("    %s = %s    [%s; %s]\n", m->name, m->expr, m->family, m->source);
	}
	/* patterns that show nothing fail below: their error document alone */
	if (arr && (shown || !a->npattern))
		ret = jout_emit(json_pack("{s:o}", "metrics", arr)) ? EXIT_FAIL : EXIT_OK;
	else
		json_decref(arr);
	if (a->rules && shown && !ret)
		metric_rules_render(stdout, rules, shown, &pmus);
	free(rules);
	if (!shown && matched && !ret) {
		if (a->npattern)
			p_err("%zu metric%s match%s, but none applies to the PMUs of this machine: add --all to list them",
			      matched, plural((long)matched), matched == 1 ? "es" : "");
		else
			p_note("no metric of the catalog (%zu) applies to the PMUs of this machine: --all lists them",
			       matched);
		ret = a->npattern ? EXIT_FAIL : EXIT_OK;
	} else if (!shown && a->npattern && !ret) {
		char near[256];
		struct suggest sg;

		suggest_init(&sg, a->pattern[0]);
		metric_suggest(&ml, &sg);
		p_err("no metric matches '%s'%s (patterns match metric names and families; "
		      "pmuctl list --metrics --all shows them all)",
		      a->pattern[0], suggest_text(&sg, near, sizeof(near)));
		ret = EXIT_FAIL;
	}
	metric_list_free(&ml);
	pmu_list_free(&pmus);
	return ret;
}

int cmd_list(int argc, char **argv)
{
	struct list_args a = { .pattern = calloc((size_t)argc, sizeof(char *)) };
	struct pmu_list pmus = { 0 };
	struct diag diag = { 0 };
	struct sysroot root;
	int ret, pret;

	if (!a.pattern)
		return EXIT_FAIL;
	cmd_parse(&list_argp, argc, argv, &a);
	if (a.metrics) {
		ret = list_metrics(&a);
		free(a.pattern);
		return ret;
	}
	if (open_root(&root)) {
		free(a.pattern);
		return EXIT_FAIL;
	}
	/* read what will be shown: formats and details cost an open each */
	struct pmu_scan_opts so = { .skip_formats = !a.formats,
				    .skip_details = !settings.json && !a.long_form,
				    .skip_associated = !a.long_form };

	pret = pmu_scan_opts(&root, &so, &pmus, &diag);
	if (pret && pret != -ENOENT) {
		p_err("cannot read %s/" PMU_DEVICES_DIR ": %s", root.path, strerror(-pret));
		ret = EXIT_FAIL;
		goto out;
	}
	if (pret == -ENOENT && !pmus.n) {
		p_err("no PMUs: %s/" PMU_DEVICES_DIR " does not exist (is --sysfs-root a sysfs tree?)",
		      root.path);
		ret = EXIT_FAIL;
		goto out;
	}
	pmu_list_sort(&pmus);
	ret = render(&a, &pmus);
	if (!ret && p_diag(&diag))
		ret = EXIT_PARTIAL;
out:
	diag_free(&diag);
	pmu_list_free(&pmus);
	sysroot_close(&root);
	free(a.pattern);
	return ret;
}
