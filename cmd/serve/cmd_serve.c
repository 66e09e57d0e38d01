// SPDX-License-Identifier: GPL-2.0
/* pmuctl serve: the options, and what they mean together. */
#include <stdlib.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "cmd/serve/serve.h"
#include "lib/hostport.h"
#include "lib/signals.h"
#include "topology/pcifilter.h"

enum {
	KEY_LISTEN = 0x500,
	KEY_METRICS_FILE,
	KEY_PER_DEVICE,
	KEY_MAX_CONNECTIONS,
	KEY_TIMEOUT,
	KEY_MAX_PER_CLIENT,
	KEY_NO_RULES,
	KEY_EXCLUSIVE,
	KEY_COUNTERS,
	KEY_TELEMETRY_PATH,
	KEY_WEB_CONFIG,
	KEY_SYSTEMD_SOCKET,
	KEY_TOPOLOGY,
	KEY_MAX_SERIES,
};

static const struct argp_option serve_options[] = {
	{ "web.listen-address", KEY_LISTEN, "ADDR:PORT", 0, "where to answer, repeatable (default " DEFAULT_LISTEN ", loopback only); [::1]:10464 for IPv6, :10464 for every address", 0 },
	{ "listen", KEY_LISTEN, NULL, OPTION_ALIAS, NULL, 0 },
	{ "web.telemetry-path", KEY_TELEMETRY_PATH, "PATH", 0, "the path of the metrics (default /metrics)", 0 },
	{ "web.config.file", KEY_WEB_CONFIG, "FILE", 0, "TLS and basic authentication, in the exporter-toolkit's YAML format (pmuctl-serve(1), WEB CONFIGURATION); SIGHUP reads it again", 0 },
	{ "web.systemd-socket", KEY_SYSTEMD_SOCKET, NULL, 0, "answer on the sockets systemd passes (socket activation) instead of --web.listen-address", 0 },
	{ "interval", 'I', "MS", 0, "sample every MS milliseconds (default 1000, at least 100); the gauges cover the last one", 0 },
	{ "max-connections", KEY_MAX_CONNECTIONS, "N", 0, "connections served at once; more wait in the kernel's listen queue (default 256)", 0 },
	{ "max-connections-per-client", KEY_MAX_PER_CLIENT, "N", 0, "connections from one address at once; more are closed at once (default half of --max-connections)", 0 },
	{ "timeout", KEY_TIMEOUT, "SEC", 0, "a request must be whole SEC seconds after its connection opened or its last answer, however slowly it trickles in; else it is closed (default 10)", 0 },
	{ "max-series", KEY_MAX_SERIES, "N", 0, "at most N samples in /metrics: the PCI functions past the first that fit are left out whole, pmuctl_series_dropped says how many samples (default: no bound)", 2 },
	{ "topology", KEY_TOPOLOGY, "FILE", 0, "the PCI functions from FILE, an lspci -xxxx dump root wrote, not from config space: --per-device then needs CAP_PERFMON only (the unit's ExecStartPre writes it)", 2 },
	{ 0 },
};

/* What a telemetry path may hold: RFC 3986's unreserved characters and / */
#define PATH_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._~-"

