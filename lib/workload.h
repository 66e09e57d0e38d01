/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command stat runs (stat -- COMMAND), in the role of perf's evlist__prepare_workload:
 * forked early, held on a "go" pipe until the counters run, started with the signal mask and
 * dispositions pmuctl itself was started with, and reaped.
 */
#ifndef PMUCTL_WORKLOAD_H
#define PMUCTL_WORKLOAD_H

#include <stdbool.h>
#include <sys/types.h>

struct workload {
	pid_t pid;		/* -1: none, or reaped */
	int go_fd;		/* the child execs when a byte arrives, exits when it closes */
	int err_fd;		/* the child's errno if exec fails; EOF once it has exec'd */
	int status;		/* wait status, once reaped */
	bool reaped;
};

/*
 * Remember the signal mask and dispositions of the process as it was started: call first
 * thing in main, before anything changes them. The workload gets them back.
 */
void workload_save_signals(void);

/* Fork the command, held before exec. 0 or -errno. */
int workload_prepare(struct workload *w, char *const argv[]);
/* Let it exec: 0, or the -errno of a failed exec (the child has exited 127). */
int workload_start(struct workload *w);
/* Never start it: the child exits without running anything. */
void workload_cancel(struct workload *w);
void workload_kill(struct workload *w, int sig);
/* Reap it if it has ended (block: wait until it does). true once reaped. */
bool workload_reap(struct workload *w, bool block);
/* Its exit status as a shell reports it: the code, or 128 + the signal that ended it. */
int workload_exit_code(const struct workload *w);

#endif
