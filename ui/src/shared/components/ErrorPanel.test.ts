import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPanel from './ErrorPanel.svelte';
import { i18n } from '../i18n/i18n.svelte';

afterEach(() => i18n.set('en'));

describe('error panel', () => {
  it('says a refusal once, in Danish with Danish amounts, and keeps the original under Details', () => {
    i18n.set('da');
    render(ErrorPanel, {
      error: {
        code: 'bad_request', status: 400, title: null, correlationId: 'corr-1',
        message: 'the service refused the request (400): Amount exceeds the reimbursable 286510.00 DKK',
        detail: 'Amount exceeds the reimbursable 286510.00 DKK',
      },
    });
    const message = screen.getByTestId('error-message').textContent ?? '';
    expect(message).toBe('Intet blev ændret. Tjenesten svarede: Amount exceeds the reimbursable 286.510,00 kr.');
    const panel = screen.getByTestId('error-panel').textContent ?? '';
    expect(panel.split('286').length - 1, 'once in the message, once in the original under Details').toBe(2);
    expect(screen.getByTestId('error-original').closest('details')).not.toBeNull();
  });
});
