// SPDX-License-Identifier: GPL-2.0
/*
 * The functions a run counts apart: --device's, each counted alone through the PMU that sees
 * it, and stat --per-device's: every PCI function a PMU sees, each selected the exact way its place in
 * the topology allows (kernel-pmu-facts §1.5): a function alone below its root port by the
 * port's bit, which every port of an RC holds at once and which latency events take (where a
 * family takes a port's bit); functions sharing a port by their BDF, which a PMU may hold one
 * at a time, so those groups take turns; traffic to a function
 * by the address filter of each of its BARs. Then one row per function.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cmd/report/device_grid.h"
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "lib/strjoin.h"
#include "pmu/family/family.h"
#include "topology/pcifilter.h"

int devices_prepare(struct stat_setup *s)
{
	size_t n = s->topo.n ? s->topo.n : 1;

	s->named = calloc(n, sizeof(*s->named));
	s->below = calloc(n, sizeof(*s->below));
	if (!s->named || !s->below)
		return -ENOMEM;
	for (size_t k = 0; k < s->topo.n; k++)
		if (s->maps[k].at.root_port >= 0 && (size_t)s->maps[k].at.root_port != k)
			s->below[s->maps[k].at.root_port]++;
	return 0;
}

/* The functions below the root port r, the port itself left out */
static size_t below_port(const struct stat_setup *s, ssize_t r)
{
	return r < 0 ? 0 : s->below[r];
}

/*
 * A PMU that selects a root port's traffic by a filter and no function by one (an IIO stack's
 * ch_mask): a function alone below its port is the port's count, functions sharing it are not
 * told apart
 */
static bool port_only(const struct devmap_fn *m)
{
	return m->requester.family && m->requester.family->port_filter && !m->requester.function.n &&
	       m->requester.root_port.n;
}

const char *devices_method(const struct stat_setup *s, size_t i, const struct fn_filter **filter)
{
	const struct devmap_fn *m = &s->maps[i];

	/* the port's row, where the functions below it share it: its rate, marked as the port's */
	if (port_only(m) && m->at.root_port == (ssize_t)i) {
		*filter = &m->requester.root_port;
		return "port";
	}

	if (m->requester.family && m->requester.family->device_method) {
		*filter = &m->requester.function;
		return m->requester.family->device_method;
	}
	if (!m->requester.family || !m->requester.family->port_filter) {
		*filter = &m->requester.function;
		return "bdf";
	}
	if (m->at.root_port >= 0 && (size_t)m->at.root_port != i && m->requester.root_port.n &&
	    below_port(s, m->at.root_port) == 1) {
		*filter = &m->requester.root_port;
		return "rp";
	}
	*filter = &m->requester.function;
	return "bdf";
}

int devices_row(struct stat_setup *s, size_t i)
{
	const struct devmap_fn *m = &s->maps[i];
	struct device_row *rows = realloc(s->rows, s->ndevices * sizeof(*rows));
	struct device_row *r;

	if (!rows)
		return EXIT_FAIL;
	s->rows = rows;
	r = &rows[s->ndevices - 1];
	memset(r, 0, sizeof(*r));
	r->bdf = s->devices[s->ndevices - 1].bdf;
	r->method = s->devices[s->ndevices - 1].method;
	r->nbars = s->devices[s->ndevices - 1].ntarget_filters;
	r->socket = m->at.socket;
	r->rc = m->at.rc;
	r->rp = m->at.rp;
	if (m->at.root_port >= 0)
		pcifn_full_name(&s->topo.fn[m->at.root_port], r->root_port, sizeof(r->root_port));
	r->fn = i;
	r->link = s->topo.fn[i].link;
	return EXIT_OK;
}

/*
 * The rows' names, from pci.ids once every row is known: libpci reads the file whole at the
 * first look-up, and the rows are often a fraction of the tree (its bridges and ports are none)
 */
void devices_names(struct stat_setup *s)
{
	bool *want = calloc(s->topo.n ? s->topo.n : 1, sizeof(*want));
	struct err_report err = { 0 };

	for (size_t k = 0; want && s->rows && k < s->ndevices; k++)
		want[s->rows[k].fn] = true;
	if (want && pcitopo_names(&s->topo, want, &err))
		p_warn("--per-device: no device names (%s): the rows show none", err.msg);
	for (size_t k = 0; s->rows && k < s->ndevices; k++) {
		const char *name = s->topo.fn[s->rows[k].fn].name;

		strjoin_into(s->rows[k].name, sizeof(s->rows[k].name), name ? name : "");
		devices_text_fixed(&s->rows[k]);
	}
	free(want);
}

