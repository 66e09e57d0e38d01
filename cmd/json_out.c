// SPDX-License-Identifier: GPL-2.0
/* JSON documents on standard output: one root dumped at once, or an array element by element. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "cmd/pmuctl.h"

/* jansson writes a document token by token: gathered here, stdio sees a few large writes */
struct json_chunk {
	char buf[65536];
	size_t used;
	bool indent;	/* an array's element: two more spaces after every line break */
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

/* jansson's dump callback; a string never holds a raw line break, so each one is the layout's */
static int chunk_add(const char *buf, size_t size, void *data)
{
	struct json_chunk *c = data;
	const char *nl;

	while (c->indent && (nl = memchr(buf, '\n', size))) {
		size_t line = (size_t)(nl - buf) + 1;

		if (chunk_put(c, buf, line) || chunk_put(c, "  ", 2))
			return -1;
		buf += line;
		size -= line;
	}
	return chunk_put(c, buf, size);
}

static size_t dump_flags(void)
{
	return JSON_PRESERVE_ORDER | (settings.pretty ? JSON_INDENT(2) : JSON_COMPACT);
}

static int finish(int ret)
{
	if (chunk_flush(&chunk))
		ret = -1;
	fputc('\n', stdout);
	return ret && !reader_gone() ? -EIO : 0;
}

int json_emit(json_t *root)
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

int json_emit_array(size_t n, json_t *(*element)(size_t k, void *arg), void *arg)
{
	int ret = 0;

	/* byte for byte what jansson writes for the whole array, compact or indented */
	if (!n)
		return finish(chunk_put(&chunk, "[]", 2));
	ret = chunk_put(&chunk, settings.pretty ? "[\n  " : "[", settings.pretty ? 4 : 1);
	for (size_t k = 0; k < n && !ret; k++) {
		json_t *e = element(k, arg);

		if (!e) {
			chunk.used = 0;
			p_err("out of memory building JSON");
			return -ENOMEM;
		}
		if (k)
			ret = chunk_put(&chunk, settings.pretty ? ",\n  " : ",", settings.pretty ? 4 : 1);
		chunk.indent = settings.pretty;
		if (!ret)
			ret = json_dump_callback(e, chunk_add, &chunk, dump_flags());
		chunk.indent = false;
		json_decref(e);
	}
	if (!ret)
		ret = chunk_put(&chunk, settings.pretty ? "\n]" : "]", 2 - !settings.pretty);
	return finish(ret);
}
