// The one way the window calls Rust: anything a command throws becomes an AppError.
import { invoke } from '@tauri-apps/api/core';
import { toAppError } from './errors';
import { storageDamage } from './storage-damage.svelte';
import { markOnce } from './startup-marks';

/** Runs a command; anything it throws becomes an AppError (a damaged database is also remembered for the banner). */
export async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  markOnce('first-call');
  try {
    const answer = await invoke<T>(cmd, args);
    markOnce('first-answer');
    return answer;
  } catch (e) {
    const error = toAppError(e);
    if (error.code === 'storage_damaged') storageDamage.seen = true;
    throw error;
  }
}
