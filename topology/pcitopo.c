// SPDX-License-Identifier: GPL-2.0
/* Every function's header, and the whole config space of those that may be root ports. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pci/pci.h>
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

static void read_bars(struct pci_dev *d, struct pcifn *f)
{
	if (f->cfg.header_type > 1)
		return;
	for (int i = 0; i < (f->cfg.bridge ? 2 : 6); i++) {
		pciaddr_t raw = d->base_addr[i];
		struct pcibar *b = &f->bar[i];

		if (!raw || (raw & PCI_BASE_ADDRESS_SPACE_IO))
			continue;
		b->mem = true;
		b->addr = raw & PCI_BASE_ADDRESS_MEM_MASK;
		b->mem64 = (raw & PCI_BASE_ADDRESS_MEM_TYPE_MASK) == PCI_BASE_ADDRESS_MEM_TYPE_64;
		b->prefetch = raw & PCI_BASE_ADDRESS_MEM_PREFETCH;
		b->size = d->size[i];
	}
}

/* "NVIDIA Corporation Device 22b2" when pci.ids knows the vendor only, as lspci prints it */
static void look_up_name(struct pci_access *pacc, struct pcifn *f)
{
	char buf[512];

	if (pci_lookup_name(pacc, buf, sizeof(buf), PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE,
			    f->cfg.vendor, f->cfg.device))
		f->name = strdup(buf);
}

struct collect_args {
	const struct pcitopo_source *src;
	struct pcitopo *t;
};

/* The whole config space of functions that may be root ports; the header of the others */
static void read_fn(struct pci_dev *d, struct pcitopo *t, const uint8_t *hdr, uint8_t *cfg,
		    struct pcifn *f)
{
	const uint8_t *bytes = cfg;

	if (!pcicfg_may_be_root_port(hdr)) {
		f->cfg_len = PCICFG_HEADER;
		pcicfg_decode_header(hdr, &f->cfg);
		return;
	}
	t->candidates++;
	f->cfg_len = libpci_read_config(d, cfg);
	if (!f->cfg_len) {
		bytes = hdr;
		f->cfg_len = PCICFG_HEADER;
	}
	pcicfg_decode(bytes, f->cfg_len, &f->cfg);
	if (f->cfg.ext_unreadable || f->cfg.std_end == CHAIN_UNREADABLE)
		t->ext_unreadable++;
	if (f->cfg.std_end == CHAIN_LOOPED || f->cfg.ext_end == CHAIN_LOOPED)
		t->looped++;
}

static int collect(struct pci_access *pacc, void *arg)
{
	const struct collect_args *a = arg;
	struct pcitopo *t = a->t;
	uint8_t hdr[PCICFG_HEADER], cfg[PCICFG_SPACE_EXP];
	size_t cap = 0;

	for (struct pci_dev *d = pacc->devices; d; d = d->next)
		cap++;
	t->fn = calloc(cap ? cap : 1, sizeof(*t->fn));
	if (!t->fn)
		return -ENOMEM;
	for (struct pci_dev *d = pacc->devices; d; d = d->next) {
		struct pcifn *f = &t->fn[t->n];

		f->domain = (uint32_t)d->domain;
		f->bus = d->bus;
		f->dev = d->dev;
		f->fn = d->func;
		if (d->domain)
			t->show_domains = true;
		if (!pci_read_block(d, 0, hdr, sizeof(hdr))) {
			diag_add(&t->diag, "%04x:%02x:%02x.%d: configuration space not readable; skipped",
				 d->domain, d->bus, d->dev, d->func);
			continue;
		}
		read_fn(d, t, hdr, cfg, f);
		pcilink_read(d, &f->link);
		pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_BASES | PCI_FILL_SIZES);
		read_bars(d, f);
		if (a->src->names)
			look_up_name(pacc, f);
		t->n++;
	}
	qsort(t->fn, t->n, sizeof(*t->fn), fn_cmp);
	pcilink_judge(t);
	return 0;
}

static int read_dump(const struct pcitopo_source *src, struct pcitopo *t, struct pmu_err *err)
{
	struct collect_args args = { .src = src, .t = t };
	struct pcidump dump;
	int ret = pcidump_open(src->dump, &dump, err);

	if (ret)
		return ret;
	ret = libpci_session(dump.path, NULL, &t->diag, collect, &args, err);
	pcidump_close(&dump);
	for (size_t i = 0; !ret && src->root && i < t->n; i++)
		pcisysfs_bar_sizes(src->root, &t->fn[i]);
	return ret;
}

int pcitopo_read(const struct pcitopo_source *src, struct pcitopo *t, struct pmu_err *err)
{
	struct collect_args args = { .src = src, .t = t };
	char path[4096];
	int ret;

	memset(t, 0, sizeof(*t));
	if (src->dump) {
		struct stat st;

		/* libpci would read a directory as an empty dump */
		if (!stat(src->dump, &st) && S_ISDIR(st.st_mode))
			return pmu_err_set(err, -EISDIR, "dump: %s is a directory, not an " LSPCI_DUMP_CMD " dump",
					   src->dump);
		ret = read_dump(src, t, err);
	} else {
		ret = pcisysfs_check(src->root, err);
		if (ret)
			return ret;
		ret = sysroot_path(path, sizeof(path), "%s/bus/pci", src->root->path);
		if (ret)
			return pmu_err_set(err, ret, "sysfs root path too long");
		ret = libpci_session(NULL, path, &t->diag, collect, &args, err);
	}
	if (ret)
		pcitopo_free(t);
	return ret;
}

void pcitopo_free(struct pcitopo *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->fn[i].name);
	}
	free(t->fn);
	diag_free(&t->diag);
	memset(t, 0, sizeof(*t));
}

void pcifn_full_name(const struct pcifn *f, char *buf, size_t size)
{
	snprintf(buf, size, "%04x:%02x:%02x.%d", f->domain, f->bus, f->dev, f->fn);
}

void pcifn_name(const struct pcitopo *t, const struct pcifn *f, char *buf, size_t size)
{
	if (t->show_domains)
		pcifn_full_name(f, buf, size);
	else
		snprintf(buf, size, "%02x:%02x.%d", f->bus, f->dev, f->fn);
}
