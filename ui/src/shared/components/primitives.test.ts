import { fireEvent, render, screen } from '@testing-library/svelte';
import { createRawSnippet } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../../lib/bindings';
import { i18n } from '../i18n/i18n.svelte';
import DataTable from './DataTable.svelte';
import Modal from './Modal.svelte';

type Row = { id: string; name: string };
const row = createRawSnippet((r: () => Row) => ({ render: () => `<tr data-testid="row"><td>${r().name}</td></tr>` }));
const columns = [{ label: 'Name' }, { label: 'Actions', hidden: true }];
const error: AppError = { code: 'network', message: 'Offline', status: null, title: null, detail: null, correlationId: null };

function table(props: Record<string, unknown>) {
  return render(DataTable<Row>, {
    props: { items: [], key: (r: Row) => r.id, columns, row, testid: 'tbl', emptyText: 'Nothing here', emptyTestid: 'tbl-empty', ...props },
  });
}

describe('data table', () => {
  afterEach(() => i18n.set('en'));

  it('says it is loading before the first answer, or nothing when quiet', () => {
    i18n.set('en');
    table({ loaded: false });
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByTestId('tbl')).toBeNull();
  });

  it('shows the error with Retry instead of the table', async () => {
    i18n.set('en');
    const onretry = vi.fn();
    table({ error, onretry, errorTestid: 'tbl-error' });
    expect(screen.getByTestId('tbl-error').textContent).toContain('Offline');
    await fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onretry).toHaveBeenCalledOnce();
  });

  it('shows the empty text, then a header and one row per item', () => {
    const { unmount } = table({});
    expect(screen.getByTestId('tbl-empty').textContent).toBe('Nothing here');
    unmount();
    table({ items: [{ id: 'a', name: 'Alpha' }, { id: 'b', name: 'Beta' }] });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.trim())).toEqual(['Name', 'Actions']);
    expect(screen.getAllByTestId('row').map((tr) => tr.textContent)).toEqual(['Alpha', 'Beta']);
  });
});

describe('modal', () => {
  const children = createRawSnippet(() => ({ render: () => '<div><input data-testid="first" /><button>OK</button></div>' }));

  it('opens modally, focuses the chosen element and hands Escape to the caller', async () => {
    const oncancel = vi.fn();
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const { unmount } = render(Modal, { props: { testid: 'm', label: 'A dialog', initialFocus: "[data-testid='first']", oncancel, children } });
    const dialog = screen.getByTestId('m') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('first')));
    const outside = vi.fn();
    window.addEventListener('keydown', outside);
    await fireEvent.keyDown(screen.getByTestId('first'), { key: 'Escape' });
    window.removeEventListener('keydown', outside);
    expect(oncancel).toHaveBeenCalledOnce();
    expect(outside).not.toHaveBeenCalled();
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
