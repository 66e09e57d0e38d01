// SPDX-License-Identifier: GPL-2.0
/* pmuctl stat: encode events exactly as perf would, check family rules (--dry-run). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat.h"
#include "lib/signals.h"
#include "pmu/encode.h"
#include "pmu/pmu.h"
#include "pmu/rules.h"
#include "lib/strnum.h"
#include "topology/bdf.h"

enum stat_key {
	KEY_DRY_RUN = 0x200,
	KEY_NO_RULES,
	KEY_INTERVAL_COUNT,
	KEY_DURATION,
	KEY_PER_SOCKET,
	KEY_PER_PMU,
	KEY_METRICS_FILE,
	KEY_DEVICE,
	KEY_ROOT_PORT,
	KEY_INPUT,
	KEY_FORMAT,
};

static const struct argp_option stat_options[] = {
	{ "event", 'e', "EVENT", 0,
	  "event to count: pmu/term=value,.../, a named event, or {a,b} groups; repeatable", 0 },
	{ "all-cpus", 'a', NULL, 0, "system-wide (always so for uncore PMUs)", 0 },
	{ "dry-run", KEY_DRY_RUN, NULL, 0,
	  "encode and check only: print each event's type, config words, CPU and the perf command", 0 },
	{ "no-rules", KEY_NO_RULES, NULL, 0,
	  "skip the family rule checks: encode exactly what perf would, even what the driver refuses",
	  0 },
	{ "interval-print", 'I', "MS", 0, "print the counts of every MS milliseconds (at least 10)", 1 },
	{ "interval-count", KEY_INTERVAL_COUNT, "N", 0, "stop after N intervals", 1 },
	{ "duration", KEY_DURATION, "SEC", 0, "count for SEC seconds (fractions allowed)", 1 },
	{ "no-aggr", 'A', NULL, 0, "one line per PMU instance and CPU", 2 },
	{ "per-socket", KEY_PER_SOCKET, NULL, 0, "sum the instances of each socket (die on Yitian)", 2 },
	{ "per-pmu", KEY_PER_PMU, NULL, 0, "one line per PMU instance", 2 },
	{ "field-separator", 'x', "SEP", 0, "CSV: fields separated by SEP, with a header line", 3 },
	{ "output", 'o', "FILE", 0, "write the counts to FILE (replaced whole, never half-written)", 3 },
	{ "format", KEY_FORMAT, "FORMAT", 0, "text (default), or openmetrics: the Prometheus text format of -M's values, for node_exporter's textfile collector (with -o, rewritten every -I interval)", 3 },
	{ "metrics", 'M', "METRIC,...", 0, "count what these metrics need and print their values (pmuctl list --metrics); a family id selects all of its metrics", 4 },
	{ "metrics-file", KEY_METRICS_FILE, "FILE", 0, "more metrics, from a JSON file (pmuctl-metrics(7))", 4 },
	{ "device", KEY_DEVICE, "BDF", 0, "-M for one PCI function: its PCIE PMU with src_bdf, or its HNS3 PMU with bdf", 4 },
	{ "root-port", KEY_ROOT_PORT, NULL, 0, "with --device: the whole root port above it (src_rp_mask)", 4 },
	{ "input", KEY_INPUT, "FILE", 0, "compute -M from recorded 'perf stat -x,' or 'perf stat -j' output instead of counting", 4 },
	{ 0 },
};

static long parse_long(const char *arg, const char *what, long min, long max, struct argp_state *state)
{
	uint64_t v;

	if (strnum_u64(arg, 10, (uint64_t)max, &v) || (long)v < min)
		argp_error(state, "invalid %s '%s': expected a whole number from %ld to %ld", what, arg,
			   min, max);
	return (long)v;
}

static double parse_seconds(const char *arg, struct argp_state *state)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !(v > 0) || v > 31536000)
		argp_error(state, "invalid duration '%s': expected seconds, more than 0 (e.g. 1 or 0.5)", arg);
	return v;
}

static error_t stat_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct stat_args *a = state->input;

	switch (key) {
	case 'e':
		a->event[a->nevent++] = arg;
		break;
	case 'a':
		a->all_cpus = true;
		break;
	case KEY_DRY_RUN:
		a->dry_run = true;
		break;
	case KEY_NO_RULES:
		a->no_rules = true;
		break;
	case 'I':
		a->interval_ms = parse_long(arg, "interval", 10, 86400000, state);
		break;
	case KEY_INTERVAL_COUNT:
		a->interval_count = parse_long(arg, "interval count", 1, 100000000, state);
		break;
	case KEY_DURATION:
		a->duration = parse_seconds(arg, state);
		break;
	case 'A':
		a->aggr = AGGR_NONE;
		break;
	case KEY_PER_SOCKET:
		a->aggr = AGGR_SOCKET;
		break;
	case KEY_PER_PMU:
		a->aggr = AGGR_PMU;
		break;
	case 'x':
		if (!*arg || strpbrk(arg, "\n\r"))
			argp_error(state, "invalid separator '%s': give one or more characters, not a newline", arg);
		a->sep = arg;
		break;
	case 'o':
		a->output = arg;
		break;
	case KEY_FORMAT:
		if (!strcmp(arg, "openmetrics"))
			a->openmetrics = true;
		else if (strcmp(arg, "text"))
			argp_error(state, "invalid format '%s': use text or openmetrics", arg);
		break;
	case 'M':
		a->metrics = arg;
		break;
	case KEY_METRICS_FILE:
		a->metrics_file = arg;
		break;
	case KEY_DEVICE:
		a->device = arg;
		break;
	case KEY_ROOT_PORT:
		a->root_port = true;
		break;
	case KEY_INPUT:
		a->input = arg;
		break;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s'; events go after -e, a command after --", arg);
		break;
	case ARGP_KEY_END:
		if (!a->nevent && !a->metrics)
			argp_error(state, "no event given; add -e EVENT or -M METRIC (see 'pmuctl list --events', 'pmuctl list --metrics')");
		if (a->input && (!a->metrics || a->nevent || a->command || a->dry_run))
			argp_error(state, "--input computes metrics: give -M, and no -e, command or --dry-run");
		if ((a->device || a->root_port) && !a->metrics)
			argp_error(state, "--device and --root-port narrow -M metrics; for events, take the filters from 'pmuctl map BDF'");
		if (a->root_port && !a->device)
			argp_error(state, "--root-port needs --device BDF");
		if (a->openmetrics && !a->metrics)
			argp_error(state, "--format=openmetrics writes -M values: give -M");
		if (a->interval_count && !a->interval_ms)
			argp_error(state, "--interval-count needs -I MS");
		if (a->dry_run && (a->command || a->interval_ms || a->duration || a->output || a->metrics))
			argp_error(state, "--dry-run only encodes: it takes no command, -I, --duration, -o or -M");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child stat_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp stat_argp = {
	stat_options, stat_parse_opt, "-e EVENT... [-a] [-I MS] [--duration SEC] [-- COMMAND [ARG...]]",
	"Count events of this machine's PMUs, system-wide, until COMMAND ends, --duration passes or "
	"Ctrl-C (which prints the totals). Event strings are encoded exactly as perf does (format "
	"fields packed into config, config1, config2; named events expanded; PMU globs and prefixes "
	"expanded to every match) and checked against the rules of the Tegra410, Yitian 710 and "
	"HNS3 drivers before anything is opened; a bad string is shown with a caret under the bad "
	"part. Uncore PMUs open once, on the CPU of their cpumask; PMUs without one (msr, software) "
	"open on every CPU and are summed. Events read together: {} groups, a latency's *_cum_outs, "
	"*_req and cycles, an HNS3 pair; Yitian DRW events always alone. BlueField blocks count "
	"through hwmon: bfperf/BLOCK/EVENT/ programs eventN, reads counterN deltas and restores "
	"every eventN and enable it touched, also on Ctrl-C and SIGTERM."
	"\vEvent syntax:\n"
	"  PMU/TERM[=VALUE],.../  TERMs are format fields (pmuctl list --formats),\n"
	"                         named events, config=, config1=, config2=, name=;\n"
	"                         a bare TERM means TERM=1\n"
	"  EVENT                  a named event of every PMU that has it, or a\n"
	"                         perf symbol (cycles, cpu-clock)\n"
	"  {A,B}                  a group, read together; split per PMU instance\n"
	"                         when a glob expands\n"
	"  bfperf/BLOCK/EVENT/    a BlueField hwmon block (tile0, l3cachehalf0, pcie0)\n"
	"                         and an event name or number from its event_list\n"
	"  PMU may be a glob (nvidia_pcie_pmu_0_rc_*) or, as in perf, a prefix\n"
	"  followed in the real names by _<digits> (nvidia_pcie_pmu_0_rc).\n"
	"\nExamples:\n"
	"  pmuctl stat -e 'nvidia_pcie_pmu_0_rc_*/rd_bytes/' --per-pmu -- sleep 1\n"
	"  pmuctl -j stat -I 1000 -e msr/tsc/ --interval-count 5\n"
	"  pmuctl stat -e bfperf/tile0/HNF_REQUESTS/ --duration 2\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    'nvidia_pcie_pmu_0_rc_4/rd_bytes,src_bdf=0x0108,src_bdf_en=1/'\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    'nvidia_ucf_pmu_0/event=0x0,src_loc_cpu=0x1,dst_loc_cmem=0x1/'\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    'hns3_pmu_sicl_0/bw_ssu_rpu_byte_num,global=1/'\n"
	"  pmuctl -j stat --dry-run -e \\\n"
	"    '{nvidia_cmem_latency_pmu_0/rd_req/,nvidia_cmem_latency_pmu_0/cycles/}'\n"
	"\nExit status: 0 success, 1 an event does not fit this machine (unknown PMU or term, value "
	"too wide, a broken family rule) or none could be counted, 2 some events counted and "
	"others could not be opened (the warnings say why), 64 a malformed event string or option.",
	stat_children, NULL, NULL
};

