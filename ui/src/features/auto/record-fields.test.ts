import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../shared/format';
import { i18n } from '../../shared/i18n/i18n.svelte';
import { billOfSaleFields, debtFields, formatAny, labelFromKey } from './record-fields';

// As the sandbox records them on a new Auto deal set up with a bill of sale and debt.
const BILL = {
  enabled: true, fileId: 'f-1', fileName: 'slutseddel.pdf', generated: true, size: 1834, amount: '199900.00', currency: 'DKK',
  additionalTerms: null, requiredSigners: ['Payer', 'Payee'], signed: false, created: '2026-11-24T10:15:00Z',
};
const DEBT = {
  amount: '45000.00', currency: 'DKK', fikCode: null, bankAccount: 'DK5000400440116243', bankAccountText: null,
  fileId: 'f-2', fileName: 'gaeld.pdf', contentType: 'application/pdf', size: 52, splitPayoutId: 'sp-9', created: '2026-11-24T10:15:02Z',
};

const asText = (fields: { label: string; value: string }[]) => fields.map((f) => `${f.label}: ${f.value}`).join('\n');
const NO_JSON = /[{}"]|\bnull\b|\bundefined\b|\bfalse\b|\btrue\b/;

describe('the recorded bill of sale and debt as fields', () => {
  it('labels known fields, formats money, dates, sizes and signers, and leaves out nulls and ids (English)', () => {
    i18n.set('en');
    const bill = billOfSaleFields(BILL, 'DKK', 'en');
    expect(bill.map((f) => f.key)).toEqual(['enabled', 'generated', 'amount', 'requiredSigners', 'signed', 'fileName', 'size', 'created']);
    const text = asText(bill);
    expect(text).toContain('Amount: DKK 199,900.00');
    expect(text).toContain('Required signers: Payer, Payee');
    expect(text).toContain('Signed: No');
    expect(text).toContain('File size: 1.8 kB');
    expect(text).toContain(`Created: ${formatDateTime(BILL.created, 'en')}`);
    expect(formatDateTime(BILL.created, 'en')).toMatch(/2026/);
    expect(text).not.toMatch(NO_JSON);
    expect(text).not.toContain('f-1');
    const debt = asText(debtFields(DEBT, 'DKK', 'en'));
    expect(debt).toContain('Amount: DKK 45,000.00');
    expect(debt).toContain('Bank account (BBAN or IBAN): DK5000400440116243');
    expect(debt).toContain('File type: PDF');
    expect(debt).toContain('File size: 52 bytes');
    expect(debt).not.toContain('sp-9');
    expect(debt).not.toMatch(NO_JSON);
  });

  it('says the same in Danish', () => {
    i18n.set('da');
    const text = asText([...billOfSaleFields(BILL, 'DKK', 'da'), ...debtFields(DEBT, 'DKK', 'da')]);
    expect(text).toContain('Beløb: 199.900,00 kr.');
    expect(text).toContain('Beløb: 45.000,00 kr.');
    expect(text).toContain('Skal underskrives af: Betaler, Modtager');
    expect(text).toContain('Underskrevet: Nej');
    expect(text).toContain('Filstørrelse: 52 byte');
    expect(text).toContain(`Oprettet: ${formatDateTime(BILL.created, 'da')}`);
    expect(text).not.toMatch(NO_JSON);
    i18n.set('en');
  });

  it('shows a field it does not know readably, labelled from its key, never as JSON', () => {
    i18n.set('en');
    const fields = debtFields({ ...DEBT, creditorName: 'Nordea Finans', settledAmount: '45000.00', dueDate: '2026-12-01', lender: { name: 'Nordea', cvr: null, reference: 'L-1' }, flags: [true, null] }, 'DKK', 'en');
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.creditorName).toMatchObject({ label: 'Creditor name', value: 'Nordea Finans' });
    expect(byKey.settledAmount.value).toBe('DKK 45,000.00');
    expect(byKey.dueDate.value).toBe(formatDate('2026-12-01', 'en'));
    expect(byKey.lender.value).toBe('Name: Nordea; Reference: L-1');
    expect(byKey.flags.value).toBe('Yes');
    expect(asText(fields)).not.toMatch(NO_JSON);
    expect(labelFromKey('vin_code')).toBe('Vin code');
    expect(labelFromKey('pdfURL')).toBe('Pdf url');
    expect(formatAny('x', [], 'DKK', 'en')).toBe('—');
  });

  it('an empty signer list reads Nobody; a record that is not an object has no fields', () => {
    i18n.set('en');
    expect(billOfSaleFields({ enabled: true, requiredSigners: [] }, 'DKK', 'en').find((f) => f.key === 'requiredSigners')?.value).toBe('Nobody');
    const signers = (list: string[]) => billOfSaleFields({ requiredSigners: list }, 'DKK', 'en')[0].value;
    expect(signers(['Payee', 'Payer']), 'payer first, as the form lists them').toBe('Payer, Payee');
    expect(signers(['Witness', 'Payee'])).toBe('Payee, Witness');
    expect(billOfSaleFields('on', 'DKK', 'en')).toEqual([]);
    expect(debtFields(null, 'DKK', 'en')).toEqual([]);
    expect(billOfSaleFields(BILL, 'DKK', 'en', ['enabled', 'generated']).map((f) => f.key)).not.toContain('enabled');
  });
});