/*
 * Whether a -M metric counts function i on its requester or its target PMU: one that neither
 * counts is no row (a NIC's functions under -M of another family's PMUs); with no -M, or with
 * neither PMU registered, it is
 */
static bool counts_a_metric(const struct stat_setup *s, size_t i)
{
	const struct pmu *r = s->maps[i].requester.pmu, *t = s->maps[i].target.pmu;
	bool any = false;

	for (size_t j = 0; j < s->ml.n; j++) {
		if (s->selected[j] && ((r && pmu_metric_applies(r, s->ml.v[j].family)) ||
				       (t && pmu_metric_applies(t, s->ml.v[j].family))))
			return true;
		any |= s->selected[j];
	}
	return !any || (!r && !t);
}

/* A PCI bridge below the root port: a switch's upstream or downstream port */
static bool switch_port(const struct stat_setup *s, size_t i)
{
	return s->topo.fn[i].cfg.class_code >> 8 == 0x0604 && s->maps[i].at.root_port != (ssize_t)i;
}

/*
 * A port's row counts the functions below it that share the port: -d matches it when it
 * matches one of them (a dual-port NIC's port is the NIC's traffic)
 */
static bool port_row_matches(const struct stat_args *a, const struct stat_setup *s, size_t i)
{
	if (!port_only(&s->maps[i]) || s->maps[i].at.root_port != (ssize_t)i)
		return false;
	for (size_t k = 0; k < s->topo.n; k++)
		if (k != i && s->maps[k].at.root_port == (ssize_t)i && pcifilter_match(&a->id, &s->topo.fn[k]))
			return true;
	return false;
}

static bool selected(const struct stat_args *a, const struct stat_setup *s, size_t i)
{
	const struct devmap_fn *m = &s->maps[i];

	/* a root port is a row only when its PMU is its own (no filter selects functions below it),
	 * or only its filter selects them and they share it; the functions below are in its row */
	if (!m->requester.family)
		return false;
	/* by a port's filter alone: the function alone below it, else the port, once */
	if (port_only(m) && (m->at.root_port == (ssize_t)i ? below_port(s, m->at.root_port) < 2 :
							     below_port(s, m->at.root_port) != 1))
		return false;
	if (!port_only(m) && (m->requester.die >= 0 || (m->at.root_port == (ssize_t)i && m->requester.function.n) ||
			      (m->requester.port_pmu && m->at.root_port != (ssize_t)i)))
		return false;
	/* a switch port forwards its devices' requests under their IDs: its own row is all but
	 * empty, a row (and series) per port; -d with a class (lspci's ::0604) asks for them */
	if (switch_port(s, i) && !(a->id_given && a->id.device_class >= 0))
		return false;
	if (!counts_a_metric(s, i))
		return false;
	if (a->id_given && !pcifilter_match(&a->id, &s->topo.fn[i]) && !port_row_matches(a, s, i))
		return false;
	return devmap_fn_at(m, a->socket, a->rc);
}

