// SPDX-License-Identifier: GPL-2.0
/*
 * pmuctl: the uncore PMUs of data-center servers.
 * argp in two stages: global options up to the command name (ARGP_IN_ORDER),
 * then the command's own argp, which takes the global options too.
 */
#include <errno.h>
#include <jansson.h>
#include <pci/pci.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/out/jerr.h"
#include "cmd/options_check.h"
#include "cmd/plugin.h"
#include "cmd/help_static.h"
#include "cmd/pmuctl.h"
#include "lib/loglines.h"
#include "lib/nbstdio.h"
#include "lib/suggest.h"
#include "lib/workload.h"

static int cmd_help(int argc, char **argv);

/* run NULL: in pmuctl-commands.so with the libraries only it uses (cmd/plugin.h) */
static const struct command commands[] = {
	{ "list", cmd_list, "list PMUs, their events, formats and metrics, and hwmon blocks", &list_argp },
	{ "map", cmd_map, "map PCI functions to socket, RC, root port and their PMU filters", &map_argp },
	{ "stat", cmd_stat, "count events and metrics (or encode them: --dry-run)", &stat_argp },
	{ "top", NULL, "show live which PCI functions move the PCIe traffic (stat --per-device, refreshed)", NULL },
	{ "iostat", cmd_iostat, "perf iostat's four MB columns per PCIe root port (iostat list names them)", &iostat_argp },
	{ "serve", NULL, "export counts and metrics to Prometheus over HTTP (GET /metrics)", NULL },
	{ "doctor", NULL, "check what stands between this machine and a count, and say the fix", NULL },
	{ "bdf", cmd_bdf, "convert between bus:device.function and 16-bit BDF filter values", &bdf_argp },
	{ "help", cmd_help, "show help for pmuctl or one of its commands", NULL },
	{ NULL, NULL, NULL, NULL },
};

static void print_version(FILE *f, struct argp_state *state)
{
	(void)state;
	fprintf(f, "pmuctl %s\nlibpci %d.%d.%d (API 0x%06x)\njansson %s\n", PMUCTL_VERSION,
		PCI_LIB_VERSION >> 16, (PCI_LIB_VERSION >> 8) & 0xff, PCI_LIB_VERSION & 0xff,
		PCI_LIB_VERSION, jansson_version_str());
}

void (*argp_program_version_hook)(FILE *, struct argp_state *) = print_version;
const char *argp_program_bug_address = "the pmuctl issue tracker";

struct main_state {
	int argc;
	char **argv;
};

#define KEY_LIST_CMDS 0x1ff

static const struct argp_option main_options[] = {
	{ "list-cmds", KEY_LIST_CMDS, NULL, OPTION_HIDDEN, "print the command names", -1 },
	{ 0 },
};

