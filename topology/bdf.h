/* SPDX-License-Identifier: GPL-2.0 */
/* PCI bus:device.function, in lspci -s syntax and as the 16-bit filter value. */
#ifndef PMUCTL_BDF_H
#define PMUCTL_BDF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lib/err.h"

struct bdf {
	int64_t domain;		/* -1 when not given */
	unsigned bus, dev, fn;
};

/* "27:01.1" or "0005:27:01.1" (hex fields, as lspci prints them) */
int bdf_parse(const char *s, struct bdf *out, struct err_report *err);
/* Either form, white space around it ignored; *was_value tells which one it was. */
int bdf_parse_any(const char *s, struct bdf *out, bool *was_value, struct err_report *err);
/* An argument without the white space around it: its start, and *len its length */
const char *bdf_trim(const char *s, size_t *len);
uint16_t bdf_encode(const struct bdf *b);
void bdf_decode(uint16_t v, struct bdf *out);
/* "27:01.1", or "0005:27:01.1" when the domain is known */
void bdf_format(const struct bdf *b, char *buf, size_t size);
/* A 16-bit filter value as "27:01.1"; returns buf. */
const char *bdf_value_str(uint16_t v, char *buf, size_t size);

#endif
