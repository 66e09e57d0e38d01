// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "lib/strnum.h"
#include "topology/bdf.h"

static int field(const char *s, const char *start, size_t len, uint64_t max, const char *what,
		 uint64_t *out, struct err_report *err)
{
	int ret = strnum_u64n(start, len, 16, UINT64_MAX, out);

	if (ret == -EINVAL || len == 0 || len > 8 || (len > 1 && start[1] == 'x'))
		return err_at(err, -EINVAL, (size_t)(start - s), len ? len : 1,
				  "invalid BDF '%s': %s '%.*s' is not a hex number", s, what, (int)len,
				  start);
	if (ret || *out > max)
		return err_at(err, -ERANGE, (size_t)(start - s), len,
				  "invalid BDF '%s': %s 0x%.*s is above 0x%llx", s, what, (int)len, start,
				  (unsigned long long)max);
	return 0;
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* DDDD:BB:DD.F, as sysfs names every function; the rest, and every error, to the general parse */
static bool parse_canonical(const char *s, struct bdf *out)
{
	static const char shape[] = "hhhh:hh:hh.h";
	unsigned v[12];

	for (size_t i = 0; i < sizeof(shape) - 1; i++) {
		int x = hex_digit(s[i]);

		if (shape[i] != 'h' ? s[i] != shape[i] : x < 0)
			return false;
		v[i] = x < 0 ? 0 : (unsigned)x;
	}
	if (s[sizeof(shape) - 1] || v[8] > 1 || v[11] > 7)
		return false;
	out->domain = (int64_t)(v[0] << 12 | v[1] << 8 | v[2] << 4 | v[3]);
	out->bus = v[5] << 4 | v[6];
	out->dev = v[8] << 4 | v[9];
	out->fn = v[11];
	return true;
}

int bdf_parse(const char *s, struct bdf *out, struct err_report *err)
{
	const char *c1 = strchr(s, ':'), *c2, *dot, *bus;
	uint64_t dom = 0, b, d, f;
	int ret;

	if (parse_canonical(s, out))
		return 0;
	if (!c1)
		return err_set(err, -EINVAL, "invalid BDF '%s': expected [domain:]bus:device.function, like 27:01.1",
				   s);
	c2 = strchr(c1 + 1, ':');
	out->domain = -1;
	bus = s;
	if (c2) {
		ret = field(s, s, (size_t)(c1 - s), 0xffffffff, "domain", &dom, err);
		if (ret)
			return ret;
		out->domain = (int64_t)dom;
		bus = c1 + 1;
		c1 = c2;
	}
	dot = strchr(c1 + 1, '.');
	if (!dot)
		return err_set(err, -EINVAL, "invalid BDF '%s': no '.function' after the device", s);
	ret = field(s, bus, (size_t)(c1 - bus), 0xff, "bus", &b, err);
	if (!ret)
		ret = field(s, c1 + 1, (size_t)(dot - c1 - 1), 0x1f, "device", &d, err);
	if (!ret)
		ret = field(s, dot + 1, strlen(dot + 1), 7, "function", &f, err);
	if (ret)
		return ret;
	out->bus = (unsigned)b;
	out->dev = (unsigned)d;
	out->fn = (unsigned)f;
	return 0;
}

static int bdf_parse_value(const char *s, struct bdf *out, struct err_report *err)
{
	/* hex with or without 0x, as lspci prints every BDF number: 4100 is 41:00.0 */
	const char *digits = !strncasecmp(s, "0x", 2) ? s + 2 : s;
	uint64_t v;
	int ret = *digits ? strnum_u64(digits, 16, 0xffff, &v) : -EINVAL;

	if (ret == -ERANGE)
		return err_set(err, -ERANGE, "invalid BDF value '%s': above 0xffff (bus 0xff, device 0x1f, function 7)",
				   s);
	if (ret)
		return err_set(err, -EINVAL, "invalid BDF '%s': expected bus:device.function (27:01.1) or its 16-bit value in hex (0x2709)",
				   s);
	bdf_decode((uint16_t)v, out);
	return 0;
}

const char *bdf_trim(const char *s, size_t *len)
{
	/* surrounding white space, as a pasted or scripted argument has it */
	s += strspn(s, " \t\n");
	*len = strlen(s);
	while (*len && strchr(" \t\n", s[*len - 1]))
		--*len;
	return s;
}

int bdf_parse_any(const char *s, struct bdf *out, bool *was_value, struct err_report *err)
{
	char buf[64] = "";
	size_t len;

	s = bdf_trim(s, &len);
	if (len >= sizeof(buf))
		return err_set(err, -EINVAL, "invalid BDF '%.*s...': too long", 20, s);
	memcpy(buf, s, len);
	buf[len] = '\0';
	*was_value = !strchr(buf, ':');
	return *was_value ? bdf_parse_value(buf, out, err) : bdf_parse(buf, out, err);
}

uint16_t bdf_encode(const struct bdf *b)
{
	return (uint16_t)(b->bus << 8 | b->dev << 3 | b->fn);
}

void bdf_decode(uint16_t v, struct bdf *out)
{
	out->domain = -1;
	out->bus = v >> 8;
	out->dev = (v >> 3) & 0x1f;
	out->fn = v & 7;
}

const char *bdf_value_str(uint16_t v, char *buf, size_t size)
{
	struct bdf b;

	bdf_decode(v, &b);
	bdf_format(&b, buf, size);
	return buf;
}

void bdf_format(const struct bdf *b, char *buf, size_t size)
{
	if (b->domain >= 0)
		snprintf(buf, size, "%04llx:%02x:%02x.%x", (unsigned long long)b->domain, b->bus,
			 b->dev, b->fn);
	else
		snprintf(buf, size, "%02x:%02x.%x", b->bus, b->dev, b->fn);
}
