// SPDX-License-Identifier: GPL-2.0
/* libpci does the reading; its error hook must not return, so it jumps back here. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <pci/pci.h>
#include "topology/pcitopo.h"
#include "topology/pcisysfs.h"

struct libpci_ctx {
	jmp_buf escape;
	char msg[512];
	struct diag *diag;
};

/* libpci's hooks carry no user pointer; one scan runs at a time */
static struct libpci_ctx *active;

static void __attribute__((noreturn)) hook_error(char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(active->msg, sizeof(active->msg), fmt, ap);
	va_end(ap);
	longjmp(active->escape, 1);
}

static void hook_warning(char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	diag_add(active->diag, "libpci: %s", buf);
}

static void hook_debug(char *fmt, ...)
{
	(void)fmt;
}

static int fn_cmp(const void *a, const void *b)
{
	const struct pci_fn *x = a, *y = b;

	if (x->domain != y->domain)
		return x->domain < y->domain ? -1 : 1;
	if (x->bus != y->bus)
		return x->bus < y->bus ? -1 : 1;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (int)x->fn - (int)y->fn;
}

/* The most config space libpci will give: 4096 as root, 256 for plain PCI, 64 for non-root */
static size_t read_config(struct pci_dev *d, uint8_t *cfg)
{
	static const int sizes[] = { PCI_CFG_SPACE_EXP, PCI_CFG_SPACE, 64 };

	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (pci_read_block(d, 0, cfg, sizes[i]))
			return (size_t)sizes[i];
	return 0;
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

static int collect(struct pci_access *pacc, const struct pci_source *src, struct pci_topo *t)
{
	uint8_t cfg[PCI_CFG_SPACE_EXP];
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
		f->cfg_len = read_config(d, cfg);
		if (!f->cfg_len) {
			diag_add(&t->diag, "%04x:%02x:%02x.%d: configuration space not readable; skipped",
				 d->domain, d->bus, d->dev, d->func);
			continue;
		}
		pci_cfg_decode(cfg, f->cfg_len, &f->cfg);
		if (f->cfg.ext_unreadable || f->cfg.std_end == CHAIN_UNREADABLE)
			t->ext_unreadable++;
		if (f->cfg.std_end == CHAIN_LOOPED || f->cfg.ext_end == CHAIN_LOOPED)
			t->looped++;
		pci_fill_info(d, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_BASES | PCI_FILL_SIZES);
		read_bars(d, f);
		if (src->names)
			look_up_name(pacc, f);
		t->n++;
	}
	qsort(t->fn, t->n, sizeof(*t->fn), fn_cmp);
	return 0;
}

int pci_topo_read(const struct pci_source *src, struct pci_topo *t, struct pmu_err *err)
{
	struct libpci_ctx ctx = { .diag = &t->diag };
	struct pci_access *pacc;
	char path[4096];
	int ret;

	memset(t, 0, sizeof(*t));
	if (src->dump) {
		struct stat st;

		/* libpci would read a directory as an empty dump */
		if (!stat(src->dump, &st) && S_ISDIR(st.st_mode))
			return pmu_err_set(err, -EISDIR, "dump: %s is a directory, not an " LSPCI_DUMP_CMD " dump",
					   src->dump);
	} else {
		ret = pci_sysfs_check(src->root, err);
		if (ret)
			return ret;
		ret = sysroot_path(path, sizeof(path), "%s/bus/pci", src->root->path);
		if (ret)
			return pmu_err_set(err, ret, "sysfs root path too long");
	}
	pacc = pci_alloc();
	if (!pacc)
		return pmu_err_set(err, -ENOMEM, "out of memory");
	pacc->error = hook_error;
	pacc->warning = hook_warning;
	pacc->debug = hook_debug;
	active = &ctx;
	if (setjmp(ctx.escape)) {
		ret = pmu_err_set(err, -EIO, "%s", ctx.msg);
		goto cleanup;
	}
	/* names from pci.ids only: udev's hwdb is slower and leaks a udev context per lookup */
	pci_set_param(pacc, "hwdb.disable", "1");
	if (src->dump) {
		pacc->method = PCI_ACCESS_DUMP;
		pci_set_param(pacc, "dump.name", (char *)src->dump);
	} else {
		pacc->method = PCI_ACCESS_SYS_BUS_PCI;
		pci_set_param(pacc, "sysfs.path", path);
	}
	pci_init(pacc);
	pci_scan_bus(pacc);
	ret = collect(pacc, src, t);
	if (ret)
		pmu_err_set(err, ret, "out of memory");
cleanup:
	pci_cleanup(pacc);
	active = NULL;
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
