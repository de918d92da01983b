#ifndef UNDERCURRENT_SUPPORT_H
#define UNDERCURRENT_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// Installs a SIGINT handler that only raises a flag; evaluation polls it.
void uc_install_interrupt_handler(void);
/// Restores the default SIGINT behaviour.
void uc_restore_interrupt_handler(void);
/// Returns 1 and clears the flag when Ctrl-C was pressed since the last call.
int uc_take_interrupt(void);
/// Returns 1 when Ctrl-C was pressed, without clearing it.
int uc_interrupt_pending(void);
/// Raises the flag by hand (tests, and the line editor when it sees ^C).
void uc_raise_interrupt(void);
/// The lowest address of the calling thread's stack (0 when unknown); found once per thread.
uintptr_t uc_stack_low(void);
/// The size of the calling thread's stack in bytes (0 when unknown).
size_t uc_stack_size(void);
/// Sets the stack the two above report for the calling thread: a fiber's while it runs.
void uc_stack_set(uintptr_t low, size_t size);
/// Nanoseconds on the monotonic clock (for the wall-clock limit of an input).
uint64_t uc_monotonic_nanoseconds(void);


#include <stddef.h>

/// A body that runs on a stack of its own and can pause part-way, to be resumed later on
/// the same thread (fiber.c). Script `async` code suspends this way: the engine is the
/// same direct-style code whether or not a body ever pauses.
typedef struct uc_fiber uc_fiber;
/// A fiber that will run `entry(argument)` on a stack of `stack_size` bytes (reserved,
/// committed only as it grows) the first time it is resumed; NULL if no memory.
uc_fiber *uc_fiber_create(size_t stack_size, void (*entry)(void *), void *argument);
/// Runs the fiber until it suspends (returns 0) or its entry returns (1); -1 if it is
/// running or finished already.
int uc_fiber_resume(uc_fiber *fiber);
/// From inside the fiber: pauses it and returns to whoever resumed it.
void uc_fiber_suspend(uc_fiber *fiber);
/// 1 while the fiber runs (between a resume and the next suspend or its end).
int uc_fiber_is_running(const uc_fiber *fiber);
/// Frees the fiber's stack. What is still on a suspended fiber's stack is never released:
/// resume it until it finishes first.
void uc_fiber_destroy(uc_fiber *fiber);

#endif
