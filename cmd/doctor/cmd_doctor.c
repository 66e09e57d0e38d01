// SPDX-License-Identifier: GPL-2.0
/* pmuctl doctor: read the machine once, run the checks in order, print them with their fixes. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/xattr.h>
#include "cmd/doctor/doctor.h"
#include "cmd/pmuctl.h"
#include "cmd/serve/serve.h"
#include "lib/diag.h"
#include "lib/strnum.h"

enum doctor_key { KEY_WEB_CONFIG = 0x200 };

static const struct argp_option doctor_options[] = {
	{ "web.config.file", KEY_WEB_CONFIG, "FILE", 0,
	  "check the exporter's web configuration too: parsed as serve parses it, its certificates' expiry", 0 },
	{ 0 },
};

static error_t doctor_parse(int key, char *arg, struct argp_state *state)
{
	struct doctor *d = state->input;

	switch (key) {
	case KEY_WEB_CONFIG:
		d->web_config = arg;
		break;
	case ARGP_KEY_ARG:
		/* -- serve ARGS: the rest are serve's, as its unit or container gives them */
		if (!d->serve_argv && !strcmp(arg, "serve")) {
			d->serve_argv = &state->argv[state->next - 1];
			d->serve_argc = state->argc - state->next + 1;
			state->next = state->argc;
			break;
		}
		jerr_argp(state, "doctor takes no arguments but -- serve [ARGS], '%s' is one", arg);
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child doctor_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

const struct argp doctor_argp = {
	doctor_options, doctor_parse, NULL,
	"Check, in order, what stands between this user and a count, and say the fix for each: "
	"kernel.perf_event_paranoid against this process's capabilities (CAP_PERFMON, CAP_SYS_ADMIN, "
	"the bounding set, no_new_privs, the binary's file capabilities), lockdown, the PCI config "
	"space map can read, whether the machine is a guest without uncore PMUs, whether each family "
	"whose hardware the PCI tree or the platform devices show has its PMUs (and the kernel module "
	"that would register them), the driver behaviours of this kernel release that pmuctl knows "
	"(each with its upstream commit), and with --web.config.file the exporter's web configuration "
	"and its certificates' expiry. With -- serve ARGS, last: whether serve starts with those arguments "
	"(the plan built, its servers started, its counters opened, then all closed), in serve's own words "
	"when it would not: an init container or ExecStartPre= that fails exactly when serve would."
	"\vEach check is ok, warn, fail or skip (nothing to check). With -j: {\"checks\": [{\"id\", "
	"\"status\", \"seen\", \"fix\"}], \"summary\": {...}}, the form for fleets.\n\n"
	"Examples:\n"
	"  pmuctl doctor                                  this machine, this user\n"
	"  sudo -u prometheus pmuctl doctor               as the exporter's user would run\n"
	"  pmuctl doctor --web.config.file /etc/pmuctl/web.yml\n"
	"  pmuctl doctor -- serve --per-device --web.listen-address=:10464\n"
	"  pmuctl --sysfs-root S --proc-root P doctor     a machine's copy (tests, support bundles)\n\n"
	"The process's own privileges are read from PROC/self/status and PROC/self/exe when --proc-root "
	"holds them, else from the running process.\n\n"
	"Exit status: 0 when no check fails (warnings included), 1 when one does, 64 usage error; "
	"with -- serve ARGS, 0 when serve starts with them, whatever else fails.",
	doctor_children, NULL, NULL
};

static int read_own(const struct doctor *d, const char *rel, int flags)
{
	char path[64];
	int fd = d->have_proc ? sysroot_openat(&d->proc, rel, flags) : -ENOENT;

	/* a copy without them, or /proc's self/exe, a magic link the seam does not follow */
	if (fd >= 0 || (settings.proc_root && fd != -ENOENT))
		return fd;
	snprintf(path, sizeof(path), "/proc/%s", rel);
	fd = open(path, flags | O_CLOEXEC);
	return fd >= 0 ? fd : -errno;
}

static void read_privileges(struct doctor *d)
{
	char buf[8192];
	int fd = read_own(d, "self/status", O_RDONLY);
	ssize_t n;

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = '\0';
			d->have_priv = !privileges_parse_status(buf, (size_t)n, &d->priv);
		}
	}
	fd = read_own(d, "self/exe", O_RDONLY);
	d->exe_caps_state = -1;
	if (fd >= 0) {
		uint8_t v[64];

		n = fgetxattr(fd, "security.capability", v, sizeof(v));
		if (n >= 0)
			d->exe_caps_state = privileges_parse_file_caps(v, (size_t)n, &d->exe_caps) ? -2 : 1;
		else if (errno == ENODATA || errno == ENOTSUP)
			d->exe_caps_state = 0;
		close(fd);
	}
}

