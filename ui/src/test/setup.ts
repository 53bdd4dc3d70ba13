import { afterEach, vi } from 'vitest';
// The dictionaries, as main.ts hands them in before the window's first page.
import '../features/shell/strings';

// The window opens on the overview; the App-level tests of the list, the detail and the other
// pages start on the transactions list they were written for (overview.test.ts checks the real one).
vi.mock('../shared/navigation/first-page', () => ({ FIRST_PAGE: 'transactions' }));

// happy-dom does no layout: give elements a fixed size so the virtual list renders rows.
const SIZE = { offsetHeight: 600, offsetWidth: 1200, clientHeight: 600, clientWidth: 1200 } as const;
for (const [prop, value] of Object.entries(SIZE)) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
}

afterEach(() => {
  localStorage.clear();
});

// The product opens dialogs with the native showModal(); a DOM without it gets a minimal stand-in
// (open attribute only: no top layer, no focus trap).
const dialogProto = globalThis.HTMLDialogElement?.prototype as Partial<HTMLDialogElement> | undefined;
if (dialogProto && typeof dialogProto.showModal !== 'function') {
  dialogProto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialogProto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
