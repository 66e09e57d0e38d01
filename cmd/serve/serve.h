/* SPDX-License-Identifier: GPL-2.0 */
/* pmuctl serve: stat's plan, counted for as long as the exporter runs, exposed over HTTP. */
#ifndef PMUCTL_SERVE_H
#define PMUCTL_SERVE_H

#include "cmd/stat/stat.h"

/* Outside 9100-9999, the range of the Prometheus wiki's default port allocations, which is full */
#define DEFAULT_LISTEN "127.0.0.1:10464"

struct serve_args {
	struct stat_args stat;		/* -M, -e, --metrics-file, --per-device and its selection */
	const char **listen;		/* --web.listen-address, each; none given: DEFAULT_LISTEN */
	size_t nlisten;
	const char *telemetry_path;
	const char *web_config_file;
	bool systemd_socket;
	long max_connections;
	long max_per_client;		/* 0 until the options are read: half of max_connections */
	long timeout_s;
	long max_series;		/* --max-series: at most this many samples; 0: no bound */
};

/* Count and serve until SIGINT or SIGTERM (0); *die_signal as stat_count's */
int serve_run(const struct serve_args *a, int *die_signal);
/*
 * What serve_run does before its loop, and no more: the plan built, the servers started, the
 * counters opened, then all closed again; serve's own messages say why not. Its exit code.
 */
int serve_dry_start(const struct serve_args *a);
/* doctor -- serve ARGS: serve's arguments (argv[0] "serve") parsed as serve parses them, then that */
int serve_check(int argc, char **argv);

#endif
