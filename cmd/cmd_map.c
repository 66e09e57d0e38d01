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
#include "cmd/map_json.h"

enum map_format { MAP_TREE, MAP_TABLE, MAP_DVSEC };

enum map_key {
	KEY_SOCKET = 0x200,
	KEY_RC,
	KEY_FORMAT,
	KEY_DOWNTRAINED,
};

struct map_args {
	struct pci_filter *slot;	/* one per BDF argument */
	char **slot_text;		/* as the user wrote it */
	int nslot;
	struct pci_filter id;
	const char *id_text;		/* -d as written */
	int64_t socket, rc;
	enum map_format format;
	bool downtrained;		/* only functions whose link trained below both ends */
};

static const struct argp_option map_options[] = {
	{ "device", 'd', "VENDOR:DEVICE", 0, "only functions with these ids, as lspci -d ([vendor]:[device][:class])", 0 },
	{ "socket", KEY_SOCKET, "N", 0, "only functions below root ports of socket N", 0 },
	{ "rc", KEY_RC, "N", 0, "only functions below root complex N", 0 },
	{ "format", KEY_FORMAT, "FORMAT", 0, "tree (default): by socket and RC; table: one line per function; dvsec: the document script's lines", 0 },
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

static error_t map_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct map_args *a = state->input;
	struct err_report err = { 0 };

	switch (key) {
	case 'd':
		if (!strchr(arg, ':'))
			jerr_argp(state, "-d '%s': a VENDOR:DEVICE selector, as lspci -d takes (10de: is every NVIDIA function)", arg);
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
		else if (!strcmp(arg, "dvsec"))
			a->format = MAP_DVSEC;
		else
			jerr_argp(state, "invalid format '%s': use tree, table or dvsec", arg);
		break;
	case ARGP_KEY_ARG:
		pcifilter_init(&a->slot[a->nslot]);
		if (pcifilter_slot(&a->slot[a->nslot], arg, &err))
			jerr_argp(state, "%s", err.msg);
		a->slot_text[a->nslot++] = arg;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child map_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp map_argp = {
	map_options, map_parse_opt, "[BDF...]",
	"Map PCI functions to the Tegra410 socket, PCIe root complex (RC) and root port (RP) they "
	"sit below, read from the NVIDIA DVSEC (vendor 10de, id 4) of each root port, and give the "
	"PMU filters that select them: src_bdf/src_bdf_en and src_rp_mask for "
	"nvidia_pcie_pmu_<socket>_rc_<rc>, dst_addr_base/dst_addr_mask per memory BAR for "
	"nvidia_pcie_tgt_pmu_<socket>_rc_<rc>, and the bdf/queue filter of the HNS3 SICL PMU whose "
	"bdf range covers a function. PCI is read with libpci from <sysfs-root>/bus/pci, or from an "
	LSPCI_DUMP_CMD " dump given with -F. BDF arguments select functions as lspci -s does. The "
	"extended configuration space (offset 0x100 and up, where the DVSEC lives) is readable "
	"only by root."
	"\vExamples:\n"
	"  pmuctl map                              every mapped function, by socket and RC\n"
	"  pmuctl map 0005:01:00.0                 one device: its PMU and ready filters\n"
	"  pmuctl map --socket 1 --format=table\n"
	"  pmuctl map --format=dvsec               the lines of the document's lspci/setpci script\n"
	"  pmuctl -F lspci-dump.txt -j map         from a dump, as JSON\n"
	"\nExit status: 0 success, 1 PCI could not be read or no BDF argument is on the machine, "
	"2 mapped, but the extended configuration space of some functions was not readable (run "
	"as root) or some BDF arguments are not on the machine, 64 bad arguments.",
	map_children, NULL, NULL
};

struct map_ctx {
	const struct map_args *args;
	struct pcitopo topo;
	struct devmap_fn *maps;
	struct sysroot root;
	bool have_root;
	struct pmu_list pmus;
	bool have_pmus;
	bool *shown;
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
	if (a->downtrained && c->topo.fn[i].link.downtrained != 1)
		return false;
	return m->dvsec || m->requester.family;
}

/*
 * Selectors that match nothing are absent input (1), said so: the BDFs and -d among the
 * functions, --socket and --rc among those mapped to one. A function that matches but no
 * PMU sees is the machine's (a note above, 0).
 */
static int report_unmatched(const struct map_ctx *c)
{
	const struct map_args *a = c->args;
	size_t ids = 0, placed = 0;
	char where[96] = "";

	for (size_t i = 0; i < c->topo.n; i++) {
		bool slot_ok = !a->nslot;

		for (int s = 0; s < a->nslot && !slot_ok; s++)
			slot_ok = pcifilter_match(&a->slot[s], &c->topo.fn[i]);
		if (!slot_ok || !pcifilter_match(&a->id, &c->topo.fn[i]))
			continue;
		ids++;
		placed += devmap_fn_at(&c->maps[i], a->socket, a->rc);
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

static const char *fn_str(const struct map_ctx *c, size_t i, char *buf, size_t size)
{
	pcifn_name(&c->topo, &c->topo.fn[i], buf, size);
	return buf;
}

static void print_dvsec(const struct map_ctx *c)
{
	bool *port = calloc(c->topo.n ? c->topo.n : 1, sizeof(bool));
	char bdf[32];

	for (size_t i = 0; port && i < c->topo.n; i++)
		if (c->shown[i] && c->maps[i].root >= 0)
			port[c->maps[i].root] = true;
	for (size_t i = 0; port && i < c->topo.n; i++) {
		const struct nv_dvsec *d = &c->topo.fn[i].cfg.dvsec;

		if (!port[i])
			continue;
		printf("%s: Bus=%02x, Segment=%02x, RP=%02x, RC=%02x, Socket=%02x\n",
		       fn_str(c, i, bdf, sizeof(bdf)), d->bus, d->segment, d->rp, d->rc, d->socket);
	}
	free(port);
}

/* "x4 at 8 GT/s, below x16 at 16 GT/s", what a downtrained link lost; "" for any other */
static const char *downtrained_text(const struct map_ctx *c, const struct pcifn *f, char *buf, size_t size)
{
	const struct pcilink *l = &f->link, *o;
	uint8_t speed, width;

	*buf = '\0';
	if (l->downtrained != 1)
		return buf;
	o = &c->topo.fn[l->partner].link;
	speed = l->cap_speed < o->cap_speed ? l->cap_speed : o->cap_speed;
	width = l->cap_width < o->cap_width ? l->cap_width : o->cap_width;
	snprintf(buf, size, "  [downtrained: x%u at %g GT/s, both ends can x%u at %g GT/s]", l->width,
		 pcilink_gts(l->speed), width, pcilink_gts(speed));
	return buf;
}

/* Its name, and what its link lost when it trained below both ends */
static const char *fn_label(const struct map_ctx *c, const struct pcifn *f, char *buf, size_t size)
{
	char note[96];
	size_t n;

	if (f->name)
		safe_str(f->name, buf, size);
	else
		snprintf(buf, size, "[%04x:%04x]", f->cfg.vendor, f->cfg.device);
	n = strlen(buf);
	snprintf(buf + n, size - n, "%s", downtrained_text(c, f, note, sizeof(note)));
	return buf;
}

static void print_table(const struct map_ctx *c)
{
	char bdf[32], rp[32], label[512], filt[64];

	printf("%-13s %-6s %-3s %-3s %-13s %-26s %-8s %s\n", "BDF", "SOCKET", "RC", "RP",
	       "ROOT_PORT", "PMU", "SRC_BDF", "DEVICE");
	for (size_t i = 0; i < c->topo.n; i++) {
		const struct devmap_fn *m = &c->maps[i];
		const struct pcifn *f = &c->topo.fn[i];
		const char *pmu = m->requester.family ? m->requester.name : "-";

		if (!c->shown[i])
			continue;
		snprintf(filt, sizeof(filt), "0x%04x", m->src_bdf);
		if (m->dvsec)
			printf("%-13s %-6u %-3u %-3u %-13s %-26s %-8s %s\n", fn_str(c, i, bdf, sizeof(bdf)),
			       m->dvsec->socket, m->dvsec->rc, m->dvsec->rp,
			       fn_str(c, (size_t)m->root, rp, sizeof(rp)), pmu, filt,
			       fn_label(c, f, label, sizeof(label)));
		else
			printf("%-13s %-6s %-3s %-3s %-13s %-26s %-8s %s\n", fn_str(c, i, bdf, sizeof(bdf)),
			       "-", "-", "-", "-", pmu, filt, fn_label(c, f, label, sizeof(label)));
	}
}

static const char *size_str(uint64_t size, char *buf, size_t n)
{
	static const char units[] = "KMGTPE";
	int u = -1;

	while (size >= 1024 && !(size % 1024) && u < 5) {
		size /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, n, "%llu", (unsigned long long)size);
	else
		snprintf(buf, n, "%llu%c", (unsigned long long)size, units[u]);
	return buf;
}

/* Traffic to each memory BAR: its address filter, or why there is none */
static void print_tgt_lines(const struct pcifn *f, const struct fn_pmu *t)
{
	size_t k = 0;

	for (int b = 0; b < 6; b++) {
		char sz[32], filt[160];

		if (!f->bar[b].mem)
			continue;
		while (k < t->nbars && t->bars[k].bar < b)
			k++;
		if (k >= t->nbars || t->bars[k].bar != b) {
			printf("          BAR%d 0x%llx  size unknown (a dump has no BAR sizes)\n", b,
			       (unsigned long long)f->bar[b].addr);
			continue;
		}
		printf("          BAR%d %-5s %s\n", b, size_str(t->bars[k].bar_size, sz, sizeof(sz)),
		       fn_filter_text(&t->bars[k], filt, sizeof(filt)));
	}
}

static void print_device(const struct map_ctx *c, size_t i)
{
	const struct devmap_fn *m = &c->maps[i];
	const struct pcifn *f = &c->topo.fn[i];
	char bdf[32], label[512], filt[160];

	if (m->root >= 0 && (size_t)m->root == i) {
		printf("    %-13s RP %-3u %-28s %s\n", fn_str(c, i, bdf, sizeof(bdf)), m->dvsec->rp,
		       fn_filter_text(&m->requester.root_port, filt, sizeof(filt)),
		       fn_label(c, f, label, sizeof(label)));
		return;
	}
	printf("      %-13s %-32s %s\n", fn_str(c, i, bdf, sizeof(bdf)),
	       fn_filter_text(&m->requester.function, filt, sizeof(filt)),
	       fn_label(c, f, label, sizeof(label)));
	print_tgt_lines(f, &m->target);
}

/* socket, then RC, then lspci order (the index) */
static int cmp_root_port(const void *a, const void *b, void *topo)
{
	const struct pcitopo *t = topo;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct nv_dvsec *dx = &t->fn[x].cfg.dvsec, *dy = &t->fn[y].cfg.dvsec;

	if (dx->socket != dy->socket)
		return dx->socket - dy->socket;
	if (dx->rc != dy->rc)
		return dx->rc - dy->rc;
	return x < y ? -1 : x > y;
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

/* The root ports with something shown below them, sorted for the tree */
static size_t shown_root_ports(const struct map_ctx *c, size_t *out)
{
	size_t n = 0;

	for (size_t i = 0; i < c->topo.n; i++) {
		ssize_t r = c->maps[i].root;
		bool seen = false;

		if (!c->shown[i] || r < 0)
			continue;
		for (size_t k = 0; k < n && !seen; k++)
			seen = out[k] == (size_t)r;
		if (!seen)
			out[n++] = (size_t)r;
	}
	qsort_r(out, n, sizeof(*out), cmp_root_port, (void *)&c->topo);
	return n;
}

static void print_tree(const struct map_ctx *c)
{
	int last_socket = -1, last_rc = -1;
	size_t shown = 0, *ports = calloc(c->topo.n ? c->topo.n : 1, sizeof(size_t));
	size_t nports = ports ? shown_root_ports(c, ports) : 0;
	char bdf[32], label[512];

	for (size_t k = 0; k < nports; k++) {
		size_t p = ports[k];
		const struct nv_dvsec *d = &c->topo.fn[p].cfg.dvsec;

		if (last_socket != d->socket)
			printf("socket %d\n", d->socket);
		if (last_socket != d->socket || last_rc != d->rc)
			printf("  RC %d  %s%s, %s%s\n", d->rc, c->maps[p].requester.name,
			       c->maps[p].requester.pmu ? "" : " (not in sysfs)", c->maps[p].target.name,
			       c->maps[p].target.pmu ? "" : " (not in sysfs)");
		last_socket = d->socket;
		last_rc = d->rc;
		for (size_t i = 0; i < c->topo.n; i++)
			if (c->shown[i] && c->maps[i].root == (ssize_t)p)
				print_device(c, i);
	}
	free(ports);
	for (size_t i = 0; i < c->topo.n; i++)
		shown += c->shown[i];
	for (size_t i = 0; i < c->topo.n; i++) {
		const struct devmap_fn *m = &c->maps[i];
		char filt[160];

		if (!c->shown[i] || m->dvsec)
			continue;
		printf("%-13s %s %s  %s\n", fn_str(c, i, bdf, sizeof(bdf)), m->requester.name,
		       fn_filter_text(&m->requester.function, filt, sizeof(filt)),
		       fn_label(c, &c->topo.fn[i], label, sizeof(label)));
	}
	if (!settings.quiet && shown)
		printf("\nCount with: pmuctl stat -e 'PMU/EVENT,FILTER/'; pmuctl -j map gives ready event strings.\n");
}

static int render(struct map_ctx *c)
{
	size_t shown = 0, links = 0;
	for (size_t i = 0; i < c->topo.n; i++) {
		shown += c->shown[i];
		links += c->topo.fn[i].link.present;
	}
	/* none downtrained is a healthy answer, said so, not an error */
	if (c->args->downtrained && !shown)
		p_note("no PCIe link is downtrained (%zu link%s read)", links, plural((long)links));

	if (settings.json)
		return print_json(c, shown);
	if (c->args->format == MAP_DVSEC)
		print_dvsec(c);
	else if (c->args->format == MAP_TABLE)
		print_table(c);
	else
		print_tree(c);
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
	struct diag d = { 0 };

	if (c->have_root)
		c->have_pmus = !pmu_scan(&c->root, &c->pmus, &d);
	diag_free(&d);
}

static int read_topology(struct map_ctx *c)
{
	struct pcitopo_source src = { .dump = settings.pci_dump,
				      .root = c->have_root ? &c->root : NULL,
				      .names = !settings.json && c->args->format != MAP_DVSEC };
	struct err_report err = { 0 };
	char buf[ERR_MSG_MAX];

	if (pcitopo_read(&src, &c->topo, &err)) {
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
		p_warn("the extended configuration space (0x100 and up, where the DVSEC is) of %zu of %zu NVIDIA bridges was not readable: run as root%s",
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
	if (settings.json || a.format != MAP_DVSEC)
		load_pmus(&c);
	c.shown = calloc(c.topo.n ? c.topo.n : 1, sizeof(bool));
	if (!c.shown || devmap_build(&c.topo, c.have_pmus ? &c.pmus : NULL, &c.maps)) {
		p_err("out of memory");
		ret = EXIT_FAIL;
		goto free_topo;
	}
	for (size_t i = 0; i < c.topo.n; i++)
		shown += c.shown[i] = selected(&c, i);
	partial = report_partial(&c);
	missing = report_missing(&c);
	if (!shown && !missing)
		missing = report_unmatched(&c);
	if (!shown && !partial && !missing && !a.downtrained)
		p_note("no PCI function %s one that a PMU of this machine sees (pmuctl list shows its PMUs)",
		       a.nslot || a.id.vendor >= 0 || a.socket >= 0 || a.rc >= 0 ? "selected is" : "is");
	for (size_t k = 0; c.have_pmus && (k = pmu_family_unmapped(&c.pmus, k)) < c.pmus.n; k++)
		p_note("%s: %s", c.pmus.v[k].name, c.pmus.v[k].family->map_unknown);
	ret = render(&c);
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
