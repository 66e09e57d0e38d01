// SPDX-License-Identifier: GPL-2.0
/* pmuctl map's text: the tree by socket, RC and root port, the table, the capability lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/map/map.h"
#include "cmd/out/line.h"
#include "cmd/pmuctl.h"
#include "lib/strjoin.h"
#include "lib/strnum.h"
#include "pmu/family/family.h"

/*
 * indent, then each of n columns a space apart, padded to its width as printf's "%-*s" pads
 * (the last as it is), and the newline: each function's lines, where printf would parse its
 * format again for every one
 */
static void put_cols(const char *indent, const char *const *col, const int *width, size_t n)
{
	struct line l;

	line_start(&l, stdout);
	line_put(&l, indent);
	for (size_t k = 0; k < n; k++) {
		if (k)
			line_char(&l, ' ');
		line_pad(&l, col[k], k + 1 < n ? width[k] : 0, true);
	}
	line_char(&l, '\n');
	line_flush(&l);
}

static const char *fn_str(const struct map_ctx *c, size_t i, char *buf, size_t size)
{
	pcifn_name(&c->topo, &c->topo.fn[i], buf, size);
	return buf;
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
	strjoin_into(buf + n, size - n, downtrained_text(c, f, note, sizeof(note)));
	return buf;
}

void map_text_table(const struct map_ctx *c)
{
	char bdf[32], rp[32], label[512], filt[64], s[16], r[16], p[16];

	printf("%-13s %-6s %-3s %-3s %-13s %-26s %-8s %s\n", "BDF", "SOCKET", "RC", "RP",
	       "ROOT_PORT", "PMU", "SRC_BDF", "DEVICE");
	for (size_t i = 0; i < c->topo.n; i++) {
		const struct devmap_fn *m = &c->maps[i];
		const struct fn_location *at = &m->at;

		if (!c->shown[i])
			continue;
		snprintf(filt, sizeof(filt), "0x%04x", m->src_bdf);
		printf("%-13s %-6s %-3s %-3s %-13s %-26s %-8s %s\n", fn_str(c, i, bdf, sizeof(bdf)),
		       human_id(at->socket, s, sizeof(s)), human_id(at->rc, r, sizeof(r)),
		       human_id(at->rp, p, sizeof(p)),
		       at->root_port >= 0 ? fn_str(c, (size_t)at->root_port, rp, sizeof(rp)) : "-",
		       m->requester.family ? m->requester.name : "-", filt,
		       fn_label(c, &c->topo.fn[i], label, sizeof(label)));
	}
}

static const char *size_str(uint64_t size, char *buf, size_t n)
{
	static const char units[] = "KMGTPE";
	char digits[24];
	size_t len;
	int u = -1;

	while (size >= 1024 && !(size % 1024) && u < 5) {
		size /= 1024;
		u++;
	}
	/* without snprintf: a line for each BAR of each function */
	len = strnum_put_u64(size, 10, 1, digits);
	if (u >= 0)
		digits[len++] = units[u];
	digits[len] = '\0';
	strjoin_into(buf, n, digits);
	return buf;
}

/* Traffic to each memory BAR: its address filter, or why there is none */
static void print_tgt_lines(const struct pcifn *f, const struct fn_pmu *t)
{
	size_t k = 0;

	for (int b = 0; b < 6 && t->family; b++) {
		char sz[32], filt[160], bar[] = { 'B', 'A', 'R', (char)('0' + b), '\0' };

		if (!f->bar[b].mem)
			continue;
		while (k < t->nbars && t->bars[k].bar < b)
			k++;
		if (k >= t->nbars || t->bars[k].bar != b) {
			printf("          BAR%d 0x%llx  size unknown (a dump has no BAR sizes)\n", b,
			       (unsigned long long)f->bar[b].addr);
			continue;
		}
		put_cols("          ", (const char *[]){ bar, size_str(t->bars[k].bar_size, sz, sizeof(sz)),
			 fn_filter_text(&t->bars[k], filt, sizeof(filt)) }, (const int[]){ 0, 5, 0 }, 3);
	}
}

