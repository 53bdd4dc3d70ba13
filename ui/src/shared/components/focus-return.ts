// Where focus goes when a dialog closes. The opener first; but confirming a money move reads the
// deal again and its buttons change (Pay out is gone once paid out), so the opener may be removed
// then, and focus would fall to the page's body, where a keyboard user cannot go on from. Focus
// then goes to the element that replaced the opener (the same test id), else the page's heading.

/** The element to focus: the opener while it is on the page, its replacement, else the heading. */
export function returnTarget(opener: Element | null, doc: Document = document): HTMLElement | null {
  // Nothing had focus when the dialog opened (WebKit does not focus a clicked button): the body
  // is no place to come back to.
  if (opener === doc.body || opener === doc.documentElement) opener = null;
  if (opener instanceof HTMLElement && opener.isConnected && !opener.closest('dialog')) return opener;
  const testid = opener instanceof HTMLElement ? opener.dataset.testid : undefined;
  if (testid) {
    const same = doc.querySelector<HTMLElement>(`[data-testid="${testid.replace(/["\\]/g, '\\$&')}"]`);
    if (same && !same.closest('dialog') && !same.hasAttribute('disabled')) return same;
  }
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

function give(opener: Element | null) {
  const to = returnTarget(opener);
  if (!to) return;
  if (to.tagName === 'H1' && !to.hasAttribute('tabindex')) to.setAttribute('tabindex', '-1');
  to.focus();
}

const lost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives focus back to the opener (or what stands for it) and, for `ms` while the page re-renders,
 * again whenever the focused element is removed. A pointer press ends the watch (the person moved on).
 */
export function restoreFocus(opener: Element | null, ms = 3000): () => void {
  give(opener);
  const observer = new MutationObserver(() => {
    if (lost()) give(opener);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, ms);
  window.addEventListener('pointerdown', stop, true);
  return stop;
}
