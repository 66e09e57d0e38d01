// SPDX-License-Identifier: GPL-2.0
/* Every function's header, and the whole config space of those that may be root ports. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pci/pci.h>
#include "lib/strjoin.h"
#include "topology/libpci_session.h"
#include "topology/pcidump.h"
#include "topology/pcisysfs.h"
#include "topology/pcitopo.h"

/* lspci's order: domain, bus, device, function */
static int fn_cmp(const void *a, const void *b)
{
	const struct pcifn *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (int)x->fn - (int)y->fn;
}

void pcibar_set(struct pcibar *b, uint64_t raw, uint64_t size)
{
	if (!raw || (raw & PCI_BASE_ADDRESS_SPACE_IO))
		return;
	b->mem = true;
	b->addr = raw & PCI_BASE_ADDRESS_MEM_MASK;
	b->mem64 = (raw & PCI_BASE_ADDRESS_MEM_TYPE_MASK) == PCI_BASE_ADDRESS_MEM_TYPE_64;
	b->prefetch = raw & PCI_BASE_ADDRESS_MEM_PREFETCH;
	b->size = size;
}

/* A dump's BARs, from the config space libpci holds */
static void read_bars(struct pci_dev *d, struct pcifn *f)
{
	pci_fill_info(d, PCI_FILL_BASES | PCI_FILL_SIZES);
	if (f->cfg.header_type > 1)
		return;
	for (int i = 0; i < (f->cfg.bridge ? 2 : 6); i++)
		pcibar_set(&f->bar[i], d->base_addr[i], d->size[i]);
}

/* "VENDOR Device 22b2" when pci.ids knows the vendor only, as lspci prints it */
static void look_up_name(struct pci_access *pacc, struct pcifn *f)
{
	char buf[512];

	if (pci_lookup_name(pacc, buf, sizeof(buf), PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE,
			    f->cfg.vendor, f->cfg.device))
		f->name = strdup(buf);
}

struct collect_args {
	const struct pcitopo_source *src;
	const struct sysroot *devs;	/* the root's bus/pci/devices, open once */
	bool numa;			/* its kernel has NUMA nodes, so functions a numa_node file */
	struct pcitopo *t;
	struct err_report *err;
};

/*
 * One read per function where it can: the standard space (the header and the PCI Express
 * capability, all that map needs of most functions), or the 64-byte header a non-root user
 * gets; the whole config space of those that may be root ports. Returns the bytes read.
 */
static size_t read_fn(struct pci_dev *d, const struct collect_args *a, uint8_t *cfg, struct pcifn *f)
{
	struct pcitopo *t = a->t;
	size_t len = pci_read_block(d, 0, cfg, PCICFG_SPACE) ? PCICFG_SPACE :
		     pci_read_block(d, 0, cfg, PCICFG_HEADER) ? PCICFG_HEADER : 0;

	if (!len)
		return 0;
	/* the standard chain of every function (its PCI Express port type); the extended space of bridges */
	f->cfg_len = len;
	pcicfg_decode(cfg, len, &f->cfg);
	if (!pcicfg_may_be_root_port(cfg) || (!a->src->every_bridge && pcicfg_switch_port(&f->cfg)))
		return len;
	t->candidates++;
	if (len == PCICFG_SPACE && pci_read_block(d, 0, cfg, PCICFG_SPACE_EXP)) {
		/* 4 KiB: on a real machine a config read per dword, so not for switch ports unasked */
		len = PCICFG_SPACE_EXP;
		f->cfg_len = len;
		pcicfg_free(&f->cfg);
		pcicfg_decode(cfg, len, &f->cfg);
	}
	if (f->cfg.ext_unreadable || f->cfg.std_end == CHAIN_UNREADABLE)
		t->ext_unreadable++;
	if (f->cfg.std_end == CHAIN_LOOPED || f->cfg.ext_end == CHAIN_LOOPED)
		t->looped++;
	return len;
}

