import { afterEach } from 'vitest';

// happy-dom does no layout: give elements a fixed size so the virtual list renders rows.
const SIZE = { offsetHeight: 600, offsetWidth: 1200, clientHeight: 600, clientWidth: 1200 } as const;
for (const [prop, value] of Object.entries(SIZE)) {
  Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => value });
}

afterEach(() => {
  localStorage.clear();
});