/*
 * A root port's line: its number in the family (RP n) or "port", and how its traffic is
 * selected: the family's root-port filter, or the PMU that is the port's own
 */
static void print_root_port(const struct map_ctx *c, size_t i)
{
	const struct devmap_fn *m = &c->maps[i];
	char bdf[32], label[512], filt[160], rp[16], num[16];

	if (m->at.rp >= 0)
		strjoin_into(rp, sizeof(rp), "RP ", human_id(m->at.rp, num, sizeof(num)));
	else
		strjoin_into(rp, sizeof(rp), "port");
	if (m->requester.root_port.n)
		fn_filter_text(&m->requester.root_port, filt, sizeof(filt));
	else
		snprintf(filt, sizeof(filt), "%s", m->requester.family ? m->requester.name : "");
	put_cols("    ", (const char *[]){ fn_str(c, i, bdf, sizeof(bdf)), rp, filt,
		 fn_label(c, &c->topo.fn[i], label, sizeof(label)) }, (const int[]){ 13, 6, 28, 0 }, 4);
}

static void print_device(const struct map_ctx *c, size_t i)
{
	const struct devmap_fn *m = &c->maps[i];
	const struct pcifn *f = &c->topo.fn[i];
	char bdf[32], label[512], filt[160];

	if (m->at.root_port >= 0 && (size_t)m->at.root_port == i) {
		print_root_port(c, i);
		return;
	}
	/* a port's own PMU counts its functions with the rest of the port */
	if (m->requester.port_pmu) {
		snprintf(filt, sizeof(filt), "%s, %s whole", m->requester.name,
			 m->requester.family->rc_word ? m->requester.family->rc_word : "port");
	} else if (!m->requester.function.n && m->requester.root_port.n) {
		/* no filter selects the function: its port's does, with whatever else is below it */
		char port[128];

		snprintf(filt, sizeof(filt), "port's %s", fn_filter_text(&m->requester.root_port, port, sizeof(port)));
	} else {
		fn_filter_text(&m->requester.function, filt, sizeof(filt));
	}
	put_cols("      ", (const char *[]){ fn_str(c, i, bdf, sizeof(bdf)), filt, fn_label(c, f, label, sizeof(label)) },
		 (const int[]){ 13, 32, 0 }, 3);
	print_tgt_lines(f, &m->target);
}

/* Known sockets first, by number; then RC (none first), then lspci order (the index) */
static int cmp_root_port(const void *a, const void *b, void *maps)
{
	const struct devmap_fn *m = maps;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct fn_location *p = &m[x].at, *q = &m[y].at;
	unsigned sp = (unsigned)p->socket, sq = (unsigned)q->socket;

	int by_pmu = strcmp(m[x].requester.name, m[y].requester.name);

	if (sp != sq)
		return sp < sq ? -1 : 1;
	if (p->rc != q->rc)
		return p->rc < q->rc ? -1 : 1;
	/* two SICLs' core 0 on one socket are two cores: their PMUs tell them apart */
	if (by_pmu)
		return by_pmu;
	return x < y ? -1 : x > y;
}

/* The root ports with something shown below them, sorted for the tree */
static size_t shown_root_ports(const struct map_ctx *c, size_t *out)
{
	bool *seen = calloc(c->topo.n ? c->topo.n : 1, sizeof(bool));
	size_t n = 0;

	if (!seen)
		return 0;
	for (size_t i = 0; i < c->topo.n; i++) {
		ssize_t r = c->maps[i].at.root_port;

		if (c->shown[i] && r >= 0 && !seen[r]) {
			seen[r] = true;
			out[n++] = (size_t)r;
		}
	}
	free(seen);
	qsort_r(out, n, sizeof(*out), cmp_root_port, (void *)c->maps);
	return n;
}

