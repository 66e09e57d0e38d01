// SPDX-License-Identifier: GPL-2.0
/* A JSON element from the arena: dropped whole when all of it is the arena's, else freed by
 * json_decref of the heap's parts alone, and jansson back on the heap either way. */
#include <stdlib.h>
#include <jansson.h>
#include "lib/jarena.h"
#include "unit.h"

static long live;	/* the heap's allocations not yet freed, counted */

static void *counted_malloc(size_t size)
{
	void *p = malloc(size);

	live += p != NULL;
	return p;
}

static void counted_free(void *p)
{
	live -= p != NULL;
	free(p);
}

/* An array of n strings of 100 bytes: 20 KiB or so for 100, past the arena for 10,000 */
static json_t *strings(size_t n)
{
	char text[101];
	json_t *a = json_array();

	for (size_t i = 0; i < 100; i++)
		text[i] = (char)('a' + i % 26);
	text[100] = '\0';
	for (size_t i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(text));
	return a;
}

int main(void)
{
	json_malloc_t m;
	json_free_t f;
	json_t *e;

	json_set_alloc_funcs(counted_malloc, counted_free);
	/* under AddressSanitizer jansson keeps to the heap, where it sees */
	if (!jarena_begin())
		return unit_report("test_jarena");
	jarena_drop(NULL);
	for (int round = 0; round < 3; round++) {
		CHECK(jarena_begin());
		e = strings(100);
		CHECK(e && json_array_size(e) == 100);
		CHECK(live == 0);	/* all of it the arena's */
		jarena_drop(e);
		CHECK(live == 0);
		/* jansson is on the heap again */
		json_get_alloc_funcs(&m, &f);
		CHECK(m == counted_malloc && f == counted_free);
		e = json_string("x");
		CHECK(live == 2);
		json_decref(e);
		CHECK(live == 0);
	}
	/* past the arena: the rest from the heap, and json_decref frees exactly that */
	CHECK(jarena_begin());
	e = strings(10000);
	CHECK(e && json_array_size(e) == 10000);
	CHECK(live > 0);
	jarena_drop(e);
	CHECK(live == 0);
	/* no element at all (out of memory building it) */
	CHECK(jarena_begin());
	jarena_drop(NULL);
	json_get_alloc_funcs(&m, &f);
	CHECK(m == counted_malloc && f == counted_free);
	jarena_free();
	return unit_report("test_jarena");
}
