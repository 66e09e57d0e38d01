// SPDX-License-Identifier: GPL-2.0
/* stat --dry-run: the plan as it would be opened, and the perf command that counts the same. */
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "pmu/drivers/tool.h"
#include "pmu/encode.h"
#include "pmu/metrics/metric.h"
#include "topology/bdf.h"

/* A source's block's event: counted through its own files, no perf_event_attr */
static bool is_hwmon(const struct plan_event *e)
{
	return e->pmu && e->pmu->hwmon;
}

static bool die_port(const struct plan_metric *pm);

/* Why there is no perf command: the plan counts through a source of PMUs perf does not know */
static void no_perf_command(FILE *f, const struct plan *set)
{
	for (size_t i = 0; i < set->n; i++)
		if (is_hwmon(&set->v[i])) {
			fprintf(f, "(no perf command: %s count through hwmon, not perf)",
				set->v[i].pmu->family->ops->identify.source->what);
			return;
		}
	for (size_t i = 0; i < set->nmetric; i++)
		if (die_port(&set->metric[i])) {
			fprintf(f, "(no perf command: these count ports of stacks on several dies, each on its die's CPU, and perf -C opens every event on every CPU it names)");
			return;
		}
	fprintf(f, "(no perf command: perf counts none of these events)");
}

/* Whether event e follows the command (cpu any): perf counts it so without -a */
static bool follows_task(const struct plan_event *e)
{
	return e->cpus.n == 1 && e->cpus.cpu[0] < 0;
}

/*
 * An event as perf takes it: an alias of pmuctl's data (perf iostat's template, a JSON name
 * perf's JSON of this CPU may lack) as the format terms the encoding set, since perf ORs a
 * later term into an alias's and a device's ch_mask replaced the alias's
 */
static void perf_event_text(FILE *f, const struct plan_event *e)
{
	const struct pmu *p = e->pmu;
	const char *sep = "";

	if (!e->alias || !e->alias->json_only || e->mods || !e->given || !p) {
		fputs(e->event, f);
		return;
	}
	fprintf(f, "%s/", p->name);
	/* the formats set, in format/'s order (strverscmp, as it is listed), each once */
	for (const char *last = NULL, *next;; last = next, sep = ",") {
		next = NULL;
		for (size_t k = 0; k < e->ngiven; k++)
			if (e->given[k] && (!last || strverscmp(e->given[k], last) > 0) &&
			    (!next || strverscmp(e->given[k], next) < 0))
				next = e->given[k];
		if (!next)
			break;
		fprintf(f, "%s%s=0x%llx", sep, next, (unsigned long long)ev_field(e, next, NULL));
	}
	fputc('/', f);
}

/*
 * "perf stat -a -e '...'" with groups re-formed from the plan; NULL when perf counts none of
 * it. Events that follow the command (software events without -a) are so in perf without -a,
 * where uncore PMUs count system-wide all the same: the command then needs a workload
 */
static char *perf_command(const struct plan *set, const char *cpu_list)
{
	char *out = NULL;
	size_t len = 0, n = 0;
	FILE *f = open_memstream(&out, &len);
	bool task = false;

	if (!f)
		return NULL;
	for (size_t i = 0; i < set->n; i++)
		task |= !is_hwmon(&set->v[i]) && set->v[i].type != TOOL_TYPE && follows_task(&set->v[i]);
	if (cpu_list)
		fprintf(f, "perf stat -C %s", cpu_list);
	else
		fprintf(f, "perf stat%s", task ? "" : " -a");
	for (size_t i = 0; i < set->n; i++) {
		const struct plan_event *e = &set->v[i];

		if ((e->group >= 0 && !e->leader) || is_hwmon(e))
			continue;
		n++;
		fprintf(f, " -e '");
		if (e->group < 0) {
			perf_event_text(f, e);
		} else {
			fputc('{', f);
			for (size_t k = i, first = 1; k < set->n; k++) {
				if (set->v[k].group != e->group)
					continue;
				if (!first)
					fputc(',', f);
				perf_event_text(f, &set->v[k]);
				first = 0;
			}
			fputc('}', f);
		}
		fputc('\'', f);
	}
	if (task)
		fputs(" -- <command>", f);
	fclose(f);
	if (!n) {
		free(out);
		return NULL;
	}
	return out;
}

