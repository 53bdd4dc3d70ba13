import { describe, expect, it } from 'vitest';
import { da } from '../../shared/i18n/i18n.svelte';
import * as trades from './i18n';

/** The Danish word of the deals (escrow transactions), in its forms. */
const DEAL_WORD = /\b(handel|handler|handlen|handlens|handlerne)\b/i;

describe('Danish: trades and deals have words of their own', () => {
  it('calls the trades "handelsaftaler", never by the deals\' word', () => {
    expect(da['nav.trades']).toBe('Handelsaftaler');
    expect(da['trades.title']).toBe(da['nav.trades']);
    expect(da['back.page.trades']).toBe('Tilbage til handelsaftaler');
    const tradeKeys = Object.keys(trades.en).filter((k) => /^(nav\.trades|trades?\.|ti\.|action\.kind\.trade)/.test(k));
    expect(tradeKeys.length).toBeGreaterThan(20);
    const clashing = tradeKeys.filter((k) => DEAL_WORD.test(trades.da[k as keyof typeof trades.da]));
    expect(clashing).toEqual([]);
  });

  it('keeps "Handler" for the deals', () => {
    expect(da['overview.counts']).toBe('Handler efter status');
  });
});
