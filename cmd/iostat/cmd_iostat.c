// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl iostat: perf iostat's habit on every family with its columns: `iostat list` names the
 * root ports, `iostat [PORTS] [-I MS] -- CMD` counts their four columns in MB.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "lib/diag.h"
#include "lib/strnum.h"
#include "pmu/devmap.h"
#include "pmu/family/family.h"
#include "pmu/pmu.h"
#include "pmu/pmu_stacks.h"
#include "topology/pcitopo.h"

enum iostat_key {
	KEY_INTERVAL_COUNT = 0x200,
	KEY_DURATION,
	KEY_PER_DEVICE,
	KEY_DRY_RUN,
};

struct iostat_args {
	struct stat_args stat;
	bool list;
	bool per_device;
	char metrics[512];	/* every family's iostat metrics */
};

static const struct argp_option iostat_options[] = {
	{ "interval-print", 'I', "MS", 0, "print the ports' MB of every MS milliseconds (at least 10)", 0 },
	{ "interval-count", KEY_INTERVAL_COUNT, "N", 0, "stop after N intervals", 0 },
	{ "duration", KEY_DURATION, "SEC", 0, "count for SEC seconds (fractions allowed), when no command is given", 0 },
	{ "per-device", KEY_PER_DEVICE, 0, 0, "under each port, a row per function below it that its PMU selects alone (its requester ID and BARs)", 0 },
	{ "dry-run", KEY_DRY_RUN, 0, 0, "encode and check only: each port's events, their config words and the CPU each opens on, as perf iostat opens them", 0 },
	{ "field-separator", 'x', "SEP", 0, "a header, then a line per port: [time,]port,[function,]the four MB,coverage%", 0 },
	{ 0 },
};