/* "perf stat -a -e '...'" with groups re-formed from the encoded events */
static char *perf_command(const struct ev_set *set)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		return NULL;
	fprintf(f, "perf stat -a");
	for (size_t i = 0; i < set->n; i++) {
		const struct ev_encoded *e = &set->v[i];

		if (e->group >= 0 && !e->leader)
			continue;
		fprintf(f, " -e '");
		if (e->group < 0) {
			fputs(e->event, f);
		} else {
			fputc('{', f);
			for (size_t k = i, first = 1; k < set->n; k++) {
				if (set->v[k].group != e->group)
					continue;
				fprintf(f, "%s%s", first ? "" : ",", set->v[k].event);
				first = 0;
			}
			fputc('}', f);
		}
		fputc('\'', f);
	}
	fclose(f);
	return out;
}

static json_t *encoded_json(const struct ev_encoded *e)
{
	json_t *o = json_object();

	json_object_set_new(o, "event", json_text(e->event));
	json_object_set_new(o, "pmu", e->pmu ? json_text(e->pmu->name) : json_null());
	json_object_set_new(o, "family", json_string(e->pmu ? e->pmu->family->id : "perf"));
	json_object_set_new(o, "type", json_integer(e->type));
	json_object_set_new(o, "config", json_hex(e->config[0]));
	json_object_set_new(o, "config1", json_hex(e->config[1]));
	json_object_set_new(o, "config2", json_hex(e->config[2]));
	json_object_set_new(o, "cpus", json_cpulist(&e->cpus, true));
	json_object_set_new(o, "group", e->group >= 0 ? json_integer(e->group) : json_null());
	json_object_set_new(o, "leader", json_boolean(e->group >= 0 && e->leader));
	if (e->name)
		json_object_set_new(o, "name", json_text(e->name));
	if (e->filter_mode)
		json_object_set_new(o, "filter_mode", json_string(e->filter_mode));
	return o;
}

