// SPDX-License-Identifier: GPL-2.0
/* pmuctl map: every PCI function -> socket, RC, root port and the PMU filters that select it. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "pmu/pmu.h"
#include "lib/strnum.h"
#include "pmu/devmap.h"
#include "topology/pcifilter.h"
#include "cmd/map/map.h"

enum map_key {
	KEY_SOCKET = 0x200,
	KEY_RC,
	KEY_FORMAT,
	KEY_DOWNTRAINED,
	KEY_DEVICE,
};

static const struct argp_option map_options[] = {
	{ "vendor-device", 'd', "VENDOR:DEVICE", 0, "only functions with these ids, as lspci -d ([vendor]:[device][:class])", 0 },
	{ "slot", 's', "BDF", 0, "only these functions, as lspci -s ([[domain]:][bus]:[slot][.[func]]); repeatable, as are BDF arguments", 0 },
	{ "device", KEY_DEVICE, "BDF", 0, "the same as -s, as stat, top and serve take --device", 0 },
	{ "socket", KEY_SOCKET, "N", 0, "only functions below root ports of socket N", 0 },
	{ "rc", KEY_RC, "N", 0, "only functions below root complex N", 0 },
	{ "format", KEY_FORMAT, "FORMAT", 0, "tree (default): by socket, RC and root port; table: one line per function; caps: the root port capability lines a family reads (dvsec is the same)", 0 },
	{ "downtrained", KEY_DOWNTRAINED, NULL, 0, "only functions whose PCIe link trained below what both its ends support (speed or width)", 0 },
	{ 0 },
};

static int64_t parse_small(const char *arg, const char *what, struct argp_state *state)
{
	uint64_t v;

	if (strnum_u64(arg, 0, 255, &v))
		jerr_argp(state, "invalid %s '%s': expected a number from 0 to 255", what, arg);
	return (int64_t)v;
}

/* One more slot selector, as lspci -s reads it; opt names the option that gave it (NULL: an argument) */
static void add_slot(struct map_args *a, char *arg, const char *opt, struct argp_state *state)
{
	struct err_report err = { 0 };

	pcifilter_init(&a->slot[a->nslot]);
	if (pcifilter_slot(&a->slot[a->nslot], arg, &err))
		jerr_argp(state, "%s%s%s", opt ? opt : "", opt ? ": " : "", err.msg);
	a->slot_text[a->nslot++] = arg;
}

