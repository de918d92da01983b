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

#endif
