#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include "CUndercurrentSupport.h"

// The lowest address of the calling thread's stack, found once per thread: the depth
// limits count levels, and this lets the engine's nesting stop while there is room left.
static __thread uintptr_t stack_low = 0;
static __thread size_t stack_size = 0;

static void find_stack(void) {
    if (stack_low != 0) return;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
    void *address = 0;
    size_t size = 0;
    if (pthread_attr_getstack(&attributes, &address, &size) == 0) {
        stack_low = (uintptr_t)address;
        stack_size = size;
    }
    pthread_attr_destroy(&attributes);
}

uintptr_t uc_stack_low(void) {
    find_stack();
    return stack_low;
}

size_t uc_stack_size(void) {
    find_stack();
    return stack_size;
}

void uc_stack_set(uintptr_t low, size_t size) {
    find_stack();
    stack_low = low;
    stack_size = size;
}

uint64_t uc_monotonic_nanoseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
