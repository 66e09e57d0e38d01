// SPDX-License-Identifier: GPL-2.0
/* libpci's error hook must not return, so it jumps back to the session that called libpci. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include "topology/libpci_session.h"
#include "topology/pcicfg.h"

struct libpci_ctx {
	jmp_buf escape;
	char msg[512];
	struct diag *diag;
};

/* libpci's hooks carry no user pointer: the session that called libpci */
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

int libpci_session(const char *dump, const char *sysfs, struct diag *diag,
		   int (*fn)(struct pci_access *pacc, void *arg), void *arg, struct err_report *err)
{
	struct libpci_ctx ctx = { .diag = diag };
	struct libpci_ctx *outer = active;
	struct pci_access *pacc = pci_alloc();
	int ret;

	if (!pacc)
		return err_set(err, -ENOMEM, "out of memory");
	pacc->error = hook_error;
	pacc->warning = hook_warning;
	pacc->debug = hook_debug;
	active = &ctx;
	if (setjmp(ctx.escape)) {
		ret = err_set(err, -EIO, "%s", ctx.msg);
		goto cleanup;
	}
	/* names from pci.ids only: udev's hwdb is slower and leaks a udev context per lookup */
	pci_set_param(pacc, "hwdb.disable", "1");
	if (dump) {
		pacc->method = PCI_ACCESS_DUMP;
		pci_set_param(pacc, "dump.name", (char *)dump);
	} else if (sysfs) {
		pacc->method = PCI_ACCESS_SYS_BUS_PCI;
		pci_set_param(pacc, "sysfs.path", (char *)sysfs);
	}
	/* names alone need no method: pci_lookup_name reads pci.ids through the hooks above */
	if (dump || sysfs) {
		pci_init(pacc);
		pci_scan_bus(pacc);
	}
	ret = fn(pacc, arg);
	if (ret == -ENOMEM)
		err_set(err, ret, "out of memory");
cleanup:
	pci_cleanup(pacc);
	active = outer;
	return ret;
}
