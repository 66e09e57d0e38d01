// SPDX-License-Identifier: GPL-2.0
/* What every stat mode starts from: the machine, the metrics, the --device functions, the plan. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "lib/strnum.h"
#include "pmu/encode.h"
#include "pmu/family/family.h"
#include "pmu/pmu_stacks.h"
#include "topology/bdf.h"

/* -M as given, or --per-device's default for the PMUs this machine has, or serve's */
/* "PMU/EVENT/" or "EVENT", EVENT a name: into pmu (empty for none) and event; false if not so */
static bool split_named_event(const char *text, char *pmu, size_t psize, char *event, size_t esize)
{
	const char *slash = strchr(text, '/'), *ev = slash ? slash + 1 : text;
	size_t len = strcspn(ev, "/");

	if (slash && ((size_t)(slash - text) >= psize || slash == text || strcmp(ev + len, "/")))
		return false;
	if (!len || len >= esize || strspn(ev, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != len)
		return false;
	if (slash)
		snprintf(pmu, psize, "%.*s", (int)(slash - text), text);
	else
		pmu[0] = '\0';
	snprintf(event, esize, "%.*s", (int)len, ev);
	return true;
}

/*
 * --per-device -e: each event becomes a column, its rate per second per function, counted on
 * the function's own PMU with its filter as a metric "FAMILY:EVENT" is (one per family that has
 * the event among the PMUs the string names)
 */
static int event_columns(const struct stat_args *a, struct stat_setup *s)
{
	for (int i = 0; i < a->nevent; i++) {
		char pmu[128], event[64], name[160], expr[96], desc[256];
		const struct pmu_family *done[3] = { 0 };
		size_t ndone = 0;

		if (!split_named_event(a->event[i], pmu, sizeof(pmu), event, sizeof(event))) {
			p_err("--per-device -e '%s': give a named event, PMU/EVENT/ or EVENT; pmuctl adds each function's own filter",
			      a->event[i]);
			return EXIT_USAGE;
		}
		for (size_t k = 0; k < s->pmus.n; k++) {
			const struct pmu *p = &s->pmus.v[k];
			struct metric m = { .name = name, .expr = expr, .unit = "1/s", .description = desc,
					    .source = "-e" };
			struct err_report err = { 0 };
			bool seen = false;

			for (size_t d = 0; d < ndone; d++)
				seen |= done[d] == p->family;
			if (seen || !pmu_family_selects_functions(p->family) || !pmu_find_event(p, event) ||
			    (pmu[0] && !pmu_name_matches(p->name, pmu)))
				continue;
			done[ndone++] = p->family;
			m.family = (char *)p->family->id;
			snprintf(name, sizeof(name), "%s:%s", p->family->id, event);
			snprintf(expr, sizeof(expr), "%s / duration_time", event);
			snprintf(desc, sizeof(desc), "%s events per second of each function (-e %s)", event, a->event[i]);
			/* the same event written twice is one column */
			if (metric_add(&s->ml, &m, &err) && err.code != -EEXIST) {
				p_err("%s", err.msg);
				return EXIT_FAIL;
			}
		}
		if (!ndone) {
			p_err("--per-device -e '%s': no PMU that selects a PCI function%s%s has an event '%s' (pmuctl map names those PMUs, pmuctl list --events their events)",
			      a->event[i], pmu[0] ? " named " : " here", pmu, event);
			return EXIT_FAIL;
		}
	}
	return EXIT_OK;
}

/* -M and --metrics-file: the catalog and which of it the user named (and --per-device -e) */
static int load_metrics(const struct stat_args *a, struct stat_setup *s)
{
	struct err_report err = { 0 };
	struct diag unknown = { 0 };
	const char *list;
	size_t before;
	int ret = 0;

	if (!a->metrics && !(a->per_device && a->nevent) && !a->serve_defaults)
		return EXIT_OK;
	if (metric_catalog(&s->ml)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	if (a->metrics_file && metric_load_file(&s->ml, a->metrics_file, &s->pmus, &err)) {
		p_err("%s", err.msg);
		return EXIT_FAIL;
	}
	before = s->ml.n;
	if (a->per_device && a->nevent && (ret = event_columns(a, s)))
		return ret;
	s->selected = calloc(s->ml.n ? s->ml.n : 1, sizeof(bool));
	if (!s->selected) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	for (size_t i = before; i < s->ml.n; i++)
		s->selected[i] = true;
	list = a->metrics || a->serve_defaults ? stat_metric_list(a, &s->pmus) : NULL;
	/* serve's defaults can be none: no family of this machine has any; then it serves its own */
	if (a->serve_defaults && !list) {
		free(s->selected);
		s->selected = NULL;
		return EXIT_OK;
	}
	/* only --by-destination's list can be none: no family of this machine has one */
	if (a->metrics && !list) {
		p_err("--by-destination: no PMU of this machine splits traffic by destination (pmuctl-families(7) says whose do)");
		return EXIT_FAIL;
	}
	if (list)
		ret = metric_select(&s->ml, list, s->selected, &unknown, &err);
	if (ret == -EINVAL)
		p_err("%s", err.msg);
	for (size_t i = 0; i < unknown.n; i++)
		p_err("%s", unknown.msg[i]);
	diag_free(&unknown);
	/* a malformed list is a usage error; a name the catalog lacks is absent, as a PMU is */
	return ret == -EINVAL ? EXIT_USAGE : ret ? EXIT_FAIL : EXIT_OK;
}

/* The functions a BDF names: one, or one per domain when it gives none; n is how many */
static size_t functions_named(const struct pcitopo *t, const struct bdf *b, size_t *at, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++) {
		const struct pcifn *f = &t->fn[i];

		if (f->bus != b->bus || f->dev != b->dev || f->fn != b->fn ||
		    (b->domain >= 0 && f->domain != (uint32_t)b->domain))
			continue;
		if (n < max)
			at[n] = i;
		n++;
	}
	return n;
}

/* perf iostat's port: "dddd:bb", a root bus in its PCI domain (tools/perf/arch/x86/util/iostat.c) */
static bool root_bus_parse(const char *text, uint32_t *domain, uint8_t *bus)
{
	const char *colon = strchr(text, ':');
	uint64_t d, b;

	if (!colon || colon == text || colon - text > 4 || !colon[1] || strlen(colon + 1) > 2 ||
	    strspn(text, "0123456789abcdefABCDEF") != (size_t)(colon - text) ||
	    strspn(colon + 1, "0123456789abcdefABCDEF") != strlen(colon + 1) ||
	    strnum_u64n(text, (size_t)(colon - text), 16, 0xffff, &d) || strnum_u64(colon + 1, 16, 0xff, &b))
		return false;
	*domain = (uint32_t)d;
	*bus = (uint8_t)b;
	return true;
}

/* The root bus a port of iostat's names, or all of them */
struct stack_bus {
	bool one;
	uint32_t domain;
	uint8_t bus;
};

static int add_stacks(const struct stat_args *a, struct stat_setup *s, const struct stack_bus *want, size_t *added);

/* iostat's dddd:bb: every root port on that root bus that a family with iostat's columns sees */
static int add_root_bus(const struct stat_args *a, struct stat_setup *s, const char *text, uint32_t domain,
			uint8_t bus)
{
	const struct stack_bus want = { true, domain, bus };
	char name[32];
	size_t n = 0;
	int ret = add_stacks(a, s, &want, &n);

	for (size_t i = 0; i < s->topo.n && !ret && !n; i++) {
		const struct pcifn *f = &s->topo.fn[i];

		if (f->domain != domain || f->bus != bus || s->maps[i].at.root_port != (ssize_t)i ||
		    !pmu_family_has_iostat(s->maps[i].requester.family))
			continue;
		pcifn_full_name(f, name, sizeof(name));
		ret = devices_add(a, s, i, name);
		n++;
	}
	if (!n && !ret) {
		p_err("iostat %s: no root port on root bus %04x:%02x that a PMU counts perf iostat's traffic on (pmuctl iostat list names the ports)",
		      text, domain, bus);
		return EXIT_FAIL;
	}
	return ret;
}

/* One --device BDF (iostat: one port): exactly one function of the machine */
static int add_device(const struct stat_args *a, struct stat_setup *s, const char *text)
{
	struct err_report err = { 0 };
	const char *what = a->iostat ? "iostat" : "--device";
	char name[32], list[256];
	size_t at[8], n, o = 0;
	uint32_t domain;
	uint8_t bus;
	struct bdf b;

	if (a->iostat && root_bus_parse(text, &domain, &bus))
		return add_root_bus(a, s, text, domain, bus);
	if (bdf_parse(text, &b, &err)) {
		/* iostat's ports are words the user typed on its command line, not an option */
		if (a->iostat)
			p_err("iostat: '%s' is no port: give a root bus as perf iostat does (dddd:bb, like 0001:00), a root port's BDF or a function's below it, or 'list' alone",
			      text);
		else
			p_err("--device: %s", err.msg);
		return EXIT_USAGE;
	}
	n = functions_named(&s->topo, &b, at, sizeof(at) / sizeof(at[0]));
	if (!n) {
		p_err("%s %s: no such PCI function on this machine (pmuctl %s lists them)", what, text,
		      a->iostat ? "iostat list" : "map");
		return EXIT_FAIL;
	}
	if (n > 1) {
		for (size_t k = 0; k < n && k < sizeof(at) / sizeof(at[0]) && o < sizeof(list); k++) {
			pcifn_full_name(&s->topo.fn[at[k]], name, sizeof(name));
			o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s", k ? ", " : "", name);
		}
		p_err("%s %s names %zu functions, one per PCI domain: %s; give the domain", what, text, n, list);
		return EXIT_USAGE;
	}
	return devices_add(a, s, at[0], text);
}

/*
 * iostat: each die's stack of a PMU for every die (on root bus *want alone, when it says one),
 * as perf iostat lists them, by a function on it, else by its die file alone as perf counts it;
 * a PMU of such a family naming none, said as perf refuses it. *added: how many stacks matched
 */
static int add_stacks(const struct stat_args *a, struct stat_setup *s, const struct stack_bus *want, size_t *added)
{
	const struct pmu **silent = NULL;
	struct pmu_stack *v = NULL;
	size_t n = 0, nsilent = 0;
	int ret = EXIT_OK;

	*added = 0;
	if (pmu_stacks(&s->pmus, &v, &n, &silent, &nsilent)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	/* one entry per stack, in pmu_stacks' order, kept for the devices that point at them */
	if (!s->stacks)
		s->stacks = calloc(n ? n : 1, sizeof(*s->stacks));
	for (size_t k = 0; k < n && !ret && s->stacks; k++) {
		size_t i = 0;

		if (want->one && (v[k].domain != want->domain || v[k].bus != want->bus))
			continue;
		while (i < s->topo.n && (s->maps[i].requester.pmu != v[k].pmu || s->maps[i].requester.die != v[k].die))
			i++;
		if (i < s->topo.n) {
			char name[32];

			pcifn_full_name(&s->topo.fn[i], name, sizeof(name));
			ret = devices_add(a, s, i, name);
		} else {
			ret = devices_add_stack(s, &s->stacks[k], v[k].pmu, v[k].die);
		}
		(*added)++;
	}
	if (!s->stacks)
		ret = EXIT_FAIL;
	if (!ret && !n && nsilent && !want->one) {
		p_err("iostat: %s%s name no root bus for their units (no dieN file: the kernel writes none on this machine), so no port can be counted, as perf iostat says \"Mode iostat is not supported\"; count them whole: pmuctl stat -M %s --per-pmu",
		      silent[0]->name, nsilent > 1 ? " and the others of its family" : "",
		      silent[0]->family->iostat ? silent[0]->family->iostat[0] : "METRIC");
		ret = EXIT_FAIL;
	}
	free(v);
	free(silent);
	return ret;
}


/* Whether a selected metric counts on a PMU whose family filters by BAR: else no resource file is read */
static bool needs_bars(const struct stat_setup *s)
{
	for (size_t k = 0; k < s->pmus.n; k++) {
		const struct pmu *p = &s->pmus.v[k];

		if (!p->family->ops->locate.bars)
			continue;
		for (size_t j = 0; j < s->ml.n; j++)
			if (s->selected && s->selected[j] && pmu_metric_applies(p, s->ml.v[j].family))
				return true;
	}
	return false;
}

/* --device, every one: read the topology once, then each BDF of each comma list */
static int find_devices(const struct stat_args *a, struct stat_setup *s)
{
	struct pcitopo_source src = { .root = s->have_root ? &s->root : NULL,
				      .dump = settings.pci_dump, .no_bars = !needs_bars(s) };
	struct err_report err = { 0 };
	int ret = EXIT_OK;

	const char *opt = a->per_device ? "--per-device" : "--device";

	if (!a->ndevice && !a->per_device && !a->iostat)
		return EXIT_OK;
	if (!src.root && !src.dump) {
		p_err("%s needs the PCI topology: give --sysfs-root or -F", opt);
		return EXIT_FAIL;
	}
	if (pcitopo_read(&src, &s->topo, &err)) {
		/* serve on a machine without PCI (a fixture, a guest): its series system wide */
		if (a->per_device && a->device_fallback && !a->ndevice) {
			p_warn("%s: no PCI topology to read (%s): serving every family's series system wide, none per function",
			       opt, err.msg);
			s->per_device_off = true;
			return EXIT_OK;
		}
		p_err("%s needs the PCI topology: %s", opt, err.msg);
		return EXIT_FAIL;
	}
	if (devmap_build(&s->topo, &s->pmus, src.root, &s->maps) || devices_prepare(s)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	for (int i = 0; i < a->ndevice && !ret; i++) {
		char *copy = strdup(a->device[i]), *save = NULL;

		if (!copy)
			return EXIT_FAIL;
		for (char *t = strtok_r(copy, ",", &save); t && !ret; t = strtok_r(NULL, ",", &save))
			ret = add_device(a, s, t);
		free(copy);
	}
	if (!ret && a->per_device)
		ret = devices_select(a, s);
	if (ret == EXIT_FAIL && a->per_device && a->device_fallback && !s->ndevices) {
		/* serve on a machine whose PMUs attribute no function here: its series system wide */
		p_note("--per-device: so serving every family's series system wide, none per function");
		s->per_device_off = true;
		ret = EXIT_OK;
	}
	/* iostat without ports: each die's stack, in perf's order, then every root port a family
	 * with its columns sees */
	if (!ret && a->iostat && !a->ndevice)
		ret = add_stacks(a, s, &(struct stack_bus){ .one = false }, &(size_t){ 0 });
	for (size_t i = 0; !ret && a->iostat && !a->ndevice && i < s->topo.n; i++) {
		char name[32];

		if (s->maps[i].at.root_port != (ssize_t)i || !pmu_family_has_iostat(s->maps[i].requester.family) ||
		    s->maps[i].requester.die >= 0)
			continue;
		pcifn_full_name(&s->topo.fn[i], name, sizeof(name));
		ret = devices_add(a, s, i, name);
	}
	if (!ret && a->iostat && !s->ndevices) {
		p_err("iostat: no root port that a PMU of this machine counts perf iostat's traffic on (pmuctl iostat list says which families do; pmuctl-iostat(1) why not the others)");
		ret = EXIT_FAIL;
	}
	/* names for the --per-device rows alone, from pci.ids */
	if (!ret && a->per_device && s->rows)
		devices_names(s);
	return ret;
}

/* --per-device gave way (device_fallback): serve's defaults become the system-wide ones */
static int reselect_system_wide(const struct stat_args *a, struct stat_setup *s)
{
	const char *list = pmu_serve_metrics(&s->pmus, false);
	struct err_report err = { 0 };
	struct diag unknown = { 0 };
	int ret;

	if (!a->serve_defaults || !s->selected)
		return EXIT_OK;
	memset(s->selected, 0, s->ml.n * sizeof(*s->selected));
	if (!list)
		return EXIT_OK;
	ret = metric_select(&s->ml, list, s->selected, &unknown, &err);
	diag_free(&unknown);
	return ret ? EXIT_FAIL : EXIT_OK;
}

int stat_setup_metrics(const struct stat_args *a, struct stat_setup *s)
{
	int ret = load_metrics(a, s);

	if (!ret)
		ret = find_devices(a, s);
	if (!ret && s->per_device_off)
		ret = reselect_system_wide(a, s);
	return ret;
}

/* PMUs of one family over their budget alike: --per-device meets it on every root port */
static bool same_budget(const struct sched_pmu *a, const struct sched_pmu *b)
{
	return a->pmu->family == b->pmu->family && a->events == b->events && a->need == b->need &&
	       a->counters == b->counters && (int)(100 * a->coverage) == (int)(100 * b->coverage);
}

static bool over_budget(const struct sched_pmu *sp)
{
	return sp->rotates && sp->counters && sp->need > sp->counters;
}

/* Whether a PMU before i was over its budget alike, and its line named PMU i already */
static bool over_budget_said(const struct schedule *sc, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (over_budget(&sc->v[k]) && same_budget(&sc->v[k], &sc->v[i]))
			return true;
	return false;
}

/* One line for PMU i and every later one over its budget alike */
static void warn_over_budget(const struct schedule *sc, size_t i, struct diag *warn)
{
	const struct sched_pmu *sp = &sc->v[i];
	/* a family with banks counts each kind of event on counters of its own */
	const char *kind = sp->pmu->family->ops->rules.counter_bank ? " of one kind" : "";
	char names[256];
	size_t n = 0, len = 0;

	for (size_t k = i; k < sc->n; k++) {
		if (!over_budget(&sc->v[k]) || !same_budget(sp, &sc->v[k]))
			continue;
		if (n++ < 3 && len < sizeof(names))
			len += (size_t)snprintf(names + len, sizeof(names) - len, "%s'%s'", n > 1 ? ", " : "",
						sc->v[k].pmu->name);
	}
	if (n > 3 && len < sizeof(names))
		snprintf(names + len, sizeof(names) - len, " and %zu more", n - 3);
	diag_add(warn, "%s: %zu events need %zu counters%s at once, and %s %zu (%s): the kernel rotates them, "
		 "some counting %.0f%% of the time (--dry-run shows which); count fewer at once",
		 names, sp->events, sp->need, kind, n > 1 ? "each PMU has" : "it has", sp->counters,
		 sp->counters_from, 100 * sp->coverage);
}

/*
 * A PMU with more events than its driver's counters rotates them: said once, before anything
 * opens (a filter slot's rotation is the family's own warning)
 */
static void warn_budgets(const struct schedule *sc, struct diag *warn)
{
	for (size_t i = 0; i < sc->n; i++) {
		const struct sched_pmu *sp = &sc->v[i];

		if (sp->rotates && sp->own_counters && sp->own_need > sp->own_counters)
			diag_add(warn, "'%s': %zu events need its %zu %s (%s): the kernel rotates them, some counting %.0f%% of the time (--dry-run shows which); count one at once",
				 sp->pmu->name, sp->own_need, sp->own_counters, sp->own_counters == 1 ? "counter of their kind" : "counters of their kind",
				 sp->pmu->family->own_counters_from, 100 * sp->coverage);
		if (!sp->rotates || !sp->counters || sp->need <= sp->counters || over_budget_said(sc, i))
			continue;
		warn_over_budget(sc, i, warn);
	}
}

/* The plan's error, under the -e string it points into when it does */
static int plan_error(const struct stat_args *a, const struct err_report *err)
{
	if (err->arg >= 0 && err->arg < a->nevent)
		p_err_at(a->event[err->arg], err);
	else
		p_err("%s", err->msg);
	return err->syntax ? EXIT_USAGE : EXIT_FAIL;
}

int stat_setup(const struct stat_args *a, struct stat_setup *s)
{
	/* --per-device's events are its columns: counted per function, not as written */
	struct plan_request rq = { .events = a->event, .nevents = a->per_device ? 0 : (size_t)a->nevent,
				   .system_wide = a->all_cpus || (!a->dry_run && !a->command),
				   .online = &s->online, .check_rules = !a->no_rules,
				   .no_merge = a->metric_no_merge, .no_group = a->metric_no_group,
				   .group_devices = a->iostat != IOSTAT_NONE };
	struct diag diag = { 0 }, warn = { 0 };
	struct pmu_scan_opts so = { 0 };
	struct err_report err = { 0 };
	int ret;

	if (open_root(&s->root))
		return EXIT_FAIL;
	s->have_root = true;
	/* -M looks for every instance of a family; plain events need only the PMUs they name;
	 * either way a PMU's events and formats are read when encoding first asks for them */
	so.lazy = so.unchecked = true;
	if (!(a->metrics || a->per_device || a->serve_defaults)) {
		so.texts = a->event;
		so.ntexts = (size_t)a->nevent;
	}
	ret = pmu_scan_opts(&s->root, &so, &s->pmus, &diag);
	if (ret && ret != -ENOENT) {
		p_err("cannot read %s/" PMU_DEVICES_DIR ": %s", s->root.path, strerror(-ret));
		diag_free(&diag);
		return EXIT_FAIL;
	}
	if (settings.verbose)
		p_diag(&diag);
	diag_free(&diag);
	if (pmu_online_cpus(&s->root, &s->online))
		p_info("no readable devices/system/cpu/online under %s", s->root.path);
	/* -C: what PMUs without a cpumask open on instead of every online CPU (checked when parsed) */
	if (a->cpu_list) {
		cpulist_free(&s->online);
		if (cpulist_parse(a->cpu_list, &s->online)) {
			p_err("out of memory");
			return EXIT_FAIL;
		}
	}
	if ((a->aggr == AGGR_SOCKET || a->place_sockets) &&
	    cpu_packages_read(&s->root, &s->online, &s->packages)) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	ret = stat_setup_metrics(a, s);
	if (ret)
		return ret;
	if (s->selected) {
		rq.metrics = &s->ml;
		rq.selected = s->selected;
		/* a default that does not apply is no error of the user's */
		rq.named = a->metrics_default ? NULL : a->metrics;
		rq.unavailable = a->skip_unavailable ? &s->unavailable : NULL;
		/* serve --per-device: what selects no function (memory) is served system wide */
		rq.others_system_wide = a->serve_defaults && a->per_device;
		rq.quiet_none = a->serve_defaults || a->iostat;
	}
	rq.devices = s->devices;
	rq.ndevices = s->ndevices;
	ret = plan_build(&s->pmus, &rq, &s->plan, &err, &warn);
	/* what the scan left unopened and the plan found broken, as the scan says of the rest */
	if (settings.verbose) {
		pmu_list_skipped(&s->pmus, &diag);
		p_diag(&diag);
		diag_free(&diag);
	}
	/* the descriptors go to the counters: what is looked up later opens its PMU again */
	pmu_list_close_dirs(&s->pmus);
	if (!ret && plan_schedule_budgets(&s->plan, a->budgets, a->nbudgets, &s->sched))
		ret = err_set(&err, -ENOMEM, "out of memory");
	for (size_t i = 0; !ret && i < a->nbudgets; i++)
		if (!a->budgets[i].used)
			diag_add(&warn, "--counters %s=%zu: no PMU the plan counts on is named so", a->budgets[i].pmu,
				 a->budgets[i].n);
	/* a driver's counters are its rules too: --no-rules says nothing of them (--dry-run shows them) */
	if (!ret && !a->no_rules)
		warn_budgets(&s->sched, &warn);
	p_diag(&warn);
	diag_free(&warn);
	/* every name skipped, before the error that none was left (said by serve when it starts) */
	for (size_t i = 0; ret && i < s->unavailable.n; i++) {
		const char *tab = strchr(s->unavailable.msg[i], '\t');

		if (tab)
			p_note("-M %.*s: skipped: %s", (int)(tab - s->unavailable.msg[i]), s->unavailable.msg[i], tab + 1);
	}
	return ret ? plan_error(a, &err) : EXIT_OK;
}

void stat_setup_free(struct stat_setup *s)
{
	schedule_free(&s->sched);
	plan_free(&s->plan);
	for (size_t i = 0; i < s->ndevices; i++)
		free((char *)s->devices[i].bdf);
	free(s->devices);
	free(s->stacks);
	free(s->rows);
	free(s->named);
	free(s->below);
	free(s->maps);
	pcitopo_free(&s->topo);
	free(s->selected);
	diag_free(&s->unavailable);
	metric_list_free(&s->ml);
	cpulist_free(&s->online);
	cpu_packages_free(&s->packages);
	pmu_list_free(&s->pmus);
	if (s->have_root)
		sysroot_close(&s->root);
}