static error_t iostat_parse(int key, char *arg, struct argp_state *state)
{
	struct iostat_args *io = state->input;
	struct stat_args *a = &io->stat;

	switch (key) {
	case 'I':
		a->interval_ms = arg_number(arg, "interval", 10, 86400000, state);
		break;
	case KEY_INTERVAL_COUNT:
		a->interval_count = arg_number(arg, "interval count", 1, 100000000, state);
		break;
	case KEY_DURATION:
		a->duration = arg_seconds(arg, state);
		break;
	case 'x':
		a->sep = arg_separator(arg, state);
		break;
	case KEY_PER_DEVICE:
		io->per_device = true;
		break;
	case KEY_DRY_RUN:
		a->dry_run = true;
		break;
	case ARGP_KEY_ARG:
		/* perf's words: "list", or the ports, a comma list */
		if (!strcmp(arg, "list") && !state->arg_num && !io->list)
			io->list = true;
		else
			a->device[a->ndevice++] = arg;
		break;
	case ARGP_KEY_END:
		if (io->list && (a->ndevice || a->interval_ms || a->duration || a->command || io->per_device || a->dry_run))
			jerr_argp(state, "iostat list lists the root ports and their functions: it takes no ports, -I, --duration, --per-device, --dry-run or command");
		if (a->dry_run && (a->interval_ms || a->duration || a->command))
			jerr_argp(state, "--dry-run counts nothing: it takes no -I, --duration or command");
		if (a->interval_count && !a->interval_ms)
			jerr_argp(state, "--interval-count counts intervals: give -I MS too");
		if (a->command && a->duration)
			jerr_argp(state, "a command and --duration both say how long to count: give one");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child iostat_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp iostat_argp = {
	iostat_options, iostat_parse, "list\n[PORT[,PORT...]...] [-- COMMAND [ARG...]]",
	"perf iostat's four measures per PCIe root port, in MB (2^20 bytes) over the run or each -I "
	"interval: Inbound Read and Inbound Write (the devices below the port read and write memory), "
	"Outbound Read and Outbound Write (CPUs read and write the devices' BARs), on every family "
	"whose PMUs count them by root port (pmuctl-iostat(1) says which, and why not the others). "
	"'iostat list' names the root ports as perf does (S<socket>-<PMU><<port>>) with the functions "
	"below each. A PORT is a root bus as perf iostat takes it (dddd:bb: the root ports on it), a "
	"root port's BDF, or a function's below it (its whole port is counted); none: every root port. Without a command or --duration, counting runs until Ctrl-C."
	"\vExamples:\n"
	"  pmuctl iostat list\n"
	"  pmuctl iostat -- dd if=/dev/zero of=/dev/nvme0n1 bs=1M count=1000 oflag=direct\n"
	"  pmuctl iostat 0005:40,0001:00 -I 1000\n"
	"  pmuctl iostat --dry-run 0000:16\n"
	"  pmuctl iostat --per-device 0005:40:00.0 -- sleep 1\n"
	"  pmuctl -j iostat --duration 5\n\n"
	"Exit status: 0 success, 1 failure, 2 partial (a column not counted), 64 usage error.",
	iostat_children, NULL, NULL
};

/* The titles of the families with iostat columns, for an error that finds none */
static void iostat_families(char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if (pmu_family_has_iostat(*f) && len < size)
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? ", " : "", (*f)->title);
}

/* What a port of iostat list is: a root port (stack NULL), or a die's stack of one PMU */
struct port {
	size_t root_port;
	const struct pmu_stack *stack;
};

/* Function k is below the port: a function under the root port, or under the die's stack */
static bool below(const struct devmap_fn *maps, size_t k, const struct port *at)
{
	if (maps[k].at.root_port < 0 || maps[k].at.root_port == (ssize_t)k)
		return false;
	if (at->stack)
		return maps[k].requester.pmu == at->stack->pmu && maps[k].requester.die == at->stack->die;
	return maps[k].at.root_port == (ssize_t)at->root_port;
}

/*
 * The functions below the port, in topology order: their names into arr (JSON), else a line
 * of "  0005:41:00.0 (VENDOR DEVICE), ..."
 */
static void put_below(const struct pcitopo *t, const struct devmap_fn *maps, const struct port *at, json_t *arr)
{
	char name[256];
	size_t n = 0;

	for (size_t k = 0; k < t->n; k++) {
		if (!below(maps, k, at))
			continue;
		pcifn_full_name(&t->fn[k], name, sizeof(name));
		if (arr) {
			json_array_append_new(arr, json_string(name));
			continue;
		}
		printf("%s%s", n++ ? ", " : "  ", name);
		if (t->fn[k].name)
			printf(" (%s)", safe_str(t->fn[k].name, name, sizeof(name)));
	}
	if (!arr)
		putchar('\n');
}

/* A port: perf's S<socket>-<pmu><<port>> line and the functions below, or its JSON into arr */
static void put_port(const struct pcitopo *t, const struct devmap_fn *maps, const struct port *at, json_t *arr)
{
	const struct pmu *p = at->stack ? at->stack->pmu : maps[at->root_port].requester.pmu;
	int socket = at->stack ? at->stack->die : maps[at->root_port].at.socket;
	char name[32];
	json_t *fns;

	if (at->stack)
		snprintf(name, sizeof(name), "%04x:%02x", at->stack->domain, at->stack->bus);
	else
		pcifn_full_name(&t->fn[at->root_port], name, sizeof(name));
	if (!arr) {
		if (socket >= 0)
			printf("S%d-", socket);
		printf("%s<%s>", p->name, name);
		put_below(t, maps, at, NULL);
		return;
	}
	fns = json_array();
	if (fns)
		put_below(t, maps, at, fns);
	json_array_append_new(arr, json_pack("{s:s, s:s, s:o, s:o}", "port", name, "pmu", p->name, "socket",
					     jout_int_or_null(socket), "functions", fns ? fns : json_array()));
}

/* The names of n PMUs, "a, b, c", into buf */
static void pmu_names(const struct pmu **v, size_t n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < n && len < size; k++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", k ? ", " : "", v[k]->name);
}

/*
 * perf iostat list: S<socket>-<pmu><<port>>, and here the functions below it; first the
 * stacks of PMUs that count one of every die (perf's order: PMU index, then die), then the
 * root ports of PMUs that are a port's own
 */
static int iostat_list(void)
{
	struct sysroot root;
	struct pmu_list pmus = { 0 };
	struct pcitopo t = { 0 };
	struct devmap_fn *maps = NULL;
	struct pcitopo_source src = { .dump = settings.pci_dump };
	struct err_report err = { 0 };
	struct diag d = { 0 };
	json_t *arr = settings.json ? json_array() : NULL;
	struct pmu_stack *stacks = NULL;
	const struct pmu **silent = NULL;
	char silent_names[256];
	size_t shown, nstacks = 0, nsilent = 0;
	int ret = EXIT_FAIL;

	if (open_root(&root))
		return EXIT_FAIL;
	src.root = &root;
	if ((pmu_scan(&root, &pmus, &d) && !pmus.n) || pcitopo_read(&src, &t, &err) ||
	    (!settings.json && pcitopo_names(&t, NULL, &err)) ||
	    devmap_build(&t, &pmus, &root, &maps)) {
		p_err("iostat list: %s", err.msg[0] ? err.msg : "no PMUs or PCI functions could be read");
		goto out;
	}
	if (pmu_stacks(&pmus, &stacks, &nstacks, &silent, &nsilent)) {
		p_err("out of memory");
		goto out;
	}
	for (size_t k = 0; k < nstacks; k++)
		put_port(&t, maps, &(struct port){ .stack = &stacks[k] }, arr);
	shown = nstacks;
	for (size_t i = 0; i < t.n; i++) {
		const struct fn_pmu *r = &maps[i].requester;

		if (maps[i].at.root_port != (ssize_t)i || !r->pmu || !pmu_family_has_iostat(r->family) || r->die >= 0)
			continue;
		shown++;
		put_port(&t, maps, &(struct port){ .root_port = i }, arr);
	}
	ret = arr ? jout_emit(arr) : EXIT_OK;
	arr = NULL;
	pmu_names(silent, nsilent, silent_names, sizeof(silent_names));
	if (!shown && nsilent && !settings.json) {
		p_err("iostat list: %s name no root bus for their units (no dieN file: the kernel writes none on this machine), so no port can be named, as perf iostat says \"Mode iostat is not supported\"; pmuctl map places the functions by NUMA node and root port",
		      silent_names);
		ret = EXIT_FAIL;
	} else if (!shown && !settings.json) {
		char families[256];

		iostat_families(families, sizeof(families));
		p_err("iostat list: no root port that a PMU of this machine counts perf iostat's traffic on; the families that do: %s (pmuctl-iostat(1) says why not the others)",
		      families);
		ret = EXIT_FAIL;
	}
out:
	json_decref(arr);
	free(stacks);
	free(silent);
	free(maps);
	if (t.fn)
		pcitopo_free(&t);
	pmu_list_free(&pmus);
	diag_free(&d);
	sysroot_close(&root);
	return ret;
}

int cmd_iostat(int argc, char **argv)
{
	struct iostat_args io = { 0 };
	int ret, die_signal = 0;

	if (stat_args_init(&io.stat, argc))
		return EXIT_FAIL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			io.stat.command = i + 1 < argc ? &argv[i + 1] : NULL;
			argv[i] = NULL;
			argc = i;
			break;
		}
	}
	cmd_parse(&iostat_argp, argc, argv, &io);
	if (io.list)
		return stat_args_end(&io.stat, iostat_list(), 0);
	/* the ports' whole traffic, with every family's columns that this machine has */
	io.stat.iostat = io.per_device ? IOSTAT_FUNCTIONS : IOSTAT_PORTS;
	io.stat.root_port = true;
	io.stat.all_cpus = true;
	pmu_family_iostat_metrics(io.metrics, sizeof(io.metrics));
	io.stat.metrics = io.metrics;
	io.stat.metrics_default = true;
	ret = io.stat.dry_run ? stat_dry_run(&io.stat) : stat_count(&io.stat, NULL, &die_signal);
	return stat_args_end(&io.stat, ret, die_signal);
}
