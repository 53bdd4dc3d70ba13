import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../lib/bindings';
import { codeText, errorText, explain, serviceText } from './error-catalogue';
import type { AppError } from '../lib/bindings';
import { da, en, i18n } from './i18n/i18n.svelte';

describe('error catalogue', () => {
  it('has Danish and English words for every client error code', () => {
    for (const code of ERROR_CODES) {
      expect(`errcode.${code}` in en, code).toBe(true);
      expect(`errcode.${code}` in da, code).toBe(true);
    }
    i18n.set('da');
    expect(codeText('timeout')).toBe('Tjenesten svarede ikke i tide.');
  });

  it("puts the service's known words in the user's language, amounts and statuses included", () => {
    i18n.set('da');
    expect(serviceText('Amount exceeds the reimbursable 286510.00 DKK', 'da')).toBe('Der kan højst tilbagebetales 286.510,00 kr.');
    expect(serviceText('Transaction is SUCCEEDED', 'da')).toBe('Transaktionen er udbetalt: det er ikke længere muligt.');
    expect(serviceText('Split payout not cancellable', 'da')).toBe('Denne deludbetaling kan ikke længere annulleres.');
    expect(serviceText('the payment is RETURNED', 'da')).toBe('Betalingen er returneret: den kan ikke længere betales.');
    expect(serviceText('the payment is not in progress', 'da')).toBe('Betalingen er ikke længere i gang: den kan ikke længere betales.');
    expect(serviceText('Something new', 'da')).toBeNull();
    i18n.set('en');
    expect(serviceText('Nothing has been paid in', 'en')).toBe('Nothing has been paid in yet, so nothing can be reimbursed.');
    expect(serviceText('the payment is RETURNED', 'en')).toBe('The payment is returned: it can no longer be paid.');
    expect(serviceText('Invalid payment', 'en')).toBe('The service did not accept the payment.');
  });

  it("says bank onboarding's answers and the app's own update errors in Danish", () => {
    i18n.set('da');
    expect(serviceText('the user has not returned from the bank yet', 'da')).toBe('Brugeren er endnu ikke vendt tilbage fra banken.');
    const install = { code: 'validation', message: 'This copy of Escrow Desk was not installed from a package; install the new version with its package.', title: null, detail: null } as unknown as AppError;
    expect(explain(install, 'da')).toEqual({ known: true, text: 'Denne kopi af Escrow Desk er ikke installeret fra en pakke; installér den nye version med dens pakke.' });
    const check = { code: 'network', message: 'The update server could not be reached: error sending request for url (http://127.0.0.1:9/latest.json)', title: null, detail: null } as unknown as AppError;
    expect(errorText(check, 'da')).toBe('Opdateringsserveren kunne ikke nås. Tjek opdaterings-URL’en og netværket.');
    i18n.set('en');
  });

  it('words an error in one line: never English on a Danish screen', () => {
    const rust = { code: 'validation', message: 'The staff name must be at most 80 visible characters.', title: null, detail: null } as unknown as AppError;
    const service = { code: 'bad_request', message: 'HTTP 400', title: null, detail: 'Nothing has been paid in' } as unknown as AppError;
    i18n.set('en');
    expect(errorText(rust, 'en')).toBe('The staff name must be at most 80 visible characters.');
    i18n.set('da');
    expect(errorText(rust, 'da')).toBe('Noget i formularen er ikke i orden.');
    expect(errorText(service, 'da')).toBe(serviceText('Nothing has been paid in', 'da'));
    i18n.set('en');
  });
});

describe("a team store's refusal of a second money move", () => {
  it('names the colleague and the time, in the language shown', () => {
    const e = { code: 'in_progress', message: 'Being done by anna_k since 10:02.', status: null, title: null, detail: null, correlationId: null } as const;
    i18n.set('en');
    expect(explain(e, 'en').text).toBe('anna_k is doing this money move on this deal right now (since 10:02). Nothing was sent from this desk.');
    i18n.set('da');
    expect(explain(e, 'da').text).toContain('anna_k er i gang med denne pengebevægelse');
    i18n.set('en');
    const sent = { ...e, message: "Being sent by otto's desk; if that desk stopped, it can be checked and resent after 10:07." };
    expect(explain(sent, 'en').text).toContain("otto's desk is sending this action");
  });
});