/* Say which function a BDF filter selects: the value alone is easy to get wrong */
static void print_bdf_filter(const struct ev_encoded *e)
{
	char buf[16];
	uint16_t v;

	if (!e->pmu || !e->pmu->family->bdf_filter || !e->pmu->family->bdf_filter(e, &v))
		return;
	printf("  bdf      0x%04x = %s\n", v, bdf_value_str(v, buf, sizeof(buf)));
}

static void print_encoded(const struct ev_encoded *e)
{
	char loc[160], cpus[256];

	fput_safe(e->event, stdout);
	putchar('\n');
	if (e->pmu) {
		pmu_location(e->pmu, loc, sizeof(loc));
		printf("  pmu      ");
		fput_safe(e->pmu->name, stdout);
		printf(" (%s%s%s)\n", e->pmu->family->title, *loc ? ", " : "", loc);
	} else {
		printf("  pmu      perf symbolic event\n");
	}
	printf("  type     %u\n", e->type);
	printf("  config   0x%llx\n", (unsigned long long)e->config[0]);
	printf("  config1  0x%llx\n", (unsigned long long)e->config[1]);
	printf("  config2  0x%llx\n", (unsigned long long)e->config[2]);
	if (e->cpus.n == 1 && e->cpus.cpu[0] < 0)
		printf("  cpu      any (follows the command; add -a for system-wide)\n");
	else {
		cpulist_format(&e->cpus, cpus, sizeof(cpus));
		printf("  cpu      %s\n", cpus);
	}
	if (e->group >= 0)
		printf("  group    %d%s\n", e->group, e->leader ? " (leader)" : "");
	if (e->filter_mode)
		printf("  filter   %s mode\n", e->filter_mode);
	print_bdf_filter(e);
}

