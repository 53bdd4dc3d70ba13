// The one way the window calls Rust: anything a command throws becomes an AppError.
import { invoke } from '@tauri-apps/api/core';
import { toAppError } from './errors';

/** Runs a command; anything it throws becomes an AppError. */
export async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toAppError(e);
  }
}
