/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The signals that end a counting run, caught so that counters close and hardware state is
 * restored first. SIGINT and SIGTERM end it with the totals printed; any other signal whose
 * default action terminates (SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, ...) ends it without output,
 * and pmuctl then dies by that signal, so that its exit status tells the truth.
 */
#ifndef PMUCTL_SIGNALS_H
#define PMUCTL_SIGNALS_H

#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * How long output may still take once a stop signal came: a reader that stalls (a full pipe,
 * a FIFO nobody opens) never holds pmuctl past it, so hardware state is restored and pmuctl
 * ends by the signal within a second of it.
 */
#define SIGNALS_GRACE_S 0.5

/*
 * Catch the terminating signals and SIGCHLD, and block them: they are taken only while
 * waiting in signals_wait, so no system call elsewhere is interrupted.
 */
void signals_catch(void);
/*
 * The one wait of a counting run: until one of fds is ready, the deadline (CLOCK_MONOTONIC
 * seconds; 0 none) or a signal, which is taken only here. Returns ppoll's result.
 */
int signals_wait(struct pollfd *fds, size_t n, double deadline);
/* The first terminating signal caught, or 0 */
int signals_caught(void);
/*
 * When output must give up waiting: SIGNALS_GRACE_S after a stop signal was first seen here,
 * or 0 while none has come
 */
double signals_give_up_at(void);
/* A daemon's SIGHUP: it asks for a reload (signals_reload) instead of ending the run */
void signals_hup_reloads(void);
/* Whether SIGHUP came since the last call, after signals_hup_reloads */
bool signals_reload(void);
/* Whether SIGCHLD came since the last call */
bool signals_child_changed(void);
/* Whether sig ends a run with its totals printed (SIGINT, SIGTERM) */
bool signals_print_totals(int sig);
/*
 * A terminating signal caught, or pending (it came while restoring), that ends the run
 * without output: any but SIGINT and SIGTERM. 0 if none.
 */
int signals_silent(void);
/* At the end, once state is restored: the signal to die by (caught or pending), or 0 */
int signals_ending(void);
/* Die by sig with its default action; returns only if that action does not end the process */
void signals_die(int sig);

#endif
