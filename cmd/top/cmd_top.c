// SPDX-License-Identifier: GPL-2.0
/* pmuctl top: stat --per-device -I, shown live, full-screen on a terminal, as frames elsewhere. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd/pmuctl.h"
#include "cmd/stat/stat.h"
#include "cmd/top/top_screen.h"
#include "lib/signals.h"
#include "topology/pcifilter.h"

struct top_args {
	struct stat_args stat;
	struct top_screen screen;
	bool batch;
};

static const struct argp_option top_options[] = {
	{ "interval", 'I', "MS", 0, "refresh every MS milliseconds (default 1000, at least 100)", 0 },
	{ "iterations", 'n', "N", 0, "stop after N frames", 0 },
	{ "batch", 'b', NULL, 0, "plain frames on standard output, no full screen (as top -b); also when it is not a terminal", 0 },
	{ "metrics", 'M', "METRIC,...", 0, "the columns (default: PCIe read and write bandwidth as requester and as target)", 1 },
	{ "sort", KEY_SORT, "METRIC", 0, "rows by this column, highest first (default: the first metric; s cycles the columns)", 1 },
	{ 0 },
};

static error_t top_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct top_args *t = state->input;
	struct stat_args *a = &t->stat;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[DEVICE_CHILD] = a;
		break;
	case 'I':
		a->interval_ms = arg_number(arg, "interval", 100, 3600000, state);
		break;
	case 'n':
		a->interval_count = arg_number(arg, "number of frames", 1, 1000000000, state);
		break;
	case KEY_SORT:
		a->sort = arg;
		break;
	case 'b':
		t->batch = true;
		break;
	case 'M':
		a->metrics = arg;
		break;
	case ARGP_KEY_ARG:
		jerr_argp(state, "unexpected argument '%s'", arg);
		break;
	case ARGP_KEY_END:
		by_destination_check(state, a, "rows", "columns");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child top_children[] = DEVICE_CHILDREN("The PCI functions shown:", 5);

const struct argp top_argp = {
	top_options, top_parse_opt, NULL,
	"Show live which PCI functions move the PCIe traffic: pmuctl stat --per-device, refreshed "
	"every -I. One row per function a PMU selects (a root port with a PMU of its own: method "
	"port), with the way its PMU selects it "
	"(rp: alone below its port; bdf: sharing it, so counted in turns, the running share says "
	"how long), a bar of its share of the busiest row, then the sums per RC and per socket. On "
	"a terminal it is full-screen (keys: q quit, s sort by the next column, d devices / RC / "
	"socket view, p pause, / filter, arrows, PgUp/PgDn, Home/End scroll, Left/Right a table wider than the terminal); with -b, -n or a pipe, it prints plain frames, as top -b does."
	"\vExamples:\n"
	"  pmuctl top\n"
	"  pmuctl top -M @EX:metrics@ --socket 0\n"
	"  pmuctl --sysfs-root examples/tegra410-live top -b -n 2\n"
	"\nExit status: 0 success, 1 nothing to count or the screen cannot start, 2 some events could "
	"not be opened (plain frames only: the full screen shows which columns were not counted, "
	"and ends 0), 64 a bad option.",
	top_children, help_families_filter, NULL
};

/* stat_count's reports go to the screen: the view's side of struct count_view */
static void view_columns(void *ctx, const char **names, size_t n)
{
	struct top_screen *t = ctx;

	free((void *)t->column_names);
	t->column_names = names;
	t->ncolumn_names = n;
	/* the busiest first: by the first metric, unless --sort named one */
	if (!t->sort && n)
		t->sort = names[0];
}

static int view_begin(void *ctx)
{
	if (!top_screen_begin(ctx))
		return 0;
	p_err("cannot start the full-screen view (TERM=%s): run pmuctl top -b for plain frames",
	      getenv("TERM") ? getenv("TERM") : "unset");
	return -1;
}

static bool view_keys(void *ctx, bool hangup)
{
	struct top_screen *t = ctx;

	if (hangup)
		t->quit = t->hung_up = true;
	return t->quit || top_screen_keys(t);
}

static void view_shape(void *ctx, struct render_ctx *c)
{
	const struct top_screen *t = ctx;

	c->sort = t->sort;
	c->view = (enum table_view)(VIEW_DEVICES + t->view);
	c->bars = true;
}

static int view_frame(void *ctx, const char *text, double t)
{
	return top_screen_frame(ctx, text, t);
}

static void view_end(void *ctx)
{
	struct top_screen *t = ctx;

	top_screen_end(t);
	free((void *)t->column_names);
	t->column_names = NULL;
}

int cmd_top(int argc, char **argv)
{
	struct top_args t;
	struct count_view view = { .columns = view_columns, .begin = view_begin, .keys = view_keys,
				   .shape = view_shape, .frame = view_frame, .end = view_end };
	int ret, die_signal = 0;

	t = (struct top_args){ 0 };
	if (stat_args_init(&t.stat, argc))
		return EXIT_FAIL;
	t.stat.interval_ms = 1000;
	t.stat.per_device = true;
	cmd_parse(&top_argp, argc, argv, &t);
	if (!t.stat.metrics) {
		t.stat.metrics = pmu_per_device_metrics(NULL);
		t.stat.metrics_default = true;
	}
	t.screen = (struct top_screen){ .batch = t.batch || t.stat.interval_count || !isatty(STDOUT_FILENO) ||
						  !isatty(STDIN_FILENO),
					.interval_s = (double)t.stat.interval_ms / 1e3, .sort = t.stat.sort };
	view.ctx = &t.screen;
	view.reads_keys = !t.screen.batch;
	ret = stat_count(&t.stat, &view, &die_signal);
	/*
	 * a terminal that hung up sent SIGHUP too: poll saw it first, and the end is the signal's
	 * (129, as any program's whose terminal goes away), not an exit through atexit handlers
	 */
	if (t.screen.hung_up && !die_signal)
		die_signal = SIGHUP;
	/* on the full screen the columns not counted said so, and the warnings follow it: quitting is success */
	if (!t.screen.batch && ret == EXIT_PARTIAL)
		ret = EXIT_OK;
	return stat_args_end(&t.stat, ret, die_signal);
}
