// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl __complete WHAT [ARG]: the words shells complete, asked of the binary so that the
 * completion scripts never keep their own lists (and honour --sysfs-root and -F).
 *   commands | options CMD | pmus | events PMU | metrics | bdfs | ids | blocks | families
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/plugin.h"
#include "cmd/pmuctl.h"
#include "pmu/metrics/metric.h"
#include "pmu/pmu.h"
#include "topology/pcitopo.h"

static void print_options(const struct argp *argp)
{
	for (const struct argp_option *o = argp->options; o && (o->name || o->key || o->doc); o++) {
		if (o->flags & OPTION_HIDDEN || o->flags & OPTION_DOC)
			continue;
		if (o->name)
			printf("--%s%s\n", o->name, o->arg ? "=" : "");
		if (o->key > 0 && o->key < 128 && isalnum(o->key))
			printf("-%c\n", o->key);
	}
	for (const struct argp_child *c = argp->children; c && c->argp; c++)
		print_options(c->argp);
}

static int complete_options(const struct command *table, const char *name)
{
	for (const struct command *c = table; c->name; c++) {
		if (strcmp(c->name, name))
			continue;
		c = plugin_command(c);
		if (!c)
			return EXIT_FAIL;
		print_options(c->argp ? c->argp : &global_argp);
		printf("--help\n--usage\n");
		return EXIT_OK;
	}
	print_options(&global_argp);
	return EXIT_OK;
}

/*
 * An event as it is completed: "pmu/event/", or, when its sysfs value asks for a term
 * ("lane=?", perf's mark of a term the user must give), "pmu/event,lane=" for the value
 */
static void put_event(const char *pmu, const struct pmu_event *e)
{
	const char *v = e->value;
	bool asks = false;

	printf("%s/%s", pmu, e->name);
	while (v && *v) {
		size_t len = strcspn(v, ",");
		const char *q = memchr(v, '=', len);

		if (q && (size_t)(q - v) + 2 == len && q[1] == '?') {
			printf(",%.*s=", (int)(q - v), v);
			asks = true;
		}
		v += len + (v[len] == ',');
	}
	printf("%s\n", asks ? "" : "/");
}

static int complete_pmus(const char *pmu_for_events)
{
	struct sysroot root;
	struct pmu_list l = { 0 };
	struct diag d = { 0 };

	if (open_root(&root))
		return EXIT_FAIL;
	pmu_scan(&root, &l, &d);
	for (size_t i = 0; i < l.n; i++) {
		const struct pmu *p = &l.v[i];

		if (!pmu_for_events) {
			printf("%s/\n", p->name);
			continue;
		}
		if (strcmp(p->name, pmu_for_events))
			continue;
		for (size_t k = 0; k < p->nevents; k++)
			put_event(p->name, &p->events[k]);
		for (size_t k = 0; k < p->nformats; k++)
			printf("%s/%s=\n", p->name, p->formats[k].name);
	}
	diag_free(&d);
	pmu_list_free(&l);
	sysroot_close(&root);
	return EXIT_OK;
}

/* Whether metric m counts on some PMU of l */
static bool applies(const struct metric *m, const struct pmu_list *l)
{
	for (size_t k = 0; k < l->n; k++)
		if (pmu_metric_applies(&l->v[k], m->family))
			return true;
	return false;
}

/* The metrics of this machine's PMUs (none of a family it lacks); with none, all */
static int complete_metrics(void)
{
	struct pmu_scan_opts so = { .skip_formats = true, .skip_details = true };
	struct pmu_list l = { 0 };
	struct diag d = { 0 };
	struct metric_list ml;
	struct sysroot root;
	size_t any = 0;

	if (metric_catalog(&ml))
		return EXIT_FAIL;
	if (!sysroot_open(&root, root_path())) {
		pmu_scan_opts(&root, &so, &l, &d);
		sysroot_close(&root);
	}
	for (size_t i = 0; i < ml.n; i++)
		any += applies(&ml.v[i], &l);
	for (size_t i = 0; i < ml.n; i++)
		if (!any || applies(&ml.v[i], &l))
			printf("%s\n", ml.v[i].name);
	metric_list_free(&ml);
	pmu_list_free(&l);
	diag_free(&d);
	return EXIT_OK;
}

static int complete_bdfs(void)
{
	struct sysroot root = { .dirfd = -1 };
	struct pcitopo_source src = { .dump = settings.pci_dump };
	struct pcitopo t;
	struct err_report err;
	char name[32];

	if (!src.dump) {
		if (open_root(&root))
			return EXIT_FAIL;
		src.root = &root;
	}
	if (!pcitopo_read(&src, &t, &err)) {
		for (size_t i = 0; i < t.n; i++) {
			pcifn_full_name(&t.fn[i], name, sizeof(name));
			printf("%s\n", name);
		}
		pcitopo_free(&t);
	}
	if (!src.dump)
		sysroot_close(&root);
	return EXIT_OK;
}

/* lspci -d's words: each vendor:device of the machine, and each vendor: alone, once */
static int complete_ids(void)
{
	struct sysroot root = { .dirfd = -1 };
	struct pcitopo_source src = { .dump = settings.pci_dump };
	struct pcitopo t;
	struct err_report err;

	if (!src.dump) {
		if (open_root(&root))
			return EXIT_FAIL;
		src.root = &root;
	}
	if (!pcitopo_read(&src, &t, &err)) {
		for (size_t i = 0; i < t.n; i++) {
			const struct pcicfg *c = &t.fn[i].cfg;
			bool vendor_seen = false, pair_seen = false;

			for (size_t k = 0; k < i; k++) {
				vendor_seen |= t.fn[k].cfg.vendor == c->vendor;
				pair_seen |= t.fn[k].cfg.vendor == c->vendor && t.fn[k].cfg.device == c->device;
			}
			if (!vendor_seen)
				printf("%04x:\n", c->vendor);
			if (!pair_seen)
				printf("%04x:%04x\n", c->vendor, c->device);
		}
		pcitopo_free(&t);
	}
	if (!src.dump)
		sysroot_close(&root);
	return EXIT_OK;
}

int cmd_complete(int argc, char **argv, const struct command *table)
{
	const char *what = argc > 1 ? argv[1] : "";

	settings.quiet = true;
	if (!strcmp(what, "commands")) {
		for (const struct command *c = table; c->name; c++)
			printf("%s\n", c->name);
		return EXIT_OK;
	}
	if (!strcmp(what, "options"))
		return complete_options(table, argc > 2 ? argv[2] : "");
	if (!strcmp(what, "pmus"))
		return complete_pmus(NULL);
	if (!strcmp(what, "events") && argc > 2)
		return complete_pmus(argv[2]);
	if (!strcmp(what, "metrics"))
		return complete_metrics();
	if (!strcmp(what, "bdfs"))
		return complete_bdfs();
	if (!strcmp(what, "ids"))
		return complete_ids();
	if (!strcmp(what, "families")) {
		for (const struct pmu_family *const *f = pmu_families; *f; f++)
			printf("%s\n", (*f)->id);
		return EXIT_OK;
	}
	p_err("__complete: say commands, options CMD, pmus, events PMU, metrics, bdfs, ids or families");
	return EXIT_USAGE;
}