/* A metric counted on one die's unit, by a root port's filter */
static bool die_port(const struct plan_metric *pm)
{
	return pm->die >= 0 && pm->filter && pm->filter->n;
}

/* The plan has no die port */
#define NO_DIE_PORT (-1)
/* Its die ports' events open on different CPUs: no perf -C counts them all */
#define DIE_PORTS_APART (-2)

/*
 * The CPU every event of a plan of die ports opens on, for perf -C (which opens every event
 * on each CPU it names); NO_DIE_PORT or DIE_PORTS_APART
 */
static int die_ports_cpu(const struct plan *set)
{
	int cpu = -1;
	bool any = false;

	for (size_t i = 0; i < set->nmetric; i++)
		any |= die_port(&set->metric[i]);
	for (size_t i = 0; any && i < set->n; i++) {
		const struct plan_event *e = &set->v[i];

		if (e->cpus.n != 1 || (cpu >= 0 && e->cpus.cpu[0] != cpu))
			return DIE_PORTS_APART;
		cpu = e->cpus.cpu[0];
	}
	return any ? cpu : NO_DIE_PORT;
}

/*
 * perf counts one die's unit of a PMU for every die only through perf iostat (-e opens it on
 * every die's CPU and sums them): "perf stat --iostat[=PORTS] -a", the ports those of the plan's
 * die metrics (all of them when iostat was given none); NULL when the plan has no die metric
 */
static char *iostat_command(const struct stat_args *a, const struct plan *set)
{
	char *out = NULL;
	size_t len = 0, n = 0;
	FILE *f;

	for (size_t i = 0; i < set->nmetric && !n; i++)
		n = set->metric[i].die >= 0;
	/* a port of a die's stack (ch_mask) is no port of perf iostat's: perf -C counts it */
	for (size_t i = 0; i < set->nmetric && n; i++)
		if (die_port(&set->metric[i]))
			return NULL;
	if (!n || !(f = open_memstream(&out, &len)))
		return NULL;
	fputs("perf stat --iostat", f);
	for (size_t i = 0, k = 0; i < set->nmetric && (!a->iostat || a->ndevice); i++) {
		const struct plan_metric *pm = &set->metric[i];
		bool seen = false;

		for (size_t j = 0; j < i && !seen && pm->die >= 0; j++)
			seen = set->metric[j].die >= 0 && !strcmp(set->metric[j].device, pm->device);
		if (pm->die >= 0 && !seen)
			fprintf(f, "%c%s", k++ ? ',' : '=', pm->device);
	}
	fputs(" -a", f);
	fclose(f);
	return out;
}

/*
 * The perf command that counts the plan: perf iostat for die stacks; perf -C for die ports on
 * one CPU; NULL where perf cannot (ports of several dies: perf -C opens each event on every
 * CPU it names), said by no_perf_command
 */
static char *plan_command(const struct stat_args *a, const struct plan *set)
{
	char *cmd = iostat_command(a, set), cpu[16];
	int on = die_ports_cpu(set);

	if (cmd || on == DIE_PORTS_APART)
		return cmd;
	if (on == NO_DIE_PORT)
		return perf_command(set, a->cpu_list);
	snprintf(cpu, sizeof(cpu), "%d", on);
	return perf_command(set, cpu);
}

static const char *metric_of(const struct plan *p, const struct plan_event *e)
{
	return e->metric >= 0 ? p->metric[e->metric].m->name : NULL;
}

static const struct plan_metric *device_of(const struct plan *p, const struct plan_event *e)
{
	return e->metric >= 0 && p->metric[e->metric].device ? &p->metric[e->metric] : NULL;
}