static void read_kernel(struct doctor *d)
{
	char *s = NULL;
	int64_t v;

	d->paranoid = INT_MIN;
	if (!d->have_proc)
		return;
	if (!sysroot_read_trim(&d->proc, "sys/kernel/perf_event_paranoid", &s) && !strnum_s64(s, INT_MIN + 1, INT_MAX, &v))
		d->paranoid = (int)v;
	free(s);
	s = NULL;
	if (!sysroot_read_trim(&d->proc, "sys/kernel/osrelease", &s)) {
		snprintf(d->release_text, sizeof(d->release_text), "%s", s);
		d->have_release = kernel_release_parse(s, &d->release);
	}
	free(s);
	/* the rules of the kernel asked for, as stat checks by them */
	if (settings.kernel && kernel_release_parse(settings.kernel, &d->release)) {
		snprintf(d->release_text, sizeof(d->release_text), "%s (--kernel)", settings.kernel);
		d->have_release = true;
	}
}

static bool pmu_listed(const struct pmu_list *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, name))
			return true;
	return false;
}

/* The PMUs the scan skipped, and why: unreadable is not absent */
static void read_unreadable(struct doctor *d)
{
	char **names, path[512];
	size_t n;

	if (sysroot_list(&d->sys, PMU_DEVICES_DIR, &names, &n))
		return;
	d->unread = calloc(n ? n : 1, sizeof(*d->unread));
	for (size_t i = 0; d->unread && i < n; i++) {
		struct pmu probe = { .name = names[i] };
		struct sysroot sub;
		int ret;

		if (pmu_listed(&d->pmus, names[i]) ||
		    sysroot_path(path, sizeof(path), PMU_DEVICES_DIR "/%s", names[i]))
			continue;
		ret = sysroot_sub(&d->sys, path, &sub);
		if (!ret) {
			sysroot_close(&sub);
			continue;
		}
		pmu_family_decode(&probe);
		if (sysroot_readlink(&d->sys, path, d->unread[d->nunread].target, sizeof(d->unread[0].target)) < 0)
			d->unread[d->nunread].target[0] = '\0';
		d->unread[d->nunread].err = -ret;
		d->unread[d->nunread].family = pmu_family_known(&probe) ? probe.family : NULL;
		d->unread[d->nunread++].name = names[i];
		names[i] = NULL;
	}
	strv_free(names, n);
}

static void read_machine(struct doctor *d)
{
	struct pcitopo_source src = { .root = d->have_sys ? &d->sys : NULL, .dump = settings.pci_dump };
	struct err_report err = { 0 };
	struct diag diag = { 0 };

	d->have_sys = !sysroot_open(&d->sys, root_path());
	src.root = d->have_sys ? &d->sys : NULL;
	if (src.root || src.dump)
		d->have_topo = !pcitopo_read(&src, &d->topo, &err);
	/* no bus/event_source (-ENOENT) still leaves the PMUs of other sources (hwmon) */
	if (d->have_sys) {
		int ret = pmu_scan(&d->sys, &d->pmus, &diag);

		if (ret && ret != -ENOENT)
			pmu_list_free(&d->pmus);
		read_unreadable(d);
	}
	diag_free(&diag);
	if (d->have_sys &&
	    presence_scan(&d->sys, d->have_topo ? &d->topo : NULL, &d->pmus, &d->present, &d->npresent))
		d->npresent = 0;
}

static const char *const status_word[] = { "ok", "warn", "fail", "skip" };

static int doctor_json(const struct checks *c, const size_t count[4])
{
	json_t *arr = json_array(), *root;

	for (size_t i = 0; arr && i < c->n; i++)
		json_array_append_new(arr, json_pack("{s:s, s:s, s:o, s:o}", "id", c->v[i].id, "status",
						     status_word[c->v[i].status], "seen",
						     jout_text(c->v[i].seen), "fix",
						     c->v[i].fix[0] ? jout_text(c->v[i].fix) : json_null()));
	root = json_pack("{s:o, s:{s:I, s:I, s:I, s:I}}", "checks", arr ? arr : json_array(), "summary", "ok",
			 (json_int_t)count[CHECK_OK], "warn", (json_int_t)count[CHECK_WARN], "fail",
			 (json_int_t)count[CHECK_FAIL], "skip", (json_int_t)count[CHECK_SKIP]);
	return jout_emit(root);
}

