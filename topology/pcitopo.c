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
#include "topology/pcidump_read.h"
#include "topology/pcisysfs.h"
#include "topology/pcitopo.h"

/* lspci's order, the one the dump slicer's key already has */
static int fn_cmp(const void *a, const void *b)
{
	const struct pci_fn *x = a, *y = b;
	struct pci_dump_fn kx = { x->domain, x->bus, x->dev, x->fn };
	struct pci_dump_fn ky = { y->domain, y->bus, y->dev, y->fn };

	return pci_dump_fn_cmp(&kx, &ky);
}

static void read_bars(struct pci_dev *d, struct pci_fn *f)
{
	if (f->cfg.header_type > 1)
		return;
	for (int i = 0; i < (f->cfg.bridge ? 2 : 6); i++) {
		pciaddr_t raw = d->base_addr[i];
		struct pci_bar *b = &f->bar[i];

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
static void look_up_name(struct pci_access *pacc, struct pci_fn *f)
{
	char buf[512];

	if (pci_lookup_name(pacc, buf, sizeof(buf), PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE,
			    f->cfg.vendor, f->cfg.device))
		f->name = strdup(buf);
}

struct collect_args {
	const struct pci_source *src;
	struct pci_topo *t;
	const struct cfg_images *images;	/* a dump's candidates, read beforehand */
};

/* A candidate's config space: from the images for a dump, from libpci for sysfs */
static size_t read_whole(struct pci_dev *d, const struct cfg_images *images, uint8_t *cfg,
			 const uint8_t **bytes)
{
	struct pci_dump_fn key = { (uint32_t)d->domain, d->bus, d->dev, d->func };
	const struct cfg_image *im;

	*bytes = cfg;
	if (!images)
		return libpci_read_config(d, cfg);
	im = cfg_images_find(images, &key);
	if (!im)
		return 0;
	*bytes = im->bytes;
	return im->len;
}

/* The whole config space of functions that may be root ports; the header of the others */
static void read_fn(struct pci_dev *d, const struct collect_args *a, const uint8_t *hdr, uint8_t *cfg,
		    struct pci_fn *f)
{
	struct pci_topo *t = a->t;
	const uint8_t *bytes;

	if (!pci_cfg_may_be_root_port(hdr)) {
		f->cfg_len = PCI_CFG_HEADER;
		pci_cfg_decode_header(hdr, &f->cfg);
		return;
	}
	t->candidates++;
	f->cfg_len = read_whole(d, a->images, cfg, &bytes);
	if (!f->cfg_len) {
		bytes = hdr;
		f->cfg_len = PCI_CFG_HEADER;
	}
	pci_cfg_decode(bytes, f->cfg_len, &f->cfg);
	if (f->cfg.ext_unreadable || f->cfg.std_end == CHAIN_UNREADABLE)
		t->ext_unreadable++;
	if (f->cfg.std_end == CHAIN_LOOPED || f->cfg.ext_end == CHAIN_LOOPED)
		t->looped++;
}

static int collect(struct pci_access *pacc, void *arg)
{
	const struct collect_args *a = arg;
	struct pci_topo *t = a->t;
	uint8_t hdr[PCI_CFG_HEADER], cfg[PCI_CFG_SPACE_EXP];
	size_t cap = 0;

	for (struct pci_dev *d = pacc->devices; d; d = d->next)
		cap++;
	t->fn = calloc(cap ? cap : 1, sizeof(*t->fn));
	if (!t->fn)
		return -ENOMEM;
	for (struct pci_dev *d = pacc->devices; d; d = d->next) {
		struct pci_fn *f = &t->fn[t->n];

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
		read_fn(d, a, hdr, cfg, f);
		pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_BASES | PCI_FILL_SIZES);
		read_bars(d, f);
		if (a->src->names)
			look_up_name(pacc, f);
		t->n++;
	}
	qsort(t->fn, t->n, sizeof(*t->fn), fn_cmp);
	return 0;
}

struct dump_pass {
	struct collect_args collect;
	const struct pci_dump *dump;
	struct pmu_err *err;
};

/*
 * The first session sees every function's header. The NVIDIA bridges among them are read
 * whole in sessions of their own, and collect then takes them from those images.
 */
static int collect_dump(struct pci_access *pacc, void *arg)
{
	struct dump_pass *p = arg;
	struct pci_dump_keep keep = { 0 };
	struct cfg_images images = { 0 };
	uint8_t hdr[PCI_CFG_HEADER];
	int ret = 0;

	for (struct pci_dev *d = pacc->devices; d && !ret; d = d->next)
		if (pci_read_block(d, 0, hdr, sizeof(hdr)) && pci_cfg_may_be_root_port(hdr))
			ret = pci_dump_keep_add(&keep, (uint32_t)d->domain, d->bus, d->dev, d->func);
	if (ret) {
		pci_dump_keep_free(&keep);
		return ret;
	}
	pci_dump_keep_seal(&keep);
	if (keep.n)
		ret = pci_dump_read_images(p->dump, &keep, &images, &p->collect.t->diag, p->err);
	pci_dump_keep_free(&keep);
	if (!ret) {
		p->collect.images = &images;
		ret = collect(pacc, &p->collect);
	}
	cfg_images_free(&images);
	return ret;
}

static int read_dump(const struct pci_source *src, struct pci_topo *t, struct pmu_err *err)
{
	struct pci_dump dump;
	struct dump_pass pass = { .collect = { .src = src, .t = t }, .dump = &dump, .err = err };
	char path[64];
	int fd, ret;

	ret = pci_dump_load(src->dump, &dump, err);
	if (ret)
		return ret;
	fd = pci_dump_slice_file(&dump, NULL, PCI_DUMP_HEADERS, path, sizeof(path), err);
	ret = fd < 0 ? fd : libpci_session(path, NULL, &t->diag, collect_dump, &pass, err);
	if (fd >= 0)
		close(fd);
	pci_dump_free(&dump);
	return ret;
}

int pci_topo_read(const struct pci_source *src, struct pci_topo *t, struct pmu_err *err)
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
		ret = pci_sysfs_check(src->root, err);
		if (ret)
			return ret;
		ret = sysroot_path(path, sizeof(path), "%s/bus/pci", src->root->path);
		if (ret)
			return pmu_err_set(err, ret, "sysfs root path too long");
		ret = libpci_session(NULL, path, &t->diag, collect, &args, err);
	}
	if (ret)
		pci_topo_free(t);
	return ret;
}

void pci_topo_free(struct pci_topo *t)
{
	for (size_t i = 0; i < t->n; i++) {
		free(t->fn[i].name);
	}
	free(t->fn);
	diag_free(&t->diag);
	memset(t, 0, sizeof(*t));
}

void pci_fn_full_name(const struct pci_fn *f, char *buf, size_t size)
{
	snprintf(buf, size, "%04x:%02x:%02x.%d", f->domain, f->bus, f->dev, f->fn);
}

void pci_fn_name(const struct pci_topo *t, const struct pci_fn *f, char *buf, size_t size)
{
	if (t->show_domains)
		pci_fn_full_name(f, buf, size);
	else
		snprintf(buf, size, "%02x:%02x.%d", f->bus, f->dev, f->fn);
}
