/** The longest staff name Rust accepts (`environments/staff.rs`, `MAX_CHARS`). */
export const STAFF_NAME_MAX_CHARS = 80;

/** Whether a typed name is longer than Rust accepts (counted in characters, trimmed). */
export function staffNameTooLong(name: string): boolean {
  return [...name.trim()].length > STAFF_NAME_MAX_CHARS;
}
