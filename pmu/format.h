/* SPDX-License-Identifier: GPL-2.0 */
/* PMU format/ fields, parsed and packed exactly as perf's util/pmu.c does. */
#ifndef PMUCTL_FORMAT_H
#define PMUCTL_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include "lib/err.h"

#define FORMAT_WORDS 3	/* config, config1, config2 */

struct pmu_format {
	char *name;
	unsigned word;	/* 0 = config, 1 = config1, 2 = config2 */
	uint64_t mask;	/* the bits the field occupies */
	bool unread, dropped;	/* a lazy scan's: not parsed yet; parsed and found no format */
};

/* Parse "config1:0-7,9" (white space around it allowed). */
int format_parse(const char *text, unsigned *word, uint64_t *mask, struct err_report *err);
/* Largest value the field holds: 2^popcount - 1. */
uint64_t format_max_value(uint64_t mask);
/* Spread value's bits over mask's set bits, lowest first (perf's pmu_format_value). */
uint64_t format_pack(uint64_t mask, uint64_t value);
/* The reverse: gather mask's bits of config into a value. */
uint64_t format_unpack(uint64_t mask, uint64_t config);
/* "config1:8-23" form of a field, for messages and list. */
void format_describe(unsigned word, uint64_t mask, char *buf, size_t size);
const char *format_word_name(unsigned word);

#endif