/* The BAR a PCIE-TGT filter selects, or -1 */
static int bar_of(const struct plan_metric *pm)
{
	return pm && pm->filter ? pm->filter->bar : -1;
}

/* The metrics an event counts for besides its first: merged, it is counted once */
static json_t *also_feeds_json(const struct plan *p, const struct plan_event *e)
{
	json_t *arr = json_array();

	for (size_t f = 0; arr && f < e->nfeeds; f++)
		json_array_append_new(arr, json_string(p->metric[e->feeds[f].metric].m->name));
	return arr;
}

/* Every key for every event, null where it does not apply: schemas/dry-run.schema.json */
static json_t *event_json(const struct plan *p, const struct plan_event *e, double coverage)
{
	json_t *o = json_object();
	bool hw = is_hwmon(e);

	json_object_set_new(o, "event", jout_text(e->event));
	json_object_set_new(o, "pmu", e->pmu ? jout_text(e->pmu->name) : json_null());
	json_object_set_new(o, "family", json_string(e->pmu ? e->pmu->family->id : e->type == TOOL_TYPE ? "tool" : "perf"));
	json_object_set_new(o, "type", hw ? json_null() : json_integer(e->type));
	json_object_set_new(o, "config", jout_hex(e->config[0]));
	json_object_set_new(o, "config1", jout_hex(e->config[1]));
	json_object_set_new(o, "config2", jout_hex(e->config[2]));
	json_object_set_new(o, "cpus", jout_cpulist(&e->cpus, !hw));
	json_object_set_new(o, "group", e->group >= 0 ? json_integer(e->group) : json_null());
	json_object_set_new(o, "leader", json_boolean(e->group >= 0 && e->leader));
	json_object_set_new(o, "metric", jout_text(metric_of(p, e)));
	json_object_set_new(o, "also_feeds", also_feeds_json(p, e));
	json_object_set_new(o, "name", jout_text(e->name));
	json_object_set_new(o, "filter_mode", jout_text(e->filter_mode));
	json_object_set_new(o, "device", jout_text(device_of(p, e) ? device_of(p, e)->device : NULL));
	json_object_set_new(o, "method", jout_text(device_of(p, e) ? device_of(p, e)->method : NULL));
	json_object_set_new(o, "bar", bar_of(device_of(p, e)) >= 0 ?
					      json_integer(bar_of(device_of(p, e))) : json_null());
	json_object_set_new(o, "coverage_predicted", json_real(coverage));
	return o;
}

/* Per PMU: what it counts at once, and what rotates (schemas/dry-run.schema.json) */
static json_t *schedule_json(const struct schedule *sc)
{
	json_t *arr = json_array();

	for (size_t i = 0; i < sc->n; i++) {
		const struct sched_pmu *sp = &sc->v[i];

		json_array_append_new(arr, json_pack("{s:s, s:I, s:I, s:o, s:I, s:o, s:o, s:I, s:b, s:f}",
			"pmu", sp->pmu->name, "events", (json_int_t)sp->events, "units", (json_int_t)sp->units,
			"counters", sp->counters ? json_integer((json_int_t)sp->counters) : json_null(),
			"counters_needed", (json_int_t)sp->need,
			"counters_from", jout_text(sp->counters_from),
			"filter_slots", sp->slots ? json_integer((json_int_t)sp->slots) : json_null(),
			"filter_values", (json_int_t)sp->values, "rotates", sp->rotates,
			"coverage_predicted", sp->coverage));
	}
	return arr;
}

