import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../shell/App.svelte';
import { argsOf, choose, doc, installMock, openDetail, outcome } from '../../test/users-documents-mock';

describe('documents on the transaction detail', () => {
  it('lists documents and uploads a PDF as base64', async () => {
    let docs = [doc('d-1')];
    installMock({
      list_documents: () => ({ environmentId: 'sandbox', documents: docs, filtered: true }),
      upload_document: () => {
        // As the service stores it: two signatures needed, nobody invited or signed yet.
        docs = [...docs, doc('d-2', { title: 'Syn', signersRequired: 2 })];
        return outcome({ kind: 'deleteDocument', documentId: 'd-2' }, { value: 'd-2' });
      },
    });
    await openDetail();
    const panel = await screen.findByTestId('documents-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('document-row')).toHaveLength(1));
    expect(within(panel).queryByTestId('document-upload-transaction'), 'the transaction is the open one').toBeNull();
    await choose(within(panel).getByTestId('document-upload-input'), new File(['%PDF-1.4 syn'], 'syn.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect((within(panel).getByTestId('document-title') as HTMLInputElement).value).toBe('syn'));
    await fireEvent.input(within(panel).getByTestId('document-title'), { target: { value: 'Syn' } });
    await fireEvent.input(within(panel).getByTestId('document-signers'), { target: { value: '2' } });
    await fireEvent.click(within(panel).getByTestId('document-upload'));
    await waitFor(() => expect(argsOf('upload_document')).toHaveLength(1));
    expect(argsOf('upload_document')[0]).toEqual({
      input: { transactionId: 'tx-1', title: 'Syn', signersRequired: 2, file: { fileName: 'syn.pdf', data: btoa('%PDF-1.4 syn') } },
    });
    await waitFor(() => expect(within(panel).getAllByTestId('document-row')).toHaveLength(2));
    const signed = within(panel).getAllByTestId('document-signed').map((c) => c.textContent?.trim());
    expect(signed, 'the signer count as stored; none required: said so').toEqual(['No signers required', 'No (0/2)']);
  });

  it('refuses a .pdf that is not a PDF and an empty file before sending', async () => {
    installMock();
    await openDetail();
    const panel = await screen.findByTestId('documents-panel');
    await fireEvent.input(within(panel).getByTestId('document-title'), { target: { value: 'X' } });
    await choose(within(panel).getByTestId('document-upload-input'), new File(['hello'], 'fake.pdf'));
    expect((await within(panel).findByTestId('document-file-error')).textContent).toContain('not a PDF');
    expect((within(panel).getByTestId('document-upload') as HTMLButtonElement).disabled).toBe(true);
    await choose(within(panel).getByTestId('document-upload-input'), new File([], 'empty.pdf'));
    await waitFor(() => expect(within(panel).getByTestId('document-file-error').textContent).toContain('empty'));
    expect(argsOf('upload_document')).toHaveLength(0);
  });

  it('gets a signing link for the payer and deletes after confirmation', async () => {
    installMock({
      list_documents: () => ({ environmentId: 'sandbox', documents: [doc('d-1')], filtered: true }),
      sign_document: () => outcome({ kind: 'signDocument', documentId: 'd-1', serviceAccountId: 'acc-payer', returnUrl: null }, { value: 'http://sb/hosted/sign/t1' }),
      delete_document: () => outcome({ kind: 'deleteDocument', documentId: 'd-1' }),
    });
    await openDetail();
    const row = await screen.findByTestId('document-row');
    await fireEvent.click(within(row).getByTestId('document-sign'));
    expect((await screen.findByTestId('document-link')).textContent).toBe('http://sb/hosted/sign/t1');
    expect(argsOf('sign_document')[0]).toEqual({ documentId: 'd-1', serviceAccountId: 'acc-payer', returnUrl: null });
    await fireEvent.click(within(row).getByTestId('document-delete'));
    await fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(argsOf('delete_document')).toEqual([{ documentId: 'd-1' }]));
  });
});

describe('the documents page', () => {
  it('uploads to the transaction typed, with the same form as the panel, and clears it after', async () => {
    let all = [doc('d-1')];
    installMock({
      list_all_documents: () => ({ environmentId: 'sandbox', documents: all }),
      upload_document: () => {
        all = [...all, doc('d-2', { title: 'syn', transactionId: 'tx-9', signersRequired: 2 })];
        return outcome({ kind: 'deleteDocument', documentId: 'd-2' }, { value: 'd-2' });
      },
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-documents'));
    const page = await screen.findByTestId('documents-page');
    await waitFor(() => expect(within(page).getAllByTestId('documents-page-row')).toHaveLength(1));
    await fireEvent.input(within(page).getByTestId('document-upload-transaction'), { target: { value: ' tx-9 ' } });
    await choose(within(page).getByTestId('document-upload-input'), new File(['%PDF-1.4 syn'], 'syn.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect((within(page).getByTestId('document-title') as HTMLInputElement).value).toBe('syn'));
    await fireEvent.click(within(page).getByTestId('document-upload'));
    await waitFor(() => expect(argsOf('upload_document')).toHaveLength(1));
    expect(argsOf('upload_document')[0]).toEqual({
      input: { transactionId: 'tx-9', title: 'syn', signersRequired: null, file: { fileName: 'syn.pdf', data: btoa('%PDF-1.4 syn') } },
    });
    await waitFor(() => expect(within(page).getAllByTestId('documents-page-row')).toHaveLength(2));
    expect(within(page).getAllByTestId('documents-page-count').map((c) => c.textContent)).toEqual(['0/2']);
    // Two signers required, none invited yet: not "No signers".
    const rows = within(page).getAllByTestId('documents-page-row');
    expect(rows[0].textContent).toContain('No signers required');
    expect(rows[0].textContent).not.toContain('0/0');
    expect(rows[1].textContent).toContain('Nobody invited to sign yet.');
    expect(rows[1].textContent).not.toContain('No signers required');
    expect((within(page).getByTestId('document-upload-transaction') as HTMLInputElement).value).toBe('');
    expect((within(page).getByTestId('document-title') as HTMLInputElement).value).toBe('');
  });
});

describe('the documents page names the deal', () => {
  it('shows the deal title and reference, never the bare id; the id is the tooltip', async () => {
    installMock({
      list_all_documents: () => ({ environmentId: 'sandbox', documents: [doc('d-1', { transactionId: '7f1c2d3e-0000-4000-8000-000000000001' }), doc('d-2', { transactionId: 'tx-unseen' })] }),
      transaction_labels: () => [{ environmentId: 'sandbox', transactionId: '7f1c2d3e-0000-4000-8000-000000000001', title: 'Tesla Model Y', referenceId: 'EV 48 213', currency: 'DKK' }],
    });
    render(App);
    await fireEvent.click(await screen.findByTestId('nav-documents'));
    const page = await screen.findByTestId('documents-page');
    await waitFor(() => expect(within(page).getAllByTestId('document-transaction')[0].textContent).toContain('Tesla Model Y'));
    const [named, unseen] = within(page).getAllByTestId('document-transaction');
    expect(named.textContent).toContain('EV 48 213');
    expect(named.textContent).not.toContain('7f1c2d3e');
    expect(named.getAttribute('title')).toContain('7f1c2d3e-0000-4000-8000-000000000001');
    // A deal the mirror has not seen yet: a plain "open" link, the id still not the text.
    expect(unseen.textContent?.trim()).toBe('Open transaction');
    expect(unseen.getAttribute('title')).toContain('tx-unseen');
  });
});
