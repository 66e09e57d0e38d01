// SPDX-License-Identifier: GPL-2.0
/* Where each function is, from the tree and sysfs and then its family; which PMU sees what. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lib/cpulist.h"
#include "pmu/cpu_package.h"
#include "lib/strnum.h"
#include "pmu/devmap.h"
#include "pmu/family/family.h"
#include "topology/bdf.h"

/* A function's place for the search below: (domain, bus), and its index */
struct bus_key {
	uint64_t key;
	size_t i;
};

static uint64_t bus_key(uint32_t domain, unsigned bus)
{
	return (uint64_t)domain << 8 | bus;
}

static int by_key(const void *a, const void *b)
{
	const struct bus_key *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* The first of keys[0..n) at or above key */
static size_t lower_bound(const struct bus_key *keys, size_t n, uint64_t key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (keys[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The function named "dddd:bb:dd.f" in t (sorted as lspci sorts), or -1 */
static ssize_t fn_named(const struct pcitopo *t, const char *name)
{
	struct err_report ignored = { 0 };
	size_t lo = 0, hi = t->n;
	struct bdf want;

	/* bdf_parse, not sscanf: a name for each function, and sscanf cost 2,400 instructions */
	if (bdf_parse(name, &want, &ignored) || want.domain < 0)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pcifn *f = &t->fn[mid];
		uint64_t a = ((uint64_t)f->domain << 16) | ((unsigned)f->bus << 8) | ((unsigned)f->dev << 3) | f->fn;
		uint64_t b = ((uint64_t)want.domain << 16) | (want.bus << 8) | (want.dev << 3) | want.fn;

		if (a == b)
			return (ssize_t)mid;
		if (a < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * Where bus ranges overlap (hits: the root ports whose range holds the function), sysfs's
 * placement wins (its path's root port, the kernel's own, lspci -t's); by_ranges keeps what
 * the narrowest range said, for map to warn. A range alone is trusted: some trees are flat.
 */
static void by_path(const struct pcitopo *t, struct devmap_fn *m, size_t i, unsigned hits)
{
	ssize_t top = t->fn[i].top[0] ? fn_named(t, t->fn[i].top) : -1, port;

	m[i].at.by_ranges = -2;
	if (top < 0 || hits < 2)
		return;
	port = pcicfg_root_port(&t->fn[top].cfg) ? top : -1;
	if (port < 0 || port == m[i].at.root_port)
		return;
	m[i].at.by_ranges = m[i].at.root_port;
	m[i].at.root_port = port;
}

/*
 * Each function's nearest root port: the narrowest bus range that holds it (the first such
 * port in t's order on a tie), or the function itself when it is one. Each root port visits
 * the functions of its bus range, found by bisection: no pass over every pair.
 */
static int find_roots(const struct pcitopo *t, struct devmap_fn *m)
{
	struct bus_key *keys = calloc(t->n ? t->n : 1, sizeof(*keys));
	unsigned *span = calloc(t->n ? t->n : 1, sizeof(*span));
	unsigned *hits = calloc(t->n ? t->n : 1, sizeof(*hits));

	if (!keys || !span || !hits) {
		free(keys);
		free(span);
		free(hits);
		return -ENOMEM;
	}
	for (size_t i = 0; i < t->n; i++) {
		keys[i] = (struct bus_key){ bus_key(t->fn[i].domain, t->fn[i].bus), i };
		span[i] = 0x100;
		m[i].at.root_port = -1;
	}
	qsort(keys, t->n, sizeof(*keys), by_key);
	for (size_t r = 0; r < t->n; r++) {
		const struct pcifn *p = &t->fn[r];
		unsigned s = (unsigned)p->cfg.subordinate - p->cfg.secondary;

		if (!pcicfg_root_port(&p->cfg) || !p->cfg.secondary || p->cfg.secondary > p->cfg.subordinate)
			continue;
		for (size_t k = lower_bound(keys, t->n, bus_key(p->domain, p->cfg.secondary));
		     k < t->n && keys[k].key <= bus_key(p->domain, p->cfg.subordinate); k++) {
			hits[keys[k].i]++;
			if (s < span[keys[k].i]) {
				span[keys[k].i] = s;
				m[keys[k].i].at.root_port = (ssize_t)r;
			}
		}
	}
	for (size_t i = 0; i < t->n; i++) {
		if (pcicfg_root_port(&t->fn[i].cfg))
			m[i].at.root_port = (ssize_t)i;
		by_path(t, m, i, hits[i]);
	}
	free(keys);
	free(span);
	free(hits);
	return 0;
}

bool devmap_fn_at(const struct devmap_fn *m, long socket, long rc)
{
	return (socket < 0 || m->at.socket == socket) && (rc < 0 || m->at.rc == rc);
}

/* The package of node's first CPU (devices/system/node/nodeN/cpulist), or -1 */
static int node_socket(const struct sysroot *root, int node)
{
	char rel[96], *text = NULL;
	struct cpulist cpus = { 0 };
	struct cpu_packages pk = { 0 };
	int socket = -1;

	if (sysroot_path(rel, sizeof(rel), "devices/system/node/node%d/cpulist", node) ||
	    sysroot_read_trim(root, rel, &text))
		return -1;
	if (!cpulist_parse(text, &cpus) && cpus.n) {
		/* the first CPU says for all: a node never spans packages */
		struct cpulist first = { .cpu = cpus.cpu, .n = 1 };

		if (!cpu_packages_read(root, &first, &pk))
			socket = cpu_package_of(&pk, cpus.cpu[0]);
	}
	cpu_packages_free(&pk);
	cpulist_free(&cpus);
	free(text);
	return socket;
}

/* The package of a machine that has one (every online CPU's), or -1 */
static int devmap_one_package(const struct sysroot *root, struct cpu_packages *pk)
{
	struct cpulist online = { 0 };
	int only = -1;

	if (pmu_online_cpus(root, &online) || !online.n || cpu_packages_read(root, &online, pk)) {
		cpulist_free(&online);
		return -1;
	}
	for (size_t i = 0; i < online.n; i++) {
		int s = cpu_package_of(pk, online.cpu[i]);

		if (s < 0 || (i && s != only)) {
			only = -1;
			break;
		}
		only = s;
	}
	cpulist_free(&online);
	return only;
}

/* Each function's NUMA node and the socket of that node's CPUs, read once a node */
static int locate_sockets(const struct pcitopo *t, const struct sysroot *root, struct devmap_fn *m)
{
	int max = -1, *socket;

	for (size_t i = 0; i < t->n; i++) {
		m[i].at.numa_node = t->fn[i].numa_node;
		m[i].at.socket = m[i].at.rc = m[i].at.rp = -1;
		if (t->fn[i].numa_node > max)
			max = t->fn[i].numa_node;
	}
	if (!root)
		return 0;
	/* no NUMA node says, but the machine has one package: every function is on it */
	if (max < 0) {
		struct cpu_packages pk = { 0 };
		int only = devmap_one_package(root, &pk);

		/* a dump's functions are another machine's: the one read here says nothing of them */
		for (size_t i = 0; only >= 0 && i < t->n; i++)
			if (t->fn[i].host_bridge[0])
				m[i].at.socket = only;
		cpu_packages_free(&pk);
		return 0;
	}
	socket = malloc(((size_t)max + 1) * sizeof(*socket));
	if (!socket)
		return -ENOMEM;
	for (int n = 0; n <= max; n++)
		socket[n] = -2;	/* not read yet */
	for (size_t i = 0; i < t->n; i++) {
		int n = t->fn[i].numa_node;

		if (n < 0)
			continue;
		if (socket[n] == -2)
			socket[n] = node_socket(root, n);
		m[i].at.socket = socket[n];
	}
	free(socket);
	return 0;
}

int devmap_build(const struct pcitopo *t, const struct pmu_list *pmus, const struct sysroot *root,
		 struct devmap_fn **out)
{
	/* a map and its requester's and target's BAR slots, the slots after every map */
	const size_t each = sizeof(struct devmap_fn) + (size_t)2 * FN_BARS * sizeof(struct fn_filter);
	size_t n = t->n ? t->n : 1;
	/* calloc's fresh pages cost only where they are written: a count without BAR filters, none of the slots' */
	struct devmap_fn *m = n > SIZE_MAX / each ? NULL : calloc(n, each);
	struct fn_filter *slots;

	if (!m)
		return -ENOMEM;
	slots = (struct fn_filter *)(m + n);
	if (find_roots(t, m) || locate_sockets(t, root, m)) {
		free(m);
		return -ENOMEM;
	}
	for (size_t i = 0; i < t->n; i++) {
		const struct pcifn *f = &t->fn[i];
		struct devmap_fn *e = &m[i];

		e->src_bdf = (uint16_t)(f->bus << 8 | f->dev << 3 | f->fn);
		e->requester.bars = slots + 2 * i * (size_t)FN_BARS;
		e->target.bars = slots + (2 * i + 1) * (size_t)FN_BARS;
		e->requester.function.bar = e->requester.root_port.bar = -1;
		e->requester.die = e->target.die = -1;
		e->target.function.bar = e->target.root_port.bar = -1;
	}
	/* a family's own capability first: which PMU sees a function may follow from where it is */
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if ((*f)->ops->locate.locate)
			(*f)->ops->locate.locate(*f, t, m);
	for (const struct pmu_family *const *f = pmu_families; *f; f++)
		if ((*f)->ops->locate.map_functions)
			(*f)->ops->locate.map_functions(*f, t, pmus, m);
	*out = m;
	return 0;
}

void fn_pmu_name(struct fn_pmu *r, const struct pmu_list *pmus, const struct pmu_family *family,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->name, sizeof(r->name), fmt, ap);
	va_end(ap);
	r->family = family;
	r->pmu = pmus ? pmu_find(pmus, r->name) : NULL;
}

void fn_pmu_as(struct fn_pmu *r, const struct fn_pmu *from)
{
	r->family = from->family;
	memcpy(r->name, from->name, sizeof(r->name));
	r->pmu = from->pmu;
}

bool fn_same_rc(const struct devmap_fn *a, const struct devmap_fn *b)
{
	return a && b && a->at.socket == b->at.socket && a->at.rc == b->at.rc;
}

int fn_filter_add(struct fn_filter *f, const char *name, uint64_t value, enum fn_show show)
{
	if (f->n >= FN_FILTER_TERMS) {
		f->n = 0;
		return -ENOSPC;
	}
	f->term[f->n++] = (struct fn_term){ name, value, show };
	return 0;
}

/* "0x0100", "0x1", "1": what printf's "0x%04llx", "0x%llx" and "%llu" write */
static size_t term_value(const struct fn_term *t, char *buf)
{
	size_t n = 0;

	if (t->show != FN_DEC) {
		buf[n++] = '0';
		buf[n++] = 'x';
	}
	return n + strnum_put_u64(t->value, t->show == FN_DEC ? 10 : 16, t->show == FN_BDF ? 4 : 1, buf + n);
}

const char *fn_filter_text(const struct fn_filter *f, char *buf, size_t size)
{
	size_t used = 0, value;
	char digits[24];

	buf[0] = '\0';
	for (size_t i = 0; i < f->n && used < size; i++) {
		/* "name=" copied: a filter's text is made for each row of a count */
		size_t len = strlen(f->term[i].name);

		if (used + !!i + len + 1 >= size) {
			buf[used] = '\0';
			break;
		}
		if (i)
			buf[used++] = ',';
		memcpy(buf + used, f->term[i].name, len);
		used += len;
		buf[used++] = '=';
		value = term_value(&f->term[i], digits);
		/* cut to fit, as snprintf cut it */
		if (value > size - 1 - used)
			value = size - 1 - used;
		memcpy(buf + used, digits, value);
		used += value;
		buf[used] = '\0';
	}
	return buf;
}

bool devmap_bar_filter(const struct pcibar *b, uint64_t *base, uint64_t *mask)
{
	/* a BAR's size is a power of two and its address is aligned to it */
	if (!b->mem || !b->size || (b->size & (b->size - 1)) || (b->addr & (b->size - 1)))
		return false;
	*base = b->addr;
	*mask = ~(b->size - 1);
	return true;
}
