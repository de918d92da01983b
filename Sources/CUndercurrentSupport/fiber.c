#include "CUndercurrentSupport.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* The Swift runtime keeps the dynamic exclusivity checker's open accesses in a thread-local
   list. A body that pauses while an access is open would leave its entry in the middle of
   another body's. The concurrency runtime solves the same problem for tasks with these two
   entry points; a fiber calls them as a task does when it resumes and when it suspends.
   The state they keep is two pointers, zeroed before first use. */
extern void swift_task_enterThreadLocalContext(char *state);
extern void swift_task_exitThreadLocalContext(char *state);

enum { FIBER_CREATED, FIBER_RUNNING, FIBER_SUSPENDED, FIBER_FINISHED };

struct uc_fiber {
    ucontext_t context;  /* the fiber's own registers and stack, while it is paused */
    ucontext_t resumer;  /* whoever called uc_fiber_resume last, while the fiber runs */
    void *mapping;
    size_t mapping_size;
    void (*entry)(void *);
    void *argument;
    int state;
    char exclusivity[2 * sizeof(void *)];
};

/* makecontext passes only ints to the entry; the fiber being started is handed over here. */
static __thread uc_fiber *starting;

static void fiber_main(void) {
    uc_fiber *fiber = starting;
    fiber->entry(fiber->argument);
    fiber->state = FIBER_FINISHED;
    setcontext(&fiber->resumer);
    abort(); /* setcontext returns only if the context is invalid */
}

uc_fiber *uc_fiber_create(size_t stack_size, void (*entry)(void *), void *argument) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) page = 4096;
    size_t size = (stack_size + (size_t)page - 1) / (size_t)page * (size_t)page;
    /* One guard page below the stack: an overflow faults instead of writing over memory.
       The rest is reserved, not committed: pages are used only as the stack grows. */
    size_t mapping_size = size + (size_t)page;
    void *mapping = mmap(NULL, mapping_size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (mapping == MAP_FAILED) return NULL;
    if (mprotect(mapping, (size_t)page, PROT_NONE) != 0) {
        munmap(mapping, mapping_size);
        return NULL;
    }
    uc_fiber *fiber = calloc(1, sizeof *fiber);
    if (fiber == NULL) {
        munmap(mapping, mapping_size);
        return NULL;
    }
    fiber->mapping = mapping;
    fiber->mapping_size = mapping_size;
    fiber->entry = entry;
    fiber->argument = argument;
    fiber->state = FIBER_CREATED;
    if (getcontext(&fiber->context) != 0) {
        uc_fiber_destroy(fiber);
        return NULL;
    }
    fiber->context.uc_stack.ss_sp = (char *)mapping + page;
    fiber->context.uc_stack.ss_size = size;
    fiber->context.uc_link = NULL;
    makecontext(&fiber->context, fiber_main, 0);
    return fiber;
}

int uc_fiber_resume(uc_fiber *fiber) {
    if (fiber->state != FIBER_CREATED && fiber->state != FIBER_SUSPENDED) return -1;
    if (fiber->state == FIBER_CREATED) starting = fiber;
    fiber->state = FIBER_RUNNING;
    /* The stack guard (stack.c) measures the stack that runs: the fiber's while it runs,
       the resumer's again once it pauses or ends. */
    uintptr_t outer_low = uc_stack_low();
    size_t outer_size = uc_stack_size();
    uc_stack_set((uintptr_t)fiber->context.uc_stack.ss_sp, fiber->context.uc_stack.ss_size);
    swift_task_enterThreadLocalContext(fiber->exclusivity);
    swapcontext(&fiber->resumer, &fiber->context);
    swift_task_exitThreadLocalContext(fiber->exclusivity);
    uc_stack_set(outer_low, outer_size);
    return fiber->state == FIBER_FINISHED ? 1 : 0;
}

void uc_fiber_suspend(uc_fiber *fiber) {
    fiber->state = FIBER_SUSPENDED;
    swapcontext(&fiber->context, &fiber->resumer);
}

int uc_fiber_is_running(const uc_fiber *fiber) { return fiber->state == FIBER_RUNNING; }

void uc_fiber_destroy(uc_fiber *fiber) {
    if (fiber == NULL) return;
    munmap(fiber->mapping, fiber->mapping_size);
    free(fiber);
}
