import { afterEach, describe, expect, it } from 'vitest';
import { restoreFocus, returnTarget } from './focus-return';

function page(html: string) {
  document.body.innerHTML = html;
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus after a dialog closes', () => {
  it('goes to the opener, its replacement, else the page heading', () => {
    page('<main><h1>Tesla</h1><button data-testid="action-payout">Pay out</button></main>');
    const opener = byTestId('action-payout');
    expect(returnTarget(opener)).toBe(opener);
    opener!.remove();
    expect(returnTarget(opener)?.tagName).toBe('H1');
    page('<main><h1>Tesla</h1><button data-testid="action-payout">Pay out</button></main>');
    expect(returnTarget(opener)).toBe(byTestId('action-payout'));
  });

  it('goes to the heading when nothing had focus as the dialog opened (the body is no opener)', () => {
    page('<main><h1>Tesla</h1><button data-testid="action-payout">Pay out</button></main>');
    expect(returnTarget(document.body)?.tagName).toBe('H1');
  });

  it('keeps focus on the page when the page re-renders the opener away after closing', async () => {
    page('<main><h1>Tesla</h1><div id="bar"><button data-testid="action-payout">Pay out</button></div></main>');
    const opener = byTestId('action-payout');
    const stop = restoreFocus(opener);
    expect(document.activeElement).toBe(opener);
    // The deal is read again: paid out, its bar has other buttons now.
    document.getElementById('bar')!.innerHTML = '<button data-testid="action-reimburse">Reimburse</button>';
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.tagName, 'not the body').toBe('H1');
    stop();
  });
});
