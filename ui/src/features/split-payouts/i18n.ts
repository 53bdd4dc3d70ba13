// Strings of split payouts (English and Danish; assembled in features/shell/strings.ts).

export const en = {
  'split.title': 'Split payouts',
  'split.new': 'New split payout',
  'split.empty': 'No split payouts.',
  'split.recipient': 'Recipient',
  'split.lender': 'The lender (debt settlement)',
  'split.timing': 'Timing',
  'split.actions': 'Actions',

  'recipient.PAYEE': 'Payee',
  'recipient.PAYER': 'Payer',
  'recipient.TENANT': 'Tenant',
  'recipient.DEBT_SETTLEMENT': 'The lender (debt settlement)',
  'split.debtNoCancel': 'Debt settlement · cannot be cancelled',
  'split.cancel': 'Cancel split payout',

  'timing.default': 'Service default',
  'timing.NEXT_PAYOUT': 'Next payout',
  'timing.ON_CLOSE': 'On close',
};

export const da: Record<keyof typeof en, string> = {
  'split.title': 'Delte udbetalinger',
  'split.new': 'Ny delt udbetaling',
  'split.empty': 'Ingen delte udbetalinger.',
  'split.recipient': 'Modtager',
  'split.lender': 'Långiveren (gældsindfrielse)',
  'split.timing': 'Tidspunkt',
  'split.actions': 'Handlinger',

  'recipient.PAYEE': 'Modtager',
  'recipient.PAYER': 'Betaler',
  'recipient.TENANT': 'Platformen',
  'recipient.DEBT_SETTLEMENT': 'Långiveren (indfrielse af gæld)',
  'split.debtNoCancel': 'Gældsindfrielse · kan ikke annulleres',
  'split.cancel': 'Annullér deludbetaling',

  'timing.default': 'Tjenestens standard',
  'timing.NEXT_PAYOUT': 'Næste udbetaling',
  'timing.ON_CLOSE': 'Ved afslutning',
};