/* "  RC 4  PMU, PMU": the PMUs that see the RC */
static void print_rc(const struct devmap_fn *port)
{
	const struct fn_pmu *pmus[] = { &port->requester, &port->target };
	const char *word = port->at.by && port->at.by->rc_word ? port->at.by->rc_word : "RC";

	printf("  %s %d ", word, port->at.rc);
	for (size_t k = 0, n = 0; k < 2; k++) {
		if (!pmus[k]->family)
			continue;
		printf("%s%s%s", n++ ? ", " : " ", pmus[k]->name, pmus[k]->pmu ? "" : " (not in sysfs)");
	}
	printf("\n");
}

/*
 * The functions of socket (-1: not known) below no root port (root complex integrated), from
 * integ[*at] on (sorted by socket as the sockets are); *at moves past them
 */
static void print_integrated(const struct map_ctx *c, int socket, bool heading, const size_t *integ, size_t ninteg,
			     size_t *at)
{
	char bdf[32], label[512], filt[160];
	size_t listed = 0;

	for (; *at < ninteg && c->maps[integ[*at]].at.socket == socket; (*at)++) {
		size_t i = integ[*at];
		const struct devmap_fn *m = &c->maps[i];

		if (heading)
			printf(socket >= 0 ? "socket %d\n" : "socket unknown (no NUMA node says)\n", socket);
		/* set apart, or they would read as below the last root port printed */
		if (!listed++)
			printf("  integrated (below no root port)\n");
		heading = false;
		/* a function no PMU sees (a PMU's own RCiEP, a host bridge) is the machine's, shown as lspci shows it */
		if (!m->requester.family)
			printf("    %-13s %-29s  %s\n", fn_str(c, i, bdf, sizeof(bdf)), "-",
			       fn_label(c, &c->topo.fn[i], label, sizeof(label)));
		else
			printf("    %-13s %s %s  %s\n", fn_str(c, i, bdf, sizeof(bdf)), m->requester.name,
			       fn_filter_text(&m->requester.function, filt, sizeof(filt)),
			       fn_label(c, &c->topo.fn[i], label, sizeof(label)));
	}
}