static void doctor_text(const struct checks *c, const size_t count[4])
{
	static const char *const shown[] = { "ok", "warn", "FAIL", "skip" };
	size_t width = 0;

	for (size_t i = 0; i < c->n; i++)
		if (strlen(c->v[i].id) > width)
			width = strlen(c->v[i].id);
	for (size_t i = 0; i < c->n; i++) {
		printf("%-4s  %-*s  ", shown[c->v[i].status], (int)width, c->v[i].id);
		fput_safe(c->v[i].seen, stdout);
		putchar('\n');
		if (c->v[i].fix[0]) {
			printf("%-4s  %-*s  fix: ", "", (int)width, "");
			fput_safe(c->v[i].fix, stdout);
			putchar('\n');
		}
	}
	printf("\n%zu failed, %zu warning%s, %zu ok, %zu skipped\n", count[CHECK_FAIL], count[CHECK_WARN],
	       count[CHECK_WARN] == 1 ? "" : "s", count[CHECK_OK], count[CHECK_SKIP]);
}

/* serve.start: whether serve starts with the arguments given after -- serve; its words say why not */
static void doctor_serve(struct doctor *d, struct checks *c)
{
	struct check *k;
	int ret;

	if (!d->serve_argv)
		return;
	ret = serve_check(d->serve_argc, d->serve_argv);
	if (!ret) {
		checks_add(c, "serve.start", CHECK_OK, "serve starts with these arguments: its plan builds, it listens, its counters open");
		return;
	}
	k = checks_add(c, "serve.start", CHECK_FAIL, "serve would not start with these arguments (exit %d): its own words are above", ret);
	check_fix(k, "what serve said; pmuctl-serve(1) FLEET gives arguments that start on every machine");
}

static bool serve_failed(const struct checks *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].id, "serve.start"))
			return c->v[i].status == CHECK_FAIL;
	return true;
}

int cmd_doctor(int argc, char **argv)
{
	struct doctor d = { 0 };
	struct checks c = { 0 };
	size_t count[4] = { 0 };
	int ret;

	int open_err;

	cmd_parse(&doctor_argp, argc, argv, &d);
	open_err = sysroot_open(&d.proc, settings.proc_root ? settings.proc_root : "/proc");
	d.have_proc = !open_err;
	if (!d.have_proc && settings.proc_root) {
		p_err("cannot open --proc-root '%s': %s", settings.proc_root, strerror(-open_err));
		return EXIT_USAGE;
	}
	/* the machine's root holds lib/modules and boot: / for /proc, the directory above a --proc-root */
	if (d.have_proc) {
		char fs[4096];

		snprintf(fs, sizeof(fs), "%s/..", settings.proc_root ? settings.proc_root : "/proc");
		d.have_fs = !sysroot_open(&d.fs, fs);
	}
	read_kernel(&d);
	read_privileges(&d);
	read_machine(&d);
	doctor_release(&d, &c);
	doctor_access(&d, &c);
	doctor_machine(&d, &c);
	doctor_web(&d, &c);
	doctor_serve(&d, &c);
	for (size_t i = 0; i < c.n; i++)
		count[c.v[i].status]++;
	if (settings.json)
		ret = doctor_json(&c, count);
	else
		doctor_text(&c, count), ret = 0;
	/* -- serve ARGS: the exit status is whether serve starts, the rest is advice */
	if (!ret && d.serve_argv)
		ret = serve_failed(&c) ? EXIT_FAIL : EXIT_OK;
	else
		ret = ret ? EXIT_FAIL : count[CHECK_FAIL] ? EXIT_FAIL : EXIT_OK;
	free(c.v);
	free(d.present);
	pmu_list_free(&d.pmus);
	for (size_t i = 0; i < d.nunread; i++)
		free(d.unread[i].name);
	free(d.unread);
	if (d.have_topo)
		pcitopo_free(&d.topo);
	if (d.have_sys)
		sysroot_close(&d.sys);
	if (d.have_proc)
		sysroot_close(&d.proc);
	if (d.have_fs)
		sysroot_close(&d.fs);
	return finish_output(ret);
}
