/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl doctor: checks in the order they stand between a user and a count, each with its fix. */
#ifndef PMUCTL_DOCTOR_H
#define PMUCTL_DOCTOR_H

#include <stdbool.h>
#include <stddef.h>
#include "lib/kernel_text.h"
#include "lib/privileges.h"
#include "lib/sysroot.h"
#include "pmu/pmu.h"
#include "pmu/presence.h"
#include "topology/pcitopo.h"

enum check_status { CHECK_OK, CHECK_WARN, CHECK_FAIL, CHECK_SKIP };

struct check {
	char id[64];
	enum check_status status;
	char seen[768];		/* what was read, and what it means */
	char fix[512];		/* what to do; "" when nothing is to be done */
};

struct checks {
	struct check *v;
	size_t n, cap;
};

/* What the checks read once */
struct doctor {
	struct sysroot sys, proc;
	bool have_sys, have_proc;
	struct sysroot fs;		/* the machine's root, the proc root's parent: lib/modules, boot */
	bool have_fs;
	const char *web_config;		/* --web.config.file, or NULL */
	/* doctor -- serve ARGS: serve's words, argv[0] "serve": whether serve would start with them */
	char **serve_argv;
	int serve_argc;
	struct privileges priv;
	bool have_priv;
	struct file_caps exe_caps;
	int exe_caps_state;		/* 1 has them, 0 none, -1 unreadable, -2 malformed */
	struct kernel_release release;
	char release_text[128];
	bool have_release;
	int paranoid;			/* kernel.perf_event_paranoid; INT_MIN when unreadable */
	struct pcitopo topo;
	bool have_topo;
	struct pmu_list pmus;
	/* PMU directories the kernel lists but this process cannot read */
	struct doctor_unread {
		char *name;
		int err;				/* errno */
		const struct pmu_family *family;	/* by its name; NULL: none pmuctl knows */
		char target[256];			/* where its link leads: the device below which it is */
	} *unread;
	size_t nunread;
	struct presence *present;
	size_t npresent;
};

/* A new check, its seen text formatted; NULL when out of memory */
struct check *checks_add(struct checks *c, const char *id, enum check_status status, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void check_fix(struct check *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

enum module_state { MODULE_UNKNOWN, MODULE_LOADED, MODULE_BUILTIN, MODULE_AVAILABLE, MODULE_ABSENT };
/* What the running kernel has of module (its first word), and the file that says so in where */
enum module_state doctor_module(const struct doctor *d, const char *module, char *where, size_t size);
/* CONFIG_X in /boot/config-RELEASE: 'y', 'm', 'n' (not set), or 0 when that file is unreadable */
char doctor_config(const struct doctor *d, const char *config);

/* the kernel release */
void doctor_release(struct doctor *d, struct checks *c);
/* paranoid, capabilities, no_new_privs, file capabilities, lockdown, PCI config space */
void doctor_access(struct doctor *d, struct checks *c);
/* the kernel, guests, each family's PMUs and the driver behaviours pmuctl knows */
void doctor_machine(struct doctor *d, struct checks *c);
/* the exporter's web configuration and its certificates */
void doctor_web(struct doctor *d, struct checks *c);

#endif
