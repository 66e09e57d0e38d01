// SPDX-License-Identifier: GPL-2.0
/* Links read as lspci -vv reads them (its cap_express), judged against the other end. */
#include <stdlib.h>
#include <sys/types.h>
#include <pci/pci.h>
#include "topology/pcilink.h"
#include "topology/pcitopo.h"

double pcilink_gts(uint8_t speed)
{
	static const double gts[] = { 0, 2.5, 5, 8, 16, 32, 64 };

	return speed < sizeof(gts) / sizeof(*gts) ? gts[speed] : 0;
}

double pcilink_bytes_per_second(const struct pcilink *l)
{
	double gts = pcilink_gts(l->speed), code;

	if (!l->present || !gts || !l->width)
		return 0;
	code = gts <= 5 ? 8.0 / 10 : gts < 64 ? 128.0 / 130 : 242.0 / 256;
	return gts * 1e9 * l->width * code / 8;
}

void pcilink_read(struct pci_dev *d, struct pcilink *l)
{
	struct pci_cap *cap;
	uint16_t flags, sta;
	uint32_t lnkcap;

	*l = (struct pcilink){ .downtrained = -1, .partner = -1 };
	pci_fill_info(d, PCI_FILL_CAPS);
	cap = pci_find_cap(d, PCI_CAP_ID_EXP, PCI_CAP_NORMAL);
	if (!cap)
		return;
	flags = pci_read_word(d, cap->addr + PCI_EXP_FLAGS);
	l->port_type = (flags & PCI_EXP_FLAGS_TYPE) >> 4;
	/* lspci shows no link for these: they sit inside the root complex */
	if (l->port_type == PCI_EXP_TYPE_ROOT_INT_EP || l->port_type == PCI_EXP_TYPE_ROOT_EC)
		return;
	l->present = true;
	lnkcap = pci_read_long(d, cap->addr + PCI_EXP_LNKCAP);
	sta = pci_read_word(d, cap->addr + PCI_EXP_LNKSTA);
	l->cap_speed = lnkcap & PCI_EXP_LNKCAP_SPEED;
	l->cap_width = (lnkcap & PCI_EXP_LNKCAP_WIDTH) >> 4;
	l->speed = sta & PCI_EXP_LNKSTA_SPEED;
	l->width = (sta & PCI_EXP_LNKSTA_WIDTH) >> 4;
	/* Link Capabilities 2 exists from capability version 2 */
	if ((flags & PCI_EXP_FLAGS_VERS) >= 2)
		l->speeds = PCI_EXP_LNKCAP2_SPEED(pci_read_long(d, cap->addr + PCI_EXP_LNKCAP2));
}

/* A port that faces down: its link's other end is on its secondary bus */
static bool faces_down(const struct pcilink *l)
{
	return l->port_type == PCI_EXP_TYPE_ROOT_PORT || l->port_type == PCI_EXP_TYPE_DOWNSTREAM;
}

static uint64_t bus_key(uint32_t domain, uint8_t bus)
{
	return (uint64_t)domain << 8 | bus;
}

/* The first function on domain:bus, by bisection (t is sorted as lspci sorts); -1 none */
static ssize_t first_on(const struct pcitopo *t, uint64_t key)
{
	size_t lo = 0, hi = t->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (bus_key(t->fn[mid].domain, t->fn[mid].bus) < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && bus_key(t->fn[lo].domain, t->fn[lo].bus) == key ? (ssize_t)lo : -1;
}

struct port_at {
	uint64_t key;		/* domain and secondary bus */
	size_t fn;
};

static int by_key(const void *a, const void *b)
{
	const struct port_at *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* The port whose secondary bus key is: a function's upstream end; -1 none */
static ssize_t port_above(const struct port_at *ports, size_t n, uint64_t key)
{
	struct port_at probe = { .key = key };
	const struct port_at *p = bsearch(&probe, ports, n, sizeof(*ports), by_key);

	return p ? (ssize_t)p->fn : -1;
}

static uint8_t min8(uint8_t a, uint8_t b)
{
	return a < b ? a : b;
}

/* Below what both ends can do, by speed or by width; the link down or an end unknown: -1 */
static int8_t judge(const struct pcilink *l, const struct pcilink *other)
{
	if (!other || !other->present || !l->width || !l->speed || !l->cap_speed || !other->cap_speed)
		return -1;
	return l->speed < min8(l->cap_speed, other->cap_speed) || l->width < min8(l->cap_width, other->cap_width);
}

void pcilink_judge(struct pcitopo *t)
{
	struct port_at *ports = calloc(t->n ? t->n : 1, sizeof(*ports));
	size_t np = 0;

	if (!ports)
		return;	/* nothing judged: every link stays "not known" */
	for (size_t i = 0; i < t->n; i++)
		if (t->fn[i].cfg.bridge && faces_down(&t->fn[i].link))
			ports[np++] = (struct port_at){ bus_key(t->fn[i].domain, t->fn[i].cfg.secondary), i };
	qsort(ports, np, sizeof(*ports), by_key);
	for (size_t i = 0; i < t->n; i++) {
		struct pcilink *l = &t->fn[i].link;

		if (!l->present)
			continue;
		l->partner = faces_down(l) ? (t->fn[i].cfg.bridge ?
				first_on(t, bus_key(t->fn[i].domain, t->fn[i].cfg.secondary)) : -1) :
				port_above(ports, np, bus_key(t->fn[i].domain, t->fn[i].bus));
		l->downtrained = judge(l, l->partner >= 0 ? &t->fn[l->partner].link : NULL);
	}
	free(ports);
}
