// SPDX-License-Identifier: GPL-2.0
/* JSON documents on standard output: one root dumped at once, or an array element by element. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cmd/pmuctl.h"
#include "lib/jarena.h"

/* jansson writes a document token by token: gathered here, stdio sees a few large writes */
struct json_chunk {
	char buf[65536];
	size_t used;
	int indent;	/* an element's depth: 2 more spaces per level after every line break */
};

static struct json_chunk chunk;

static int chunk_flush(struct json_chunk *c)
{
	size_t want = c->used;

	c->used = 0;
	return fwrite(c->buf, 1, want, stdout) == want ? 0 : -1;
}

static int chunk_put(struct json_chunk *c, const char *buf, size_t size)
{
	if (c->used + size > sizeof(c->buf) && chunk_flush(c))
		return -1;
	if (size > sizeof(c->buf))
		return fwrite(buf, 1, size, stdout) == size ? 0 : -1;
	memcpy(c->buf + c->used, buf, size);
	c->used += size;
	return 0;
}

static int chunk_puts(struct json_chunk *c, const char *s)
{
	return chunk_put(c, s, strlen(s));
}

/* A line break and the indentation of depth, or nothing in compact output */
static int chunk_break(struct json_chunk *c, int depth)
{
	static const char spaces[] = "\n                ";

	if (!settings.pretty)
		return 0;
	if (depth > 8)
		depth = 8;
	return chunk_put(c, spaces, 1 + 2 * (size_t)depth);
}

/* jansson's dump callback; a string never holds a raw line break, so each one is the layout's */
static int chunk_add(const char *buf, size_t size, void *data)
{
	struct json_chunk *c = data;
	const char *nl;

	/* most calls: a token of a few bytes, compact, with room */
	if (!c->indent && c->used + size <= sizeof(c->buf)) {
		memcpy(c->buf + c->used, buf, size);
		c->used += size;
		return 0;
	}
	while (c->indent && (nl = memchr(buf, '\n', size))) {
		size_t line = (size_t)(nl - buf);

		if (chunk_put(c, buf, line) || chunk_break(c, c->indent))
			return -1;
		buf += line + 1;
		size -= line + 1;
	}
	return chunk_put(c, buf, size);
}

static size_t dump_flags(void)
{
	return JSON_PRESERVE_ORDER | (settings.pretty ? JSON_INDENT(2) : JSON_COMPACT);
}

static int finish(int ret)
{
	jarena_free();
	if (chunk_flush(&chunk))
		ret = -1;
	fputc('\n', stdout);
	return ret && !reader_gone() ? -EIO : 0;
}

int jout_emit(json_t *root)
{
	int ret;

	if (!root) {
		p_err("out of memory building JSON");
		return -ENOMEM;
	}
	ret = json_dump_callback(root, chunk_add, &chunk, dump_flags());
	json_decref(root);
	return finish(ret);
}

/* An array at depth, its elements built, written and freed one by one, as jansson lays it out */
static int put_array(int depth, size_t member, size_t n, jout_element_fn element, void *arg)
{
	int ret;

	if (!n)
		return chunk_puts(&chunk, "[]");
	ret = chunk_puts(&chunk, "[");
	for (size_t k = 0; k < n && !ret; k++) {
		bool arena = jarena_begin();
		json_t *e = element(member, k, arg);

		if (!e) {
			if (arena)
				jarena_drop(NULL);
			return -ENOMEM;
		}
		ret = (k ? chunk_puts(&chunk, ",") : 0) || chunk_break(&chunk, depth + 1);
		/* compact output has no line break to indent after: no token is searched for one */
		chunk.indent = settings.pretty ? depth + 1 : 0;
		if (!ret)
			ret = json_dump_callback(e, chunk_add, &chunk, dump_flags());
		chunk.indent = 0;
		/* the arena's: dropped with it, not walked and freed value by value */
		if (arena)
			jarena_drop(e);
		else
			json_decref(e);
	}
	return ret || chunk_break(&chunk, depth) || chunk_puts(&chunk, "]") ? -1 : 0;
}

static int emit_failed(int ret)
{
	chunk.used = 0;
	p_err("out of memory building JSON");
	return ret;
}

int jout_emit_array(size_t n, jout_element_fn element, void *arg)
{
	int ret = put_array(0, 0, n, element, arg);

	return ret == -ENOMEM ? emit_failed(ret) : finish(ret);
}

int jout_emit_arrays(const char *const *keys, const size_t *n, size_t members,
		     jout_element_fn element, void *arg)
{
	int ret = chunk_puts(&chunk, "{");

	/* keys are pmuctl's own words: written as they are, no escaping needed */
	for (size_t m = 0; m < members && !ret; m++) {
		ret = (m ? chunk_puts(&chunk, ",") : 0) || chunk_break(&chunk, 1) ||
		      chunk_puts(&chunk, "\"") || chunk_puts(&chunk, keys[m]) ||
		      chunk_puts(&chunk, settings.pretty ? "\": " : "\":");
		if (!ret)
			ret = put_array(1, m, n[m], element, arg);
	}
	if (!ret && members)
		ret = chunk_break(&chunk, 0);
	if (!ret)
		ret = chunk_puts(&chunk, "}");
	return ret == -ENOMEM ? emit_failed(ret) : finish(ret);
}