static error_t map_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct map_args *a = state->input;
	struct err_report err = { 0 };

	switch (key) {
	case 'd':
		if (!strchr(arg, ':'))
			jerr_argp(state, "-d '%s': a VENDOR:DEVICE selector, as lspci -d takes (15b3: is every function of vendor 15b3)", arg);
		if (pcifilter_id(&a->id, arg, &err))
			jerr_argp(state, "%s", err.msg);
		a->id_text = arg;
		break;
	case KEY_SOCKET:
		a->socket = parse_small(arg, "socket", state);
		break;
	case KEY_RC:
		a->rc = parse_small(arg, "RC", state);
		break;
	case KEY_DOWNTRAINED:
		a->downtrained = true;
		break;
	case KEY_FORMAT:
		if (!strcmp(arg, "tree"))
			a->format = MAP_TREE;
		else if (!strcmp(arg, "table"))
			a->format = MAP_TABLE;
		else if (!strcmp(arg, "caps") || !strcmp(arg, "dvsec"))
			a->format = MAP_CAPS;
		else
			jerr_argp(state, "invalid format '%s': use tree, table or caps", arg);
		break;
	case KEY_DEVICE:
		/* before 0.2 map's --device was lspci's -d: that form still works, said once */
		if (!strchr(arg, '.') && strchr(arg, ':') && !pcifilter_id(&a->id, arg, &err)) {
			p_warn("map --device '%s' reads it as VENDOR:DEVICE, as before 0.2; --device now takes a "
			       "BDF, as in stat, top and serve: write -d %s (--vendor-device)", arg, arg);
			a->id_text = arg;
			break;
		}
		add_slot(a, arg, "--device", state);
		break;
	case 's':
		add_slot(a, arg, "-s", state);
		break;
	case ARGP_KEY_ARG:
		add_slot(a, arg, NULL, state);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child map_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp map_argp = {
	map_options, map_parse_opt, "[BDF...]",
	"Map PCI functions to the socket, PCIe root complex (RC) and root port they sit below, and "
	"give the filters of the PMUs that see them: the requester filter of the RC PMU counting "
	"what a function sends, the target filter of the one counting what it receives, and the "
	"root port filter. The socket is the package of the first CPU of the function's NUMA node "
	"(sysfs numa_node); the root port is the PCIe root port above it; the RC and the port's "
	"number within it come from each PMU family (a root port capability, a bus range, the "
	"PMU's own sysfs files). PCI is read with libpci from <sysfs-root>/bus/pci, or from an "
	LSPCI_DUMP_CMD " dump given with -F. BDF arguments select functions as lspci -s does. The "
	"extended configuration space (offset 0x100 and up, where vendor capabilities live) is "
	"readable only by root."
	"\vExamples:\n"
	"  pmuctl map                              every mapped function, by socket, RC and root port\n"
	"  pmuctl map 0005:01:00.0                 one device: its PMU and ready filters\n"
	"  pmuctl map --socket 1 --format=table\n"
	"  pmuctl map --format=caps                each root port's capability line, as lspci/setpci read it\n"
	"  pmuctl -F lspci-dump.txt -j map         from a dump, as JSON\n"
	"\nExit status: 0 success, 1 PCI could not be read or no BDF argument is on the machine, "
	"2 mapped, but the extended configuration space of some functions was not readable (run "
	"as root) or some BDF arguments are not on the machine, 64 bad arguments.",
	map_children, NULL, NULL
};

static bool selected(const struct map_ctx *c, size_t i)
{
	const struct map_args *a = c->args;
	const struct devmap_fn *m = &c->maps[i];
	bool slot_ok = !a->nslot;

	for (int s = 0; s < a->nslot && !slot_ok; s++)
		slot_ok = pcifilter_match(&a->slot[s], &c->topo.fn[i]);
	if (!slot_ok || !pcifilter_match(&a->id, &c->topo.fn[i]) || !devmap_fn_at(m, a->socket, a->rc))
		return false;
	/* every function lspci shows, with what pmuctl knows of it: map is lspci's superset */
	return !a->downtrained || c->topo.fn[i].link.downtrained == 1;
}

/* Bus ranges that overlap: said, with where sysfs put the function instead of the narrowest range */
static void report_overlaps(const struct map_ctx *c)
{
	char fn[32], ranges[32], path[32];

	for (size_t i = 0; i < c->topo.n; i++) {
		const struct fn_location *at = &c->maps[i].at;

		if (!c->shown[i] || at->by_ranges == -2)
			continue;
		pcifn_full_name(&c->topo.fn[i], fn, sizeof(fn));
		if (at->by_ranges >= 0)
			pcifn_full_name(&c->topo.fn[at->by_ranges], ranges, sizeof(ranges));
		else
			snprintf(ranges, sizeof(ranges), "none");
		pcifn_full_name(&c->topo.fn[at->root_port], path, sizeof(path));
		p_warn("%s: the bus ranges of more than one root port hold it: placed below %s, where its sysfs path puts it (as lspci -t does), not below %s, the narrowest range's",
		       fn, path, ranges);
	}
}

/*
 * Selectors that match nothing are absent input (1), said so: the BDFs and -d among the
 * functions, --socket and --rc among those mapped to one. A function that matches but no
 * PMU sees is the machine's (a note above, 0).
 */
static int report_unmatched(const struct map_ctx *c)
{
	const struct map_args *a = c->args;
	size_t ids = 0, ids_alone = 0, placed = 0;
	char where[96] = "";

	for (size_t i = 0; i < c->topo.n; i++) {
		bool slot_ok = !a->nslot, id_ok = pcifilter_match(&a->id, &c->topo.fn[i]);

		for (int s = 0; s < a->nslot && !slot_ok; s++)
			slot_ok = pcifilter_match(&a->slot[s], &c->topo.fn[i]);
		ids_alone += id_ok;
		if (!slot_ok || !id_ok)
			continue;
		ids++;
		placed += devmap_fn_at(&c->maps[i], a->socket, a->rc);
	}
	/* -s and -d select together, as lspci's: say that it is the pair that matches nothing */
	if (a->id_text && !ids && ids_alone && a->nslot) {
		p_err("no PCI function matches both %s and -d %s, though -d %s alone matches %zu (lspci -s %s -d %s lists none either)",
		      a->slot_text[0], a->id_text, a->id_text, ids_alone, a->slot_text[0], a->id_text);
		return EXIT_FAIL;
	}
	if (a->id_text && !ids) {
		p_err("no PCI function matches -d %s on this machine (lspci -d %s lists the same)", a->id_text,
		      a->id_text);
		return EXIT_FAIL;
	}
	if ((a->socket >= 0 || a->rc >= 0) && ids && !placed) {
		if (a->socket >= 0)
			snprintf(where, sizeof(where), " on socket %lld", (long long)a->socket);
		if (a->rc >= 0)
			snprintf(where + strlen(where), sizeof(where) - strlen(where), "%s RC %lld",
				 *where ? "," : " at", (long long)a->rc);
		p_err("no PCI function%s%s (pmuctl map lists where each one is)", a->nslot || a->id_text ?
		      " selected is" : " is", where);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

struct json_rows {
	const struct map_ctx *c;
	size_t *index;	/* the functions shown, in order */
};

static json_t *json_row(size_t member, size_t k, void *arg)
{
	const struct json_rows *r = arg;

	(void)member;
	return map_record_json(&r->c->topo, r->c->maps, r->index[k]);
}

/* One record per function shown, each written and freed before the next is built */
static int print_json(const struct map_ctx *c, size_t shown)
{
	struct json_rows rows = { .c = c, .index = calloc(shown ? shown : 1, sizeof(size_t)) };
	size_t k = 0;
	int ret;

	if (!rows.index) {
		p_err("out of memory");
		return EXIT_FAIL;
	}
	for (size_t i = 0; i < c->topo.n; i++)
		if (c->shown[i])
			rows.index[k++] = i;
	ret = jout_emit_array(shown, json_row, &rows);
	free(rows.index);
	return ret ? EXIT_FAIL : EXIT_OK;
}

static int render(struct map_ctx *c)
{
	size_t shown = 0, links = 0, judged = 0;

	for (size_t i = 0; i < c->topo.n; i++) {
		shown += c->shown[i];
		links += c->topo.fn[i].link.present;
		judged += c->topo.fn[i].link.present && c->topo.fn[i].link.downtrained >= 0;
	}
	/* none downtrained is a healthy answer, said so, not an error; none judged is no answer */
	if (c->args->downtrained && !shown && !judged && links == 1)
		p_note("whether a PCIe link is downtrained is unknown: the one link read cannot be judged (it is down, or its other end is not in the tree)");
	else if (c->args->downtrained && !shown && !judged)
		p_note("whether a PCIe link is downtrained is unknown: none of the %zu links read can be judged (a link down, or its other end not in the tree)",
		       links);
	else if (c->args->downtrained && !shown)
		p_note("no PCIe link is downtrained (%zu of %zu link%s read could be judged; the others are down or their other end is not in the tree)",
		       judged, links, plural((long)links));

	if (settings.json)
		return print_json(c, shown);
	if (c->args->format == MAP_CAPS)
		map_text_capabilities(c);
	else if (c->args->format == MAP_TABLE)
		map_text_table(c);
	else
		map_text_tree(c);
	return EXIT_OK;
}

/*
 * The machine: required without a dump. With one it is --sysfs-root (or SYSFS_PATH, or /sys)
 * if that exists: whether the drivers registered the PMUs, and the BAR sizes a dump lacks.
 */
static int open_machine(struct map_ctx *c)
{
	if (!settings.pci_dump) {
		c->have_root = !open_root(&c->root);
		return c->have_root ? EXIT_OK : EXIT_FAIL;
	}
	c->have_root = !sysroot_open(&c->root, root_path());
	return EXIT_OK;
}

static void load_pmus(struct map_ctx *c)
{
	/* which PMU sees a function needs their names and a few files: the rest when asked */
	struct pmu_scan_opts so = { .lazy = true };
	struct diag d = { 0 };

	if (c->have_root)
		c->have_pmus = !pmu_scan_opts(&c->root, &so, &c->pmus, &d);
	diag_free(&d);
}

static int read_topology(struct map_ctx *c)
{
	/*
	 * JSON shows every bridge's capabilities and every function's BARs; the text, the
	 * families' readings of root ports' capabilities, and the tree the BARs below them
	 */
	struct pcitopo_source src = { .dump = settings.pci_dump, .root = c->have_root ? &c->root : NULL,
				      .every_bridge = settings.json,
				      .no_bars = !settings.json && c->args->format != MAP_TREE,
				      .no_port_bars = !settings.json };
	struct err_report err = { 0 };
	char buf[ERR_MSG_MAX];

	if (pcitopo_read(&src, &c->topo, &err)) {
		p_err("%s", safe_str(err.msg, buf, sizeof(buf)));
		return EXIT_FAIL;
	}
	/* the tree and the table name every function; JSON and the caps list none */
	if (!settings.json && c->args->format != MAP_CAPS && pcitopo_names(&c->topo, NULL, &err)) {
		pcitopo_free(&c->topo);
		p_err("%s", safe_str(err.msg, buf, sizeof(buf)));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

/*
 * A BDF argument that names no function of the machine: an error when none of them does, a
 * warning beside the functions the others found (exit 2). Returns the exit code.
 */
static int report_missing(const struct map_ctx *c)
{
	const struct map_args *a = c->args;
	int missing = 0;

	for (int s = 0; s < a->nslot; s++) {
		bool found = false;

		for (size_t i = 0; i < c->topo.n && !found; i++)
			found = pcifilter_match(&a->slot[s], &c->topo.fn[i]);
		missing += !found;
	}
	for (int s = 0; s < a->nslot && missing; s++) {
		char text[256];
		bool found = false;

		for (size_t i = 0; i < c->topo.n && !found; i++)
			found = pcifilter_match(&a->slot[s], &c->topo.fn[i]);
		if (found)
			continue;
		safe_str(a->slot_text[s], text, sizeof(text));
		if (missing == a->nslot)
			p_err("no PCI function %s on this machine", text);
		else
			p_warn("no PCI function %s on this machine", text);
	}
	return !missing ? EXIT_OK : missing == a->nslot ? EXIT_FAIL : EXIT_PARTIAL;
}

static int report_partial(const struct map_ctx *c)
{
	size_t n = c->topo.ext_unreadable;

	p_diag(&c->topo.diag);
	if (c->topo.looped)
		p_warn("%zu function%s a looped capability chain; read up to the loop",
		       c->topo.looped, c->topo.looped == 1 ? " has" : "s have");
	if (n) {
		p_warn("the extended configuration space (0x100 and up, where vendor capabilities are) of %zu of %zu bridges was not readable: run as root%s",
		       n, c->topo.candidates, settings.pci_dump ? ", or dump with 'sudo " LSPCI_DUMP_CMD "'" : "");
		return EXIT_PARTIAL;
	}
	return EXIT_OK;
}

int cmd_map(int argc, char **argv)
{
	struct map_args a = { .socket = -1, .rc = -1 };
	struct map_ctx c = { .args = &a };
	size_t shown = 0;
	int ret, partial, missing;

	a.slot = calloc((size_t)argc, sizeof(*a.slot));
	a.slot_text = calloc((size_t)argc, sizeof(*a.slot_text));
	if (!a.slot || !a.slot_text) {
		free(a.slot);
		free(a.slot_text);
		return EXIT_FAIL;
	}
	pcifilter_init(&a.id);
	cmd_parse(&map_argp, argc, argv, &a);
	ret = open_machine(&c);
	if (!ret)
		ret = read_topology(&c);
	if (ret)
		goto free_args;
	/* the script's lines need no PMU; other forms say whether the driver registered one */
	if (settings.json || a.format != MAP_CAPS)
		load_pmus(&c);
	c.shown = calloc(c.topo.n ? c.topo.n : 1, sizeof(bool));
	if (!c.shown || devmap_build(&c.topo, c.have_pmus ? &c.pmus : NULL, c.have_root ? &c.root : NULL, &c.maps)) {
		p_err("out of memory");
		ret = EXIT_FAIL;
		goto free_topo;
	}
	for (size_t i = 0; i < c.topo.n; i++)
		shown += c.shown[i] = selected(&c, i);
	report_overlaps(&c);
	partial = report_partial(&c);
	missing = report_missing(&c);
	if (!shown && !missing)
		missing = report_unmatched(&c);
	/* an empty map says why; a function no PMU sees shows its '-' */
	if (!shown && !partial && !missing && !a.downtrained)
		p_note("no PCI function %s one that a PMU of this machine sees (pmuctl list shows its PMUs)",
		       a.nslot || a.id.vendor >= 0 || a.socket >= 0 || a.rc >= 0 ? "selected is" : "is");
	for (size_t k = 0; c.have_pmus && (k = pmu_family_unmapped(&c.pmus, k)) < c.pmus.n; k++) {
		const struct pmu *p = &c.pmus.v[k];
		char hint[512];

		p_note("%s: %s", p->name, p->family->map_unknown);
		if (p->family->ops->locate.map_hint && p->family->ops->locate.map_hint(p, hint, sizeof(hint)))
			p_note("%s: %s", p->name, hint);
	}
	/* a failure's JSON is its error document alone: one document on stdout, never two */
	ret = settings.json && missing == EXIT_FAIL ? EXIT_OK : render(&c);
	if (!ret)
		ret = missing ? missing : partial;
	ret = finish_output(ret);
free_topo:
	free(c.maps);
	free(c.shown);
	if (c.have_pmus)
		pmu_list_free(&c.pmus);
	pcitopo_free(&c.topo);
free_args:
	if (c.have_root)
		sysroot_close(&c.root);
	free(a.slot);
	free(a.slot_text);
	return ret;
}
