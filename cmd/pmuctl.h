/* SPDX-License-Identifier: GPL-2.0 */
/* What every command shares: global settings, the command table, rendering helpers. */
#ifndef PMUCTL_CMD_H
#define PMUCTL_CMD_H

#include <argp.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "cmd/out/jerr.h"
#include "lib/err.h"
#include "lib/sysroot.h"

#define PMUCTL_VERSION "0.1.0"

enum exit_code {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_PARTIAL = 2,	/* done, but some items could not be read */
	EXIT_USAGE = 64,	/* sysexits.h EX_USAGE */
};

struct settings {
	bool json, pretty, verbose, quiet;
	const char *sysfs_root;
	const char *proc_root;	/* --proc-root: NULL, /proc */
	const char *pci_dump;
	const char *kernel;	/* --kernel X.Y: the release whose driver rules apply */
};

extern struct settings settings;
extern const struct argp global_argp;

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
	const struct argp *argp;	/* its options, for completion and the sync test */
};


extern const struct argp list_argp, map_argp, stat_argp, top_argp, serve_argp, bdf_argp, doctor_argp, iostat_argp;

int cmd_list(int argc, char **argv);
int cmd_map(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_top(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_bdf(int argc, char **argv);
int cmd_doctor(int argc, char **argv);
int cmd_iostat(int argc, char **argv);
/* Hidden: the words a shell completes (commands, options, PMUs, events, metrics, BDFs) */
int cmd_complete(int argc, char **argv, const struct command *table);

/* Parse a command's own options; global options are accepted there too. */
void cmd_parse(const struct argp *argp, int argc, char **argv, void *input);

/* One error sink: "pmuctl: error: ..." on stderr. */
void p_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void p_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Something the user should know even when nothing failed; silenced by -q. */
void p_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Only with -v. */
void p_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An event-string error: the message, the string, and a caret under the bad part. */
void p_err_at(const char *text, const struct err_report *e);
/* Print the soft problems collected while reading; returns their number. */
struct diag;
size_t p_diag(const struct diag *d);

/* The sysfs root: --sysfs-root, else $SYSFS_PATH, else /sys; whether the user named one */
const char *root_path(void);
bool root_given(void);
/* Open that root; prints the error itself. */
int open_root(struct sysroot *root);

/* Human output of text read from the machine: what does not print escaped (lib/visible.h). */
void fput_safe(const char *s, FILE *f);
/* The same into a buffer, for tables. */
const char *safe_str(const char *s, char *buf, size_t size);
/* v in decimal at buf, without an end: its length (at most 20) */
size_t human_digits(uint64_t v, char *buf);
/* As perf prints numbers: 66800000 -> "66,800,000", never 6.68e+07; decimals after the point */
const char *human_number(double v, int decimals, char *buf, size_t size);
/* printf's "%.*f" in the C locale (a -0 that rounding left printed 0), without printf for the
 * small numbers of a table's cells */
const char *human_c_fixed(double v, int decimals, char *buf, size_t size);
/* A socket, RC or root-port number, or "-" where the topology gives none (returned, not at buf) */
const char *human_id(int v, char *buf, size_t size);
/* A count with thousands separators, every digit exact (a double holds 53 bits) */
const char *human_u64(uint64_t v, char *buf, size_t size);

/* JSON: build one root, dump once. */
int jout_emit(json_t *root);
/* Builds element k of member (0 for a lone array); NULL: out of memory */
typedef json_t *(*jout_element_fn)(size_t member, size_t k, void *arg);
/* A top-level array of n elements, each built by element and freed once written: a long
 * list costs one element's memory; the output is what jout_emit gives for the whole array */
int jout_emit_array(size_t n, jout_element_fn element, void *arg);
/* The same for an object whose members are arrays: {"keys[0]": [n[0] elements], ...} */
int jout_emit_arrays(const char *const *keys, const size_t *n, size_t members,
		     jout_element_fn element, void *arg);
json_t *jout_hex(unsigned long long v);
/*
 * A count: exact, the counters' sum as read, or else the estimate scaled for multiplexing;
 * an integer either way, never a double cast out of range (beyond 2^63, a JSON number that
 * is still an integer)
 */
json_t *jout_count(bool exact, uint64_t value, double estimate);
/* A number the machine may not have (-1: socket, RC, CPU): null then */
json_t *jout_int_or_null(long long v);
struct cpulist;
/* [0, 1, ...]; null when the machine has no such list */
json_t *jout_cpulist(const struct cpulist *l, bool has);
/* A string from the machine: invalid UTF-8 bytes become \\xNN instead of failing. */
json_t *jout_text(const char *s);
/* Whether stdout is a pipe whose reader has gone (| head): writing there is not an error */
bool reader_gone(void);
/* Flush stdout; a closed pipe is not an error, any other failure is, said once. Returns code
 * or EXIT_FAIL. */
int finish_output(int code);

/* An argp help filter: @FAMILIES@ in a command's doc becomes every family's title */
char *help_families_filter(int key, const char *text, void *input);

#endif
