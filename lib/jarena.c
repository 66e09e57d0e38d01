// SPDX-License-Identifier: GPL-2.0
/* One JSON array element's allocations from an arena (jarena.h). */
#include <stdint.h>
#include <stdlib.h>
#include <jansson.h>
#include "lib/jarena.h"

/* a PMU of 64 sockets' list -j takes about 20 KiB: room for one with thousands of events */
#define JARENA_SIZE ((size_t)512 * 1024)

static struct {
	char *base;
	size_t used;
	bool spilled;		/* an allocation went to the heap: the element needs json_decref */
	json_malloc_t heap_malloc;
	json_free_t heap_free;
} arena;

static bool jarena_owns(const void *p)
{
	uintptr_t at = (uintptr_t)p, base = (uintptr_t)arena.base;

	return arena.base && at >= base && at < base + JARENA_SIZE;
}

static void *jarena_malloc(size_t size)
{
	/* malloc's alignment, as jansson stores doubles and pointers */
	size_t need = (size + 15) & ~(size_t)15;
	void *p;

	if (need >= size && JARENA_SIZE - arena.used >= need) {
		p = arena.base + arena.used;
		arena.used += need;
		return p;
	}
	arena.spilled = true;
	return arena.heap_malloc(size);
}

/* the arena's own are dropped with it */
static void jarena_release(void *p)
{
	if (!jarena_owns(p))
		arena.heap_free(p);
}

bool jarena_begin(void)
{
	/* AddressSanitizer sees into the heap's allocations, not into an arena's */
#if defined(__SANITIZE_ADDRESS__)
	return false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return false;
#endif
#endif
	if (!arena.base && !(arena.base = malloc(JARENA_SIZE)))
		return false;
	arena.used = 0;
	arena.spilled = false;
	json_get_alloc_funcs(&arena.heap_malloc, &arena.heap_free);
	json_set_alloc_funcs(jarena_malloc, jarena_release);
	return true;
}

void jarena_drop(json_t *e)
{
	if (arena.spilled)
		json_decref(e);
	json_set_alloc_funcs(arena.heap_malloc, arena.heap_free);
}

void jarena_free(void)
{
	free(arena.base);
	arena.base = NULL;
}
