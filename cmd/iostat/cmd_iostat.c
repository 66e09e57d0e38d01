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

/* "0005:41:00.0 (VENDOR DEVICE)" for each function below root port r, in topology order */
static void put_below(const struct pcitopo *t, const struct devmap_fn *maps, size_t r)
{
	char name[32], shown[256];
	size_t n = 0;

	for (size_t k = 0; k < t->n; k++) {
		if (maps[k].at.root_port != (ssize_t)r || k == r)
			continue;
		pcifn_full_name(&t->fn[k], name, sizeof(name));
		printf("%s%s", n++ ? ", " : "  ", name);
		if (t->fn[k].name)
			printf(" (%s)", safe_str(t->fn[k].name, shown, sizeof(shown)));
	}
	putchar('\n');
}

static json_t *port_json(const struct pcitopo *t, const struct devmap_fn *maps, size_t r)
{
	json_t *below = json_array();
	char name[32];

	for (size_t k = 0; below && k < t->n; k++) {
		if (maps[k].at.root_port != (ssize_t)r || k == r)
			continue;
		pcifn_full_name(&t->fn[k], name, sizeof(name));
		json_array_append_new(below, json_string(name));
	}
	pcifn_full_name(&t->fn[r], name, sizeof(name));
	return json_pack("{s:s, s:s, s:o, s:o}", "port", name, "pmu", maps[r].requester.pmu->name, "socket",
			 jout_int_or_null(maps[r].at.socket), "functions", below ? below : json_array());
}

/* Function k is below a root port of p's unit on die */
static bool below_stack(const struct devmap_fn *maps, size_t k, const struct pmu *p, int die)
{
	return maps[k].requester.pmu == p && maps[k].requester.die == die && maps[k].at.root_port >= 0 &&
	       maps[k].at.root_port != (ssize_t)k;
}

/* The functions below a root port on root bus domain:bus that p's unit on die sees */
static json_t *stack_below(const struct pcitopo *t, const struct devmap_fn *maps, const struct pmu *p, int die)
{
	json_t *below = json_array();
	char name[32];

	for (size_t k = 0; below && k < t->n; k++) {
		if (!below_stack(maps, k, p, die))
			continue;
		pcifn_full_name(&t->fn[k], name, sizeof(name));
		json_array_append_new(below, json_string(name));
	}
	return below;
}

/*
 * perf iostat list on PMUs that count a unit of every die (an IIO stack): as perf, by PMU
 * and die, S<die>-<pmu><dddd:bb> where the PMU names the die's root bus, a PMU's dies until
 * the first it does not name; *silent counts the PMUs of such families that name none
 */
static int by_family_rc(const void *a, const void *b)
{
	const struct pmu *x = *(const struct pmu *const *)a, *y = *(const struct pmu *const *)b;
	size_t fx = pmu_family_index(x->family), fy = pmu_family_index(y->family);

	if (fx != fy)
		return fx < fy ? -1 : 1;
	return x->rc < y->rc ? -1 : x->rc > y->rc;
}

static size_t list_stacks(const struct pmu_list *pmus, const struct pcitopo *t, const struct devmap_fn *maps,
			  json_t *arr, size_t *silent, char *silent_names, size_t size)
{
	const struct pmu **order = calloc(pmus->n ? pmus->n : 1, sizeof(const struct pmu *));
	size_t shown = 0, len = 0;

	if (!order)
		return 0;
	/* perf's order, by PMU index then die: the maps point into pmus, which stays as it is */
	for (size_t k = 0; k < pmus->n; k++)
		order[k] = &pmus->v[k];
	qsort(order, pmus->n, sizeof(const struct pmu *), by_family_rc);
	for (size_t k = 0; k < pmus->n; k++) {
		const struct pmu *p = order[k];
		bool (*root_bus)(const struct pmu *, int, uint32_t *, uint8_t *) = p->family->ops->locate.root_bus;
		uint32_t domain;
		uint8_t bus;
		int die;

		if (!root_bus || !pmu_family_has_iostat(p->family))
			continue;
		for (die = 0; root_bus(p, die, &domain, &bus); die++) {
			char port[16];

			snprintf(port, sizeof(port), "%04x:%02x", domain, bus);
			shown++;
			if (arr) {
				json_t *below = stack_below(t, maps, p, die);

				json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:o}", "port", port, "pmu", p->name,
								     "socket", die, "functions", below ? below : json_array()));
				continue;
			}
			printf("S%d-%s<%s>", die, p->name, port);
			for (size_t j = 0, n = 0; j < t->n; j++) {
				char shown_name[256];

				if (!below_stack(maps, j, p, die))
					continue;
				pcifn_full_name(&t->fn[j], shown_name, sizeof(shown_name));
				printf("%s%s", n++ ? ", " : "  ", shown_name);
				if (t->fn[j].name)
					printf(" (%s)", safe_str(t->fn[j].name, shown_name, sizeof(shown_name)));
			}
			putchar('\n');
		}
		if (!die && len < size) {
			len += (size_t)snprintf(silent_names + len, size - len, "%s%s", *silent ? ", " : "", p->name);
			(*silent)++;
		}
	}
	free(order);
	return shown;
}

/* perf iostat list: S<socket>-<pmu><<port>>, and here the functions below it */
static int iostat_list(void)
{
	struct sysroot root;
	struct pmu_list pmus = { 0 };
	struct pcitopo t = { 0 };
	struct devmap_fn *maps = NULL;
	struct pcitopo_source src = { .dump = settings.pci_dump, .names = !settings.json };
	struct err_report err = { 0 };
	struct diag d = { 0 };
	json_t *arr = settings.json ? json_array() : NULL;
	char silent_names[256];
	size_t shown = 0, silent = 0;
	int ret = EXIT_FAIL;

	if (open_root(&root))
		return EXIT_FAIL;
	src.root = &root;
	if ((pmu_scan(&root, &pmus, &d) && !pmus.n) || pcitopo_read(&src, &t, &err) ||
	    devmap_build(&t, &pmus, &root, &maps)) {
		p_err("iostat list: %s", err.msg[0] ? err.msg : "no PMUs or PCI functions could be read");
		goto out;
	}
	shown = list_stacks(&pmus, &t, maps, arr, &silent, silent_names, sizeof(silent_names));
	for (size_t i = 0; i < t.n; i++) {
		const struct fn_pmu *r = &maps[i].requester;
		char name[32];

		if (maps[i].at.root_port != (ssize_t)i || !r->pmu || !pmu_family_has_iostat(r->family) || r->die >= 0)
			continue;
		shown++;
		if (arr) {
			json_array_append_new(arr, port_json(&t, maps, i));
			continue;
		}
		pcifn_full_name(&t.fn[i], name, sizeof(name));
		if (maps[i].at.socket >= 0)
			printf("S%d-", maps[i].at.socket);
		printf("%s<%s>", r->pmu->name, name);
		put_below(&t, maps, i);
	}
	ret = arr ? jout_emit(arr) : EXIT_OK;
	arr = NULL;
	if (!shown && silent && !settings.json) {
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