/* --sort names a metric the rows have */
static int check_sort(const struct stat_args *a, const struct stat_setup *s)
{
	for (size_t i = 0; a->sort && i < s->ml.n; i++)
		if (s->selected[i] && !strcmp(s->ml.v[i].name, a->sort))
			return EXIT_OK;
	/* the shares the table shows beside the values */
	if (a->sort && device_grid_share_sort(a->sort) != -1)
		return EXIT_OK;
	if (a->sort && !a->metrics) {
		p_err("--sort %s: not a column: the -e events are the columns, named FAMILY:EVENT (%s)",
		      a->sort, pmu_family_example("column") ?: "FAMILY:EVENT");
		return EXIT_USAGE;
	}
	if (a->sort) {
		p_err("--sort %s: not a metric of -M %s, whose values are the columns", a->sort,
		      stat_metric_list(a, &s->pmus));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int devices_select(const struct stat_args *a, struct stat_setup *s)
{
	char name[32];
	int ret = check_sort(a, s);

	/* --device named the rows already */
	for (size_t i = 0; i < s->topo.n && !ret && !a->ndevice; i++) {
		if (!selected(a, s, i))
			continue;
		pcifn_full_name(&s->topo.fn[i], name, sizeof(name));
		ret = devices_add(a, s, i, name);
	}
	if (!ret && !s->ndevices && !a->ndevice) {
		size_t k = pmu_family_unmapped(&s->pmus, 0);

		void (*say)(const char *fmt, ...) = a->device_fallback ? p_warn : p_err;

		/* a PMU that sees PCIe but no one function: why, rather than only "nothing" */
		if (k < s->pmus.n)
			say("--per-device: no PCI function that a PMU of this machine selects%s: %s: %s",
			      a->id_given || a->socket >= 0 || a->rc >= 0 ? " matches -d, --socket and --rc" : "",
			      s->pmus.v[k].name, s->pmus.v[k].family->map_unknown);
		else
			say("--per-device: no PCI function that a PMU of this machine selects%s (pmuctl map shows them)",
			      a->id_given || a->socket >= 0 || a->rc >= 0 ? " matches -d, --socket and --rc" : "");
		return EXIT_FAIL;
	}
	return ret;
}

static int add_function(const struct stat_args *a, struct stat_setup *s, size_t i, const char *text,
			bool whole_port);

/* iostat --per-device: after port p, each function below it its PMU can select alone */
static int add_functions_below(const struct stat_args *a, struct stat_setup *s, size_t p)
{
	char name[32];
	int ret = EXIT_OK;

	for (size_t k = 0; !ret && k < s->topo.n; k++) {
		const struct fn_pmu *r = &s->maps[k].requester;

		/* a PMU that is the port's own sees the port whole, not its functions */
		if (k == p || s->maps[k].at.root_port != (ssize_t)p || !r->family || r->family->device_method ||
		    !r->function.n)
			continue;
		pcifn_full_name(&s->topo.fn[k], name, sizeof(name));
		ret = add_function(a, s, k, name, false);
	}
	return ret;
}

/* Function i, counted alone: the PMU that sees it and the filter that selects it (or its port) */
int devices_add(const struct stat_args *a, struct stat_setup *s, size_t i, const char *text)
{
	return add_function(a, s, i, text, a->root_port);
}

/* A die's stack as perf iostat names it, "dddd:bb" (its root bus); false: its PMU names none */
static bool stack_name(const struct fn_pmu *r, char *buf, size_t size)
{
	bool (*root_bus)(const struct pmu *, int, uint32_t *, uint8_t *) = r->family->ops->locate.root_bus;
	uint32_t domain;
	uint8_t bus;

	if (!r->pmu || !root_bus || !root_bus(r->pmu, r->die, &domain, &bus))
		return false;
	snprintf(buf, size, "%04x:%02x", domain, bus);
	return true;
}

/*
 * d, named name, once: 1 when added, 0 when a device of that name is there, -1 out of memory.
 * A function's or port's name is the function at (of topo) alone, told by a flag; a stack's
 * (at -1) is compared by name, with the few there are
 */
static int push_device(struct stat_setup *s, const char *name, ssize_t at, struct plan_device d)
{
	struct plan_device *v;

	if (at >= 0 && s->named[at])
		return 0;
	for (size_t k = 0; at < 0 && k < s->ndevices; k++)
		if (!strcmp(s->devices[k].bdf, name))
			return 0;
	v = realloc(s->devices, (s->ndevices + 1) * sizeof(*v));
	if (!v)
		return -1;
	s->devices = v;
	d.bdf = strdup(name);
	if (!d.bdf)
		return -1;
	v[s->ndevices++] = d;
	if (at >= 0)
		s->named[at] = true;
	return 1;
}

int devices_add_stack(struct stat_setup *s, struct fn_pmu *r, const struct pmu *p, int die)
{
	char name[32];

	*r = (struct fn_pmu){ .family = p->family, .pmu = p, .port_pmu = true, .die = die,
			      .function.bar = -1, .root_port.bar = -1 };
	strjoin_into(r->name, sizeof(r->name), p->name);
	if (!stack_name(r, name, sizeof(name)))
		return EXIT_OK;
	/* the stack whole, as --root-port counts a port: no filter, no target */
	return push_device(s, name, -1, (struct plan_device){ .pmu = r, .filter = &r->root_port,
							  .target_filters = &r->root_port, .method = "rp" }) < 0 ?
		       EXIT_FAIL : EXIT_OK;
}

static int add_function(const struct stat_args *a, struct stat_setup *s, size_t i, const char *text,
			bool whole_port)
{
	const struct fn_pmu *r = &s->maps[i].requester, *t = &s->maps[i].target;
	const struct fn_filter *filter = whole_port ? &r->root_port : &r->function;
	const char *method = whole_port ? "rp" : "bdf";
	char name[32];
	ssize_t at = -1;
	int added;

	if (!r->family) {
		p_err("--device %s is seen by no PMU of this machine (pmuctl map %s)", text, text);
		return EXIT_FAIL;
	}
	/* a port's filter is the function's only where it is alone below the port */
	if (port_only(&s->maps[i]) && !whole_port && s->maps[i].at.root_port != (ssize_t)i &&
	    below_port(s, s->maps[i].at.root_port) != 1) {
		char filt[160];

		pcifn_full_name(&s->topo.fn[s->maps[i].at.root_port], name, sizeof(name));
		p_err("--device %s: %s selects root port %s's traffic (%s), not one function's, and %zu functions are below that port: add --root-port to count the port",
		      text, r->name, name, fn_filter_text(&r->root_port, filt, sizeof(filt)),
		      below_port(s, s->maps[i].at.root_port));
		return EXIT_FAIL;
	}
	/* one PMU counts this unit of every die: the die's counter counts the unit whole */
	if (r->die >= 0 && !whole_port && !port_only(&s->maps[i])) {
		p_err("--device %s: %s counts %s %d of die %d whole, and no filter selects one function there: add --root-port to count the %s",
		      text, r->name, r->family->rc_word ? r->family->rc_word : "unit", s->maps[i].at.rc, r->die,
		      r->family->rc_word ? r->family->rc_word : "unit");
		return EXIT_FAIL;
	}
	if (r->port_pmu && !whole_port && s->maps[i].at.root_port != (ssize_t)i) {
		pcifn_full_name(&s->topo.fn[s->maps[i].at.root_port], name, sizeof(name));
		p_err("--device %s: %s counts its root port %s whole, and no filter selects one function there: add --root-port to count the port",
		      text, r->name, name);
		return EXIT_FAIL;
	}
	/* a PMU that is the port's own selects by being it, not by a filter */
	if (a->per_device || r->family->device_method || (port_only(&s->maps[i]) && !whole_port))
		method = devices_method(s, i, &filter);
	/* a root port forwards its devices' requests under their own IDs: its own BDF sees little */
	if (!a->per_device && !whole_port && s->maps[i].at.root_port == (ssize_t)i && !strcmp(method, "bdf"))
		p_warn("--device %s is a root port: src_bdf selects the requests the port itself makes, "
		       "not its devices' (add --root-port to count everything below it)", text);
	/* --root-port: the port is what is counted, so the port is what is named; a die's
	 * stack, by its root bus, as perf iostat names it */
	if (r->die < 0 || r->root_port.n || !stack_name(r, name, sizeof(name))) {
		at = whole_port && s->maps[i].at.root_port >= 0 ? s->maps[i].at.root_port : (ssize_t)i;
		pcifn_full_name(&s->topo.fn[at], name, sizeof(name));
	}
	added = push_device(s, name, at, (struct plan_device){ .pmu = r, .filter = filter, .target = t->family ? t : NULL,
							   .target_filters = whole_port ? &t->root_port : t->bars,
							   .ntarget_filters = whole_port ? !!t->root_port.n : t->nbars,
							   .method = method });
	/* named twice, or two functions below one port: counted once */
	if (added <= 0)
		return added < 0 ? EXIT_FAIL : EXIT_OK;
	if (a->iostat == IOSTAT_FUNCTIONS && whole_port && s->maps[i].at.root_port >= 0)
		return add_functions_below(a, s, (size_t)s->maps[i].at.root_port);
	return a->per_device ? devices_row(s, i) : EXIT_OK;
}