static error_t main_parse(int key, char *arg, struct argp_state *state)
{
	struct main_state *st = state->input;

	(void)arg;
	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[0] = NULL;
		break;
	case ARGP_KEY_ARG:
		/* the command name: everything from here on is the command's */
		st->argc = state->argc - state->next + 1;
		st->argv = &state->argv[state->next - 1];
		state->next = state->argc;
		break;
	case KEY_LIST_CMDS:
		for (const struct command *c = commands; c->name; c++)
			printf("%s\n", c->name);
		exit(finish_output(EXIT_OK));
	case ARGP_KEY_END:
		if (!st->argc)
			jerr_argp(state, "no command given; try 'pmuctl list' or 'pmuctl help'");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

#define EXIT_STATUS_HELP \
	"Exit status: 0 success, 1 failure, 2 partial (done, but something could not be read), 64 usage error.\n"

static char *main_help_filter(int key, const char *text, void *input)
{
	char *out = NULL, *filled;
	size_t len = 0;
	FILE *f;

	if (key != ARGP_KEY_HELP_POST_DOC)
		return help_families_filter(key, text, input);
	f = open_memstream(&out, &len);
	if (!f)
		return (char *)text;
	filled = help_families_filter(key, text, input);
	fprintf(f, "Commands:\n");
	for (const struct command *c = commands; c->name; c++)
		fprintf(f, "  %-6s  %s\n", c->name, c->summary);
	fprintf(f, "\n%s\n", filled ? filled : "");
	fprintf(f, EXIT_STATUS_HELP);
	if (filled != text)
		free(filled);
	fclose(f);
	return out;
}

static const struct argp_child main_children[] = { { &global_argp, 0, NULL, 0 }, { 0 } };

static const struct argp main_argp = {
	main_options, main_parse, "COMMAND [ARGS...]",
	"pmuctl -- the uncore PMUs of data-center servers: list them, map PCIe devices "
	"to root complexes, encode perf event strings and count with the documented metrics."
	"\vExamples:\n"
	"  pmuctl list                       every PMU of this machine, by family\n"
	"  pmuctl list --events '@EX:pmu_glob@'\n"
	"  pmuctl map 0005:01:00.0           the RC, PMU and filters of a device\n"
	"  pmuctl bdf 27:01.1                the 16-bit src_bdf value 0x2709\n"
	"  pmuctl stat -M pcie_rd_bw -I 1000   PCIe read GB/s, of every family\n"
	"  pmuctl stat --dry-run -e \\\n"
	"    '@EX:event@'\n"
	"  pmuctl --sysfs-root tests/fixtures/tegra410/sys list\n"
	"\nMore: pmuctl COMMAND --help, man pmuctl, man pmuctl-metrics.\n"
	"\nEnvironment: SYSFS_PATH is the sysfs root when --sysfs-root is not given (as in perf).",
	main_children, main_help_filter, NULL
};

/* "list, map, stat, bdf and help", from the table */
static const char *command_names(void)
{
	static char buf[256];
	size_t o = 0, n = 0;

	while (commands[n].name)
		n++;
	for (size_t i = 0; i < n && o < sizeof(buf); i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%s", commands[i].name,
				      i + 2 < n ? ", " : i + 1 < n ? " and " : "");
	return buf;
}

static const struct command *find_command(const char *name)
{
	for (const struct command *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

static int run_command(const struct command *c, int argc, char **argv)
{
	const char *help = argc == 2 ? help_static_text(c->name, argv[1]) : NULL;
	char *name;
	int ret;

	/* the library's commands answer --help without it: its 29 libraries are not loaded for a text */
	if (help) {
		fputs(help, stdout);
		return EXIT_OK;
	}
	c = plugin_command(c);
	if (!c)
		return EXIT_FAIL;
	/* argv[0] "pmuctl list" makes argp's usage lines read right */
	if (asprintf(&name, "pmuctl %s", c->name) < 0)
		return EXIT_FAIL;
	argv[0] = name;
	ret = c->run(argc, argv);
	free(name);
	return ret;
}

static int cmd_help(int argc, char **argv)
{
	const struct command *c;
	char *help_argv[] = { NULL, "--help", NULL };

	if (argc < 2) {
		argp_help(&main_argp, stdout, ARGP_HELP_STD_HELP, "pmuctl");
		return EXIT_OK;
	}
	c = find_command(argv[1]);
	if (!c || c->run == cmd_help) {
		p_err("no help for '%s': it is not a pmuctl command (see 'pmuctl --help')", argv[1]);
		return EXIT_USAGE;
	}
	return run_command(c, 2, help_argv);
}

/*
 * Every way out, argp's exit after --help included: output that could not be written is an
 * error, said so (a closed pipe, | head, is not)
 */
static void check_stdout(void)
{
	if (finish_output(EXIT_OK) != EXIT_OK)
		_exit(EXIT_FAIL);
	nbstdio_unwrap_std();
	loglines_release();
}

int main(int argc, char **argv)
{
	struct main_state st = { 0 };
	const struct command *c;

	/* what the workload of stat -- COMMAND gets back, before anything changes it */
	workload_save_signals();
	/* a closed pipe (pmuctl list | head) ends output quietly, via EPIPE */
	signal(SIGPIPE, SIG_IGN);
	argp_err_exit_status = EXIT_USAGE;
	atexit(check_stdout);
	/* one name in every message, however it was run (./pmuctl, /usr/bin/pmuctl): getopt's says argv[0] */
	argv[0] = (char *)"pmuctl";
	options_check(&main_argp, argc, argv, true);
	argp_parse(&main_argp, argc, argv, ARGP_IN_ORDER, NULL, &st);
	if (!strcmp(st.argv[0], "__complete"))
		return finish_output(cmd_complete(st.argc, st.argv, commands));
	c = find_command(st.argv[0]);
	if (!c) {
		char buf[256], near[256];
		struct suggest sg;

		suggest_init(&sg, st.argv[0]);
		for (const struct command *k = commands; k->name; k++)
			suggest_offer(&sg, k->name);
		p_err("'%s' is not a pmuctl command%s; the commands are %s",
		      safe_str(st.argv[0], buf, sizeof(buf)), suggest_text(&sg, near, sizeof(near)),
		      command_names());
		return finish_output(jerr_finish(EXIT_USAGE));
	}
	return finish_output(jerr_finish(run_command(c, st.argc, st.argv)));
}