/* By root port (the functions below one, together), or by socket for the integrated, then lspci's order */
static int cmp_by_port(const void *a, const void *b, void *maps)
{
	const struct devmap_fn *m = maps;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	unsigned kx = m[x].at.root_port >= 0 ? (unsigned)m[x].at.root_port : (unsigned)m[x].at.socket;
	unsigned ky = m[y].at.root_port >= 0 ? (unsigned)m[y].at.root_port : (unsigned)m[y].at.socket;

	if (kx != ky)
		return kx < ky ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* The sockets of the functions shown, known ones first by number, -1 (not known) last */
static size_t shown_sockets(const struct map_ctx *c, int *out)
{
	size_t n = 0;

	for (size_t i = 0; i < c->topo.n; i++) {
		bool seen = false;

		for (size_t k = 0; k < n && !seen; k++)
			seen = out[k] == c->maps[i].at.socket;
		if (c->shown[i] && !seen)
			out[n++] = c->maps[i].at.socket;
	}
	for (size_t a = 1; a < n; a++)
		for (size_t b = a; b > 0 && (unsigned)out[b] < (unsigned)out[b - 1]; b--) {
			int t = out[b];

			out[b] = out[b - 1];
			out[b - 1] = t;
		}
	return n;
}

/*
 * By socket: its root ports, by RC, each with what is below it; then its integrated
 * functions. Each list is sorted once and walked once: the cost per function does not grow
 * with the sockets or the ports.
 */
void map_text_tree(const struct map_ctx *c)
{
	size_t n = c->topo.n ? c->topo.n : 1, shown = 0, nbelow = 0, ninteg = 0, at_integ = 0;
	size_t *ports = calloc(n, sizeof(size_t)), *below = calloc(n, sizeof(size_t));
	size_t *integ = calloc(n, sizeof(size_t)), *first = calloc(n, sizeof(size_t));
	int *sockets = calloc(n, sizeof(int));
	size_t nports = 0, nsockets = 0, k = 0;

	if (ports && below && integ && first && sockets) {
		nports = shown_root_ports(c, ports);
		nsockets = shown_sockets(c, sockets);
		for (size_t i = 0; i < c->topo.n; i++) {
			if (c->shown[i] && c->maps[i].at.root_port >= 0)
				below[nbelow++] = i;
			else if (c->shown[i])
				integ[ninteg++] = i;
		}
		qsort_r(below, nbelow, sizeof(*below), cmp_by_port, (void *)c->maps);
		qsort_r(integ, ninteg, sizeof(*integ), cmp_by_port, (void *)c->maps);
		/* where each root port's functions start in below */
		for (size_t b = nbelow; b-- > 0;)
			first[c->maps[below[b]].at.root_port] = b;
	}
	for (size_t s = 0; s < nsockets; s++) {
		long last_rc = -2;
		const char *last_pmu = "";
		bool heading = true;

		/* the ports are sorted by socket as the sockets are: one pass over them all */
		while (k < nports && (unsigned)c->maps[ports[k]].at.socket < (unsigned)sockets[s])
			k++;
		for (; k < nports && c->maps[ports[k]].at.socket == sockets[s]; k++) {
			const struct fn_location *at = &c->maps[ports[k]].at;

			if (heading)
				printf(at->socket >= 0 ? "socket %d\n" : "socket unknown (no NUMA node says)\n", at->socket);
			heading = false;
			if (at->rc >= 0 && (last_rc != at->rc || strcmp(last_pmu, c->maps[ports[k]].requester.name)))
				print_rc(&c->maps[ports[k]]);
			last_rc = at->rc;
			last_pmu = c->maps[ports[k]].requester.name;
			for (size_t b = first[ports[k]]; b < nbelow && c->maps[below[b]].at.root_port == (ssize_t)ports[k]; b++)
				print_device(c, below[b]);
		}
		print_integrated(c, sockets[s], heading, integ, ninteg, &at_integ);
	}
	free(ports);
	free(below);
	free(integ);
	free(first);
	free(sockets);
	/* the hint is for functions a PMU sees */
	for (size_t i = 0; i < c->topo.n; i++)
		shown += c->shown[i] && c->maps[i].requester.family;
	if (!settings.quiet && shown)
		printf("\nCount with: pmuctl stat -e 'PMU/EVENT,FILTER/'; pmuctl -j map gives ready event strings.\n");
}

void map_text_capabilities(const struct map_ctx *c)
{
	bool *port = calloc(c->topo.n ? c->topo.n : 1, sizeof(bool));
	char bdf[32], line[256];
	uint16_t offset;
	size_t ports = 0, printed = 0;

	for (size_t i = 0; port && i < c->topo.n; i++)
		if (c->shown[i] && c->maps[i].at.root_port >= 0)
			port[c->maps[i].at.root_port] = true;
	for (size_t i = 0; port && i < c->topo.n; i++) {
		if (!port[i])
			continue;
		ports++;
		for (const struct pmu_family *const *f = pmu_families; *f; f++)
			if ((*f)->ops->locate.capability_line && (*f)->ops->locate.capability_line(*f, &c->topo.fn[i], &offset, line, sizeof(line))) {
				printf("%s: %s\n", fn_str(c, i, bdf, sizeof(bdf)), line);
				printed++;
			}
	}
	free(port);
	/* an empty output would read as "no root ports"; say which it is */
	if (ports && !printed && !settings.quiet) {
		fprintf(stderr, "pmuctl: note: none of these %zu root ports carries a capability a family reads (", ports);
		const char *sep = "";

		for (const struct pmu_family *const *f = pmu_families; *f; f++)
			if ((*f)->ops->locate.capability_line) {
				fprintf(stderr, "%s%s's", sep, (*f)->title);
				sep = ", ";
			}
		fprintf(stderr, "); --format=tree shows where they are\n");
	}
}