/* The PMUs that rotate, each on a line; the others in one, a PMU once however many dies' boxes */
static void schedule_text(FILE *f, const struct schedule *sc)
{
	size_t others = 0, boxes = 0;

	fprintf(f, "\nSchedule (predicted; the counts say what ran):\n");
	for (size_t i = 0; i < sc->n; i++) {
		const struct sched_pmu *sp = &sc->v[i];
		const struct pmu_family *fam = sp->pmu->family;

		if (!sp->rotates) {
			boxes += sp->box_cpu >= 0;
			others += !(i && sc->v[i - 1].pmu == sp->pmu && !sc->v[i - 1].rotates);
			continue;
		}
		fprintf(f, "  ");
		fput_safe(sp->pmu->name, f);
		if (sp->box_cpu >= 0)
			fprintf(f, " (the box CPU %d reads)", sp->box_cpu);
		fprintf(f, ": %zu event%s in %zu group%s; ", sp->events, plural((long)sp->events),
			sp->units, plural((long)sp->units));
		if (sp->counters)
			fprintf(f, "%zu counter%s for %zu (%s)", sp->counters, plural((long)sp->counters), sp->need,
				sp->counters_from);
		else
			fprintf(f, "counters not known (%s)", sp->counters_from ? sp->counters_from : "the driver does not say");
		if (sp->own_counters && sp->own_need > sp->own_counters)
			fprintf(f, "; %zu counter%s of their own for %zu (%s)", sp->own_counters,
				plural((long)sp->own_counters), sp->own_need, fam->own_counters_from);
		if (sp->slots)
			fprintf(f, "; %zu filters for %zu slot%s (%s)", sp->values,
				sp->slots, plural((long)sp->slots), fam->filter_slots_from);
		fprintf(f, ": they rotate, the least counted %.1f%% of the time\n", 100 * sp->coverage);
	}
	if (others && boxes)
		fprintf(f, "  %zu PMU%s count%s all %s events at once, in %zu dies' boxes\n", others,
			plural((long)others), others == 1 ? "s" : "", others == 1 ? "its" : "their", boxes);
	else if (others)
		fprintf(f, "  %zu PMU%s count%s all %s events at once\n", others, plural((long)others),
			others == 1 ? "s" : "", others == 1 ? "its" : "their");
}

/* Say which function a BDF filter selects: the value alone is easy to get wrong */
static void print_bdf_filter(FILE *f, const struct plan_event *e)
{
	char buf[16];
	uint16_t v;

	if (!e->pmu || !e->pmu->family->ops->rules.bdf_filter || !e->pmu->family->ops->rules.bdf_filter(e, &v))
		return;
	fprintf(f, "  bdf      0x%04x = %s\n", v, bdf_value_str(v, buf, sizeof(buf)));
}