static error_t serve_parse_opt(int key, char *arg, struct argp_state *state)
{
	struct serve_args *sa = state->input;
	struct stat_args *a = &sa->stat;

	switch (key) {
	case ARGP_KEY_INIT:
		state->child_inputs[DEVICE_CHILD] = a;
		state->child_inputs[COUNT_CHILD] = a;
		break;
	case KEY_LISTEN: {
		char host[256];
		const char *why;
		unsigned port;

		if (hostport_split(arg, host, sizeof(host), &port, &why))
			jerr_argp(state, "invalid --web.listen-address '%s': %s", arg, why);
		sa->listen[sa->nlisten++] = arg;
		break;
	}
	case KEY_TELEMETRY_PATH:
		if (arg[0] != '/' || strspn(arg, PATH_CHARS) != strlen(arg) || strlen(arg) > 200)
			jerr_argp(state, "invalid --web.telemetry-path '%s': a path starts with / and holds letters, "
				   "digits and /._~- only, 200 at most", arg);
		if (!strcmp(arg, "/") || !strcmp(arg, "/-/healthy"))
			jerr_argp(state, "invalid --web.telemetry-path '%s': pmuctl answers there with its own page", arg);
		sa->telemetry_path = arg;
		break;
	case KEY_WEB_CONFIG:
		sa->web_config_file = arg;
		break;
	case KEY_SYSTEMD_SOCKET:
		sa->systemd_socket = true;
		break;
	case KEY_TOPOLOGY:
		/* the dump -F reads: config space as root read it, BAR sizes from world-readable sysfs */
		if (settings.pci_dump && strcmp(settings.pci_dump, arg))
			jerr_argp(state, "--topology %s and -F %s: give the PCI dump once", arg, settings.pci_dump);
		settings.pci_dump = arg;
		break;
	case 'I':
		a->interval_ms = arg_number(arg, "interval", 100, 3600000, state);
		break;
	case KEY_MAX_CONNECTIONS:
		sa->max_connections = arg_number(arg, "connection limit", 1, 65536, state);
		break;
	case KEY_TIMEOUT:
		sa->timeout_s = arg_number(arg, "timeout", 1, 3600, state);
		break;
	case KEY_MAX_PER_CLIENT:
		sa->max_per_client = arg_number(arg, "connection limit per client", 1, 65536, state);
		break;
	case KEY_MAX_SERIES:
		sa->max_series = arg_number(arg, "series limit", 1, 100000000, state);
		break;
	case ARGP_KEY_ARG:
		jerr_argp(state, "unexpected argument '%s'; events go after -e", arg);
		break;
	case ARGP_KEY_END:
		if (sa->systemd_socket && sa->nlisten)
			jerr_argp(state, "--web.systemd-socket answers on systemd's sockets: --web.listen-address has no place with it");
		if ((a->id_given || a->socket >= 0 || a->rc >= 0) && !a->per_device)
			jerr_argp(state, "-d, --socket and --rc choose the functions of --per-device: add --per-device");
		if (a->ndevice && !a->metrics && !a->per_device)
			jerr_argp(state, "--device narrows -M metrics; for events, take the filters from 'pmuctl map BDF'");
		by_destination_check(state, a, "series", "series");
		/*
		 * one argument list on every machine: no -M is each family's defaults, chosen once
		 * the machine is read; an -M name that applies nowhere here is skipped and said;
		 * --per-device where no function is attributed serves system wide
		 */
		if (!a->metrics && !a->nevent) {
			a->serve_defaults = true;
			a->metrics_default = true;
		}
		a->skip_unavailable = true;
		a->device_fallback = true;
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child serve_children[] =
	COUNT_DEVICE_CHILDREN("What to count, as stat counts it:", "The PCI functions of --per-device (and of -M with --device):", 5);

const struct argp serve_argp = {
	serve_options, serve_parse_opt, NULL,
	"Serve this machine's PMU counts to Prometheus: open the counters once (the plan stat "
	"builds from the same -M, -e and --per-device), sample them every -I, and answer GET "
	"/metrics with the last sample. Every counter is a total since the counters opened "
	"(pmuctl_<family>_<event>_total, type counter: use rate()), labelled pmu, socket, rc, "
	"channel, device and event as they apply; every -M metric is a gauge over the last "
	"interval, named as stat --format=openmetrics names it; pmuctl_running_ratio says how "
	"long each counter ran when the PMU multiplexed; pmuctl_up, pmuctl_read_failures_total and "
	"pmuctl_scrape_duration_seconds say how counting goes. OpenMetrics when the scraper asks "
	"for it in Accept (Prometheus does), the Prometheus text format otherwise. GET / is a "
	"page linking /metrics, GET /-/healthy says the server runs. SIGHUP reads the machine and "
	"the --metrics-file again (a plan that fails to build keeps the old one); SIGTERM and "
	"SIGINT stop, restoring every register counting wrote. Counting needs root or CAP_PERFMON; --per-device (a "
	"capability in extended config space) and hwmon blocks (their files) need root: see "
	"pmuctl-serve(1), PRIVILEGES."
	"\vExamples:\n"
	"  pmuctl serve -M @EX:metrics@\n"
	"  pmuctl serve --per-device --socket 0 --web.listen-address '[::1]:10464'\n"
	"  pmuctl serve --web.config.file /etc/pmuctl/web.yml\n"
	"  pmuctl --sysfs-root examples/tegra410-live serve -M @EX:metric@\n"
	"  curl -s http://127.0.0.1:10464/metrics\n"
	"\nExit status: 0 stopped by SIGTERM or SIGINT, 1 nothing could be counted or the address "
	"cannot be listened on, 64 a bad option.",
	serve_children, help_families_filter, NULL
};

/* serve's arguments as cmd_serve takes them; EXIT_FAIL when out of memory */
static int serve_args_parse(struct serve_args *sa, int argc, char **argv)
{
	*sa = (struct serve_args){ .listen = calloc((size_t)argc + 1, sizeof(char *)),
				   .telemetry_path = "/metrics", .max_connections = 256, .timeout_s = 10 };
	if (!sa->listen || stat_args_init(&sa->stat, argc)) {
		free(sa->listen);
		return EXIT_FAIL;
	}
	sa->stat.interval_ms = 1000;
	/* every series' socket label, a memory controller's by its cpumask CPU as stat places it */
	sa->stat.place_sockets = true;
	cmd_parse(&serve_argp, argc, argv, sa);
	if (!sa->nlisten && !sa->systemd_socket)
		sa->listen[sa->nlisten++] = DEFAULT_LISTEN;
	/* one client never takes every slot: a scraper always finds one */
	if (!sa->max_per_client)
		sa->max_per_client = sa->max_connections > 1 ? sa->max_connections / 2 : 1;
	return EXIT_OK;
}

int serve_check(int argc, char **argv)
{
	struct serve_args sa;
	int ret;

	/* usage errors read as serve's own: "pmuctl serve: ..." */
	argv[0] = (char *)"pmuctl serve";
	ret = serve_args_parse(&sa, argc, argv);
	if (ret)
		return ret;
	ret = serve_dry_start(&sa);
	free(sa.listen);
	return stat_args_end(&sa.stat, ret, 0);
}

int cmd_serve(int argc, char **argv)
{
	struct serve_args sa;
	int ret = serve_args_parse(&sa, argc, argv), die_signal = 0;

	if (ret)
		return ret;
	ret = serve_run(&sa, &die_signal);
	free(sa.listen);
	return stat_args_end(&sa.stat, ret, die_signal);
}