static int encode_all(const struct stat_args *a, const struct pmu_list *pmus,
		      const struct cpulist *online, struct ev_set *set)
{
	struct encode_opts o = { .system_wide = a->all_cpus, .online = online };
	struct diag warn = { 0 };
	struct pmu_err err = { 0 };
	int ret = 0;

	for (int i = 0; i < a->nevent; i++) {
		ret = ev_encode(pmus, a->event[i], i, &o, set, &err);
		if (ret) {
			p_err_at(a->event[i], &err);
			return err.syntax ? EXIT_USAGE : EXIT_FAIL;
		}
	}
	if (a->no_rules)
		return EXIT_OK;
	ret = rules_check(set, &err, &warn);
	p_diag(&warn);
	diag_free(&warn);
	if (ret) {
		p_err_at(a->event[err.arg], &err);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static int dry_run(struct stat_args *a);

int cmd_stat(int argc, char **argv)
{
	struct stat_args a = { .event = calloc((size_t)argc, sizeof(char *)) };
	int ret, die_signal = 0;

	if (!a.event)
		return EXIT_FAIL;
	/* everything after -- is the command to run while counting */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			a.command = i + 1 < argc ? &argv[i + 1] : NULL;
			argv[i] = NULL;
			argc = i;
			break;
		}
	}
	cmd_parse(&stat_argp, argc, argv, &a);
	ret = a.dry_run ? dry_run(&a) : a.input ? metrics_offline(&a) : stat_count(&a, &die_signal);
	free(a.event);
	ret = finish_output(ret);
	/* state is restored: now the signal may end pmuctl, so that the exit status says it */
	if (die_signal)
		signals_die(die_signal);
	return ret;
}

static int dry_run(struct stat_args *a)
{
	struct pmu_list pmus = { 0 };
	struct cpulist online = { 0 };
	struct ev_set set = { 0 };
	struct diag diag = { 0 };
	struct sysroot root;
	char *cmdline = NULL;
	int ret;

	if (open_root(&root))
		return EXIT_FAIL;
	ret = pmu_scan(&root, &pmus, &diag);
	if (ret && ret != -ENOENT) {
		p_err("cannot read %s/" PMU_DEVICES_DIR ": %s", root.path, strerror(-ret));
		ret = EXIT_FAIL;
		goto out;
	}
	if (settings.verbose)
		p_diag(&diag);
	if (pmu_online_cpus(&root, &online))
		p_info("no readable devices/system/cpu/online under %s", root.path);
	ret = encode_all(a, &pmus, &online, &set);
	if (ret)
		goto out;
	cmdline = perf_command(&set);
	if (settings.json) {
		json_t *root_j = json_object(), *arr = json_array();

		for (size_t i = 0; i < set.n; i++)
			json_array_append_new(arr, encoded_json(&set.v[i]));
		json_object_set_new(root_j, "events", arr);
		json_object_set_new(root_j, "perf_command", json_text(cmdline));
		ret = json_emit(root_j) ? EXIT_FAIL : EXIT_OK;
	} else {
		for (size_t i = 0; i < set.n; i++)
			print_encoded(&set.v[i]);
		printf("\n");
		fput_safe(cmdline, stdout);
		printf("\n");
	}
out:
	free(cmdline);
	ev_set_free(&set);
	cpulist_free(&online);
	diag_free(&diag);
	pmu_list_free(&pmus);
	sysroot_close(&root);
	return ret;
}
