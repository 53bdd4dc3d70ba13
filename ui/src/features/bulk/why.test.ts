import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/bindings';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { rowWhy } from './why';

const message = 'Not possible while the transaction is CREATED.';

describe('why a bulk row did not go through', () => {
  afterEach(() => i18n.set('en'));

  it('says a skip in Danish with the status by its name, never the enum', () => {
    i18n.set('da');
    const said = rowWhy({ skip: { why: 'status', status: 'CREATED' }, error: null, message }, 'da');
    expect(said).toBe('Ikke muligt, mens transaktionen er oprettet.');
    expect(rowWhy({ skip: { why: 'noPayerAccount', status: null }, error: null, message: 'x' }, 'da')).toBe('Betaleren har endnu ingen konto.');
    expect(rowWhy({ skip: { why: 'noAccount', status: null }, error: null, message: 'x' }, 'da')).toBe('Ingen af parterne har endnu en konto.');
  });

  it('says a skip in English with the status by its name', () => {
    expect(rowWhy({ skip: { why: 'status', status: 'SUCCEEDED' }, error: null, message }, 'en')).toBe('Not possible while the transaction is paid out.');
  });

  it('words a failure by its error, and keeps the English message out of Danish', () => {
    i18n.set('da');
    const error = { code: 'network', message: 'connection reset by peer' } as AppError;
    const said = rowWhy({ skip: null, error, message: 'connection reset by peer' }, 'da');
    expect(said).not.toContain('connection');
    expect(rowWhy({ skip: null, error: null, message: 'Changed since the confirmation' }, 'da')).toBeNull();
    i18n.set('en');
    expect(rowWhy({ skip: null, error: null, message: 'Changed since the confirmation' }, 'en')).toBe('Changed since the confirmation');
  });
});
