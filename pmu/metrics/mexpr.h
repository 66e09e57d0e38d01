/* SPDX-License-Identifier: GPL-2.0 */
/* Metric expressions: + - * / ( ), numbers (1e6, 0x20), names of events and constants. */
#ifndef PMUCTL_MEXPR_H
#define PMUCTL_MEXPR_H

#include <stddef.h>
#include "lib/err.h"

struct mexpr;

/* Parse text; on error err points at the bad part. */
int mexpr_parse(const char *text, struct mexpr **out, struct err_report *err);
void mexpr_free(struct mexpr *e);

/* No formula of the documents names more than a handful of events */
#define MEXPR_NAMES_MAX 32

/* The names it uses, in order of first use, each once (at most max). */
size_t mexpr_names(const struct mexpr *e, const char **names, size_t max);

/*
 * Evaluate; lookup returns 0 and the value of a name, or -ENOENT. A division by zero, or a
 * name without a value, gives NaN ("n/a"), never a trap.
 */
double mexpr_eval(const struct mexpr *e, int (*lookup)(const char *name, double *v, void *ctx),
		  void *ctx);

/* What a name is bound to besides an index of the values */
#define MEXPR_VAR_NONE (-1)		/* nothing: NaN */
#define MEXPR_VAR_DURATION (-2)		/* duration_time */
#define MEXPR_VAR_HW_CLK (-3)		/* hw_clk_freq */

/* Bind every name once, at plan time: to its index in vars, or to a constant */
void mexpr_bind(struct mexpr *e, const char *const *vars, size_t n);
/*
 * Evaluate a bound expression with no name looked up: vals by index, the constants given
 * (NaN: not known); NaN where a value is NaN or a division is by zero, as mexpr_eval
 */
double mexpr_eval_bound(const struct mexpr *e, const double *vals, double duration, double hw_clk_freq);

/* Where mexpr_rewrite writes, and what it writes for a name */
struct mexpr_writer {
	char *buf;
	size_t size, len;
	const char *(*name_text)(const char *name, void *ctx);
	void *ctx;
};

/*
 * The expression written again into w, fully parenthesised, each name as name_text gives it
 * (a PromQL selector, say), and its degree in time: a count and duration_time are 1, a constant
 * and hw_clk_freq 0, so a formula of degree 0 gives the same value over any window. 0,
 * -ENOSPC when w is full, -EDOM when a sum mixes degrees.
 */
int mexpr_rewrite(const struct mexpr *e, struct mexpr_writer *w, int *degree);

#endif