static void event_text(FILE *f, const struct plan *p, const struct plan_event *e, double coverage)
{
	char loc[160], cpus[256];

	fput_safe(e->event, f);
	fputc('\n', f);
	if (e->pmu) {
		pmu_location(e->pmu, loc, sizeof(loc));
		fprintf(f, "  pmu      ");
		fput_safe(e->pmu->name, f);
		fprintf(f, " (%s%s%s)\n", e->pmu->family->title, *loc ? ", " : "", loc);
	} else if (e->type == TOOL_TYPE) {
		fprintf(f, "  pmu      perf tool event, counted by the clock: no PMU, no counter\n");
		return;
	} else {
		fprintf(f, "  pmu      perf symbolic event\n");
	}
	if (is_hwmon(e)) {
		if (!e->pmu->ncounters)
			fprintf(f, "  reads    the register file %s\n", e->alias->name);
		else
			fprintf(f, "  event    0x%llx, programmed into an eventN of the block\n",
				(unsigned long long)e->config[0]);
	} else {
		fprintf(f, "  type     %u\n", e->type);
		fprintf(f, "  config   0x%llx\n", (unsigned long long)e->config[0]);
		fprintf(f, "  config1  0x%llx\n", (unsigned long long)e->config[1]);
		fprintf(f, "  config2  0x%llx\n", (unsigned long long)e->config[2]);
		if (e->cpus.n == 1 && e->cpus.cpu[0] < 0) {
			fprintf(f, "  cpu      any (follows the command; add -a for system-wide)\n");
		} else {
			cpulist_format(&e->cpus, cpus, sizeof(cpus));
			fprintf(f, "  cpu      %s\n", cpus);
		}
	}
	if (e->group >= 0)
		fprintf(f, "  group    %d%s\n", e->group, e->leader ? " (leader)" : "");
	if (e->filter_mode)
		fprintf(f, "  filter   %s mode\n", e->filter_mode);
	if (e->metric >= 0)
		fprintf(f, "  metric   %s (%s)\n", metric_of(p, e), p->metric[e->metric].vars[e->var]);
	/* merged: one counter serves them all */
	for (size_t k = 0; k < e->nfeeds; k++)
		fprintf(f, "  also     %s (%s)\n", p->metric[e->feeds[k].metric].m->name,
			p->metric[e->feeds[k].metric].vars[e->feeds[k].var]);
	if (device_of(p, e)) {
		const struct plan_metric *pm = device_of(p, e);

		fprintf(f, "  device   %s", pm->device);
		if (bar_of(pm) >= 0)
			fprintf(f, " (traffic to its BAR%d)", bar_of(pm));
		else if (die_port(pm))
			fprintf(f, " (by its root port: %s, on die %d's %s: its CPU's counter)", pm->filter->term[0].name,
				pm->die, pm->pmu->family->rc_word ? pm->pmu->family->rc_word : "unit");
		else if (pm->die >= 0)
			fprintf(f, " (die %d's %s whole: its CPU's counter)", pm->die,
				pm->pmu->family->rc_word ? pm->pmu->family->rc_word : "unit");
		else if (pm->method && !strcmp(pm->method, "rp"))
			fprintf(f, " (by its root port: %s)", pm->filter && pm->filter->n ? pm->filter->term[0].name : "its bit");
		else if (pm->method && !strcmp(pm->method, "port"))
			fprintf(f, " (the root port's own PMU: all its traffic)");
		else if (pm->method)
			fprintf(f, " (by its BDF)");
		fprintf(f, "\n");
	}
	print_bdf_filter(f, e);
	if (coverage < 1)
		fprintf(f, "  counts   %.1f%% of the time, predicted: its PMU rotates (Schedule, below)\n", 100 * coverage);
}

/* The plan in text: each event, the schedule, and the perf command that counts the same */
static int plan_text(const struct plan *p, const struct schedule *sc, char *cmdline)
{

	for (size_t i = 0; i < p->n; i++)
		event_text(stdout, p, &p->v[i], sc->coverage ? sc->coverage[i] : 1);
	if (sc->n)
		schedule_text(stdout, sc);
	fprintf(stdout, "\n");
	if (cmdline)
		fput_safe(cmdline, stdout);
	else
		no_perf_command(stdout, p);
	fprintf(stdout, "\n");
	free(cmdline);
	return 0;
}

/* -j: the same as one document (schemas/stat.schema.json's plan) */
static int plan_json(const struct plan *p, const struct schedule *sc, char *cmdline)
{
	json_t *root = json_object(), *arr = json_array();
	int ret;

	for (size_t i = 0; i < p->n; i++)
		json_array_append_new(arr, event_json(p, &p->v[i], sc->coverage ? sc->coverage[i] : 1));
	json_object_set_new(root, "events", arr);
	json_object_set_new(root, "schedule", schedule_json(sc));
	json_object_set_new(root, "perf_command", jout_text(cmdline));
	ret = jout_emit(root);
	free(cmdline);
	return ret;
}

int stat_dry_run(const struct stat_args *a)
{
	struct stat_setup s = { 0 };
	/* its face, chosen once: the plan has no -x or OpenMetrics form (refused with the options) */
	int (*render)(const struct plan *p, const struct schedule *sc, char *cmdline) =
		settings.json ? plan_json : plan_text;
	int ret = stat_setup(a, &s);

	if (!ret)
		ret = render(&s.plan, &s.sched, plan_command(a, &s.plan)) ?
			      EXIT_FAIL : EXIT_OK;
	stat_setup_free(&s);
	return ret;
}