static int collect(struct pci_access *pacc, void *arg)
{
	const struct collect_args *a = arg;
	struct pcitopo *t = a->t;
	uint8_t cfg[PCICFG_SPACE_EXP];
	size_t cap = 0;

	for (struct pci_dev *d = pacc->devices; d; d = d->next)
		cap++;
	t->fn = calloc(cap ? cap : 1, sizeof(*t->fn));
	if (!t->fn)
		return -ENOMEM;
	for (struct pci_dev *d = pacc->devices; d; d = d->next) {
		struct pcifn *f = &t->fn[t->n];
		bool no_bars;
		size_t len;

		f->domain = (uint32_t)d->domain;
		f->bus = d->bus;
		f->dev = d->dev;
		f->fn = d->func;
		if (d->domain)
			t->show_domains = true;
		len = read_fn(d, a, cfg, f);
		if (!len) {
			diag_add(&t->diag, "%04x:%02x:%02x.%d: configuration space not readable; skipped",
				 d->domain, d->bus, d->dev, d->func);
			continue;
		}
		/* the capability walk reads what was just read, not the device again */
		pci_setup_cache(d, cfg, (int)len);
		pcilink_read(d, &f->link);
		pci_setup_cache(d, NULL, 0);
		/* IDs and class come from the header; BARs from a dump's config, or sysfs 'resource' */
		f->numa_node = -1;
		no_bars = a->src->no_bars || (a->src->no_port_bars && pcicfg_root_port(&f->cfg));
		if (a->src->dump) {
			read_bars(d, f);
		} else if (no_bars && !a->numa) {
			/* nothing to read in its directory: its link alone, from the listing's */
			pcisysfs_locality(NULL, a->devs, f, false, false);
		} else if (!a->numa) {
			/* resource alone: opened by its path, not its directory opened for it */
			if (pcisysfs_bars_at(a->src->root, f, a->err))
				return -EINVAL;
			pcisysfs_locality(NULL, a->devs, f, false, false);
		} else {
			struct sysroot dir;
			int ret = pcisysfs_fn_open(a->src->root, f, &dir);

			if (ret) {
				char dev[32];

				pcifn_full_name(f, dev, sizeof(dev));
				err_set(a->err, ret, "%s/%s/%s: %s (%s)", a->src->root->path, PCISYSFS_DEVICES, dev,
					strerror(-ret), no_bars ? "its numa_node is read there" :
					"map reads each function's BARs from it");
				return -EINVAL;
			}
			ret = no_bars ? 0 : pcisysfs_bars(&dir, f, a->err);
			if (!ret)
				pcisysfs_locality(&dir, a->devs, f, false, a->numa);
			sysroot_close(&dir);
			if (ret)
				return -EINVAL;
		}
		t->n++;
	}
	qsort(t->fn, t->n, sizeof(*t->fn), fn_cmp);
	pcilink_judge(t);
	return 0;
}

static int read_dump(const struct pcitopo_source *src, struct pcitopo *t, struct err_report *err)
{
	struct collect_args args = { .src = src, .t = t, .err = err };
	struct sysroot devs;
	struct pcidump dump;
	int ret = pcidump_open(src->dump, &dump, err);

	if (ret)
		return ret;
	ret = libpci_session(dump.path, NULL, &t->diag, collect, &args, err);
	pcidump_close(&dump);
	/* what a dump lacks, from the machine it was taken on, where root is that machine */
	if (!ret && src->root && !sysroot_sub(src->root, PCISYSFS_DEVICES, &devs)) {
		bool numa = pcisysfs_numa(src->root);

		for (size_t i = 0; i < t->n; i++) {
			struct sysroot dir;

			if (pcisysfs_fn_open(src->root, &t->fn[i], &dir))
				continue;
			pcisysfs_bar_sizes(&dir, &t->fn[i]);
			pcisysfs_locality(&dir, &devs, &t->fn[i], true, numa);
			sysroot_close(&dir);
		}
		sysroot_close(&devs);
	}
	return ret;
}

