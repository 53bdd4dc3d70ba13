/**
 * After a form's check failed: brings its first fault into sight, so it is never off-screen.
 * The first field marked invalid (`aria-invalid="true"`) or error message (`.field-error`,
 * `role="alert"`) in document order is scrolled to the middle of the window; a field is
 * focused too (a message on its own, such as a missing file, is only scrolled to).
 * Returns the element brought into sight, or null when `root` shows no fault.
 */
export function revealFirstError(root: ParentNode | null | undefined): HTMLElement | null {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"], .field-error, [role="alert"]') ?? null;
  if (!first) return null;
  first.scrollIntoView?.({ block: 'center' });
  if (first.matches('input, select, textarea, button')) first.focus({ preventScroll: true });
  return first;
}
