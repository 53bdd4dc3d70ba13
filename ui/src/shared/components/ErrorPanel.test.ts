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
    expect(message).toBe('Intet blev ændret. Der kan højst tilbagebetales 286.510,00 kr.');
    const panel = screen.getByTestId('error-panel').textContent ?? '';
    expect(panel.split('286').length - 1, 'once in the message, once in the original under Details').toBe(2);
    expect(screen.getByTestId('error-original').closest('details')).not.toBeNull();
    expect(screen.getByTestId('error-original').textContent).toContain('Amount exceeds the reimbursable 286510.00 DKK');
  });

  it('says an unknown service text with its amounts localized, and a client failure by its code', () => {
    i18n.set('da');
    const { unmount } = render(ErrorPanel, {
      error: { code: 'bad_request', status: 400, title: 'Odd', correlationId: null, message: 'refused (400)', detail: 'Limit is 5000.00 DKK today' },
    });
    expect(screen.getByTestId('error-message').textContent).toBe('Intet blev ændret. Tjenesten svarede: Limit is 5.000,00 kr. today');
    unmount();
    render(ErrorPanel, {
      error: { code: 'network', status: null, title: null, correlationId: null, message: 'could not connect to the service: error sending request', detail: null },
    });
    expect(screen.getByTestId('error-message').textContent).toBe('Tjenesten kunne ikke nås.');
    expect(screen.getByTestId('error-original').textContent).toContain('error sending request');
  });
});