int pcitopo_read(const struct pcitopo_source *src, struct pcitopo *t, struct err_report *err)
{
	struct collect_args args = { .src = src, .t = t, .err = err };
	struct sysroot devs;
	char path[4096];
	int ret;

	memset(t, 0, sizeof(*t));
	if (src->dump) {
		struct stat st;

		/* libpci would read a directory as an empty dump */
		if (!stat(src->dump, &st) && S_ISDIR(st.st_mode))
			return err_set(err, -EISDIR, "dump: %s is a directory, not an " LSPCI_DUMP_CMD " dump",
					   src->dump);
		ret = read_dump(src, t, err);
	} else {
		/* libpci's scan stops at a name it cannot parse, leaking what it opened: names first */
		ret = pcisysfs_check(src->root, err);
		if (ret)
			return ret;
		ret = sysroot_path(path, sizeof(path), "%s/bus/pci", src->root->path);
		if (ret)
			return err_set(err, ret, "sysfs root path too long");
		ret = sysroot_sub(src->root, PCISYSFS_DEVICES, &devs);
		if (ret)
			return err_set(err, ret, "cannot open %s/%s: %s", src->root->path, PCISYSFS_DEVICES,
				       strerror(-ret));
		args.devs = &devs;
		args.numa = pcisysfs_numa(src->root);
		ret = libpci_session(NULL, path, &t->diag, collect, &args, err);
		sysroot_close(&devs);
	}
	if (ret)
		pcitopo_free(t);
	return ret;
}

struct names_args {
	struct pcitopo *t;
	const bool *want;
};

/* The name of an earlier function with f's ids: a machine has many functions and few models */
static const char *named_before(const struct pcitopo *t, const struct pcifn *f, const size_t *seen, size_t nseen)
{
	for (size_t k = 0; k < nseen; k++) {
		const struct pcifn *g = &t->fn[seen[k]];

		if (g->cfg.vendor == f->cfg.vendor && g->cfg.device == f->cfg.device)
			return g->name;
	}
	return NULL;
}

static int name_wanted(struct pci_access *pacc, void *arg)
{
	struct names_args *a = arg;
	struct pcitopo *t = a->t;
	size_t seen[64], nseen = 0;

	for (size_t i = 0; i < t->n; i++) {
		struct pcifn *f = &t->fn[i];
		const char *same;

		if ((a->want && !a->want[i]) || f->name)
			continue;
		same = named_before(t, f, seen, nseen);
		if (same) {
			f->name = strdup(same);
			continue;
		}
		look_up_name(pacc, f);
		/* past 64 models, or a name not kept (no memory), libpci is asked each time */
		if (f->name && nseen < sizeof(seen) / sizeof(seen[0]))
			seen[nseen++] = i;
	}
	return 0;
}

int pcitopo_names(struct pcitopo *t, const bool *want, struct err_report *err)
{
	struct names_args args = { .t = t, .want = want };

	return libpci_session(NULL, NULL, &t->diag, name_wanted, &args, err);
}

void pcitopo_free(struct pcitopo *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->fn[i].name);
		pcicfg_free(&t->fn[i].cfg);
	}
	free(t->fn);
	diag_free(&t->diag);
	memset(t, 0, sizeof(*t));
}

/* "%04x:%02x:%02x.%d" by hand: a per-device run names each function several times */
void pcifn_full_name(const struct pcifn *f, char *buf, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[24];
	size_t n = 0;
	int digits = 4;

	while (digits < 8 && f->domain >> (4 * digits))
		digits++;
	if (f->fn > 9 || size < (size_t)digits + 9) {
		snprintf(buf, size, "%04x:%02x:%02x.%d", f->domain, f->bus, f->dev, f->fn);
		return;
	}
	while (digits--)
		tmp[n++] = hex[(f->domain >> (4 * digits)) & 0xf];
	tmp[n++] = ':';
	tmp[n++] = hex[f->bus >> 4];
	tmp[n++] = hex[f->bus & 0xf];
	tmp[n++] = ':';
	tmp[n++] = hex[f->dev >> 4];
	tmp[n++] = hex[f->dev & 0xf];
	tmp[n++] = '.';
	tmp[n++] = (char)('0' + f->fn);
	tmp[n] = '\0';
	memcpy(buf, tmp, n + 1);
}

void pcifn_name(const struct pcitopo *t, const struct pcifn *f, char *buf, size_t size)
{
	char full[32];

	/* lspci's short form is the full name past its domain */
	pcifn_full_name(f, full, sizeof(full));
	strjoin_into(buf, size, t->show_domains ? full : strchr(full, ':') + 1);
}
