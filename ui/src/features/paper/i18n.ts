// Paper: a deal's settlement statement and receipt as PDF, saved or opened to print.
export const en = {
  'paper.menu': 'Paper',
  'paper.menuHint': 'A settlement statement or a receipt of this deal as PDF, for the customer or the bookkeeping',
  'paper.statement.save': 'Save settlement statement (PDF)…',
  'paper.statement.print': 'Print settlement statement…',
  'paper.receipt.save': 'Save receipt (PDF)…',
  'paper.receipt.print': 'Print receipt…',
  'paper.issuer': 'Company name on paper',
  'paper.issuerHint': 'Printed at the top of every statement and receipt; the environment’s name when empty.',
  'paper.saved': 'Saved to {path}',
  'paper.opened': 'Opened in your PDF viewer: print from there.',
  'paper.printPage': 'Print this page…',
};

export const da: Record<keyof typeof en, string> = {
  'paper.menu': 'Papir',
  'paper.menuHint': 'En afregningsopgørelse eller en kvittering for handlen som PDF, til kunden eller bogholderiet',
  'paper.statement.save': 'Gem afregningsopgørelse (PDF)…',
  'paper.statement.print': 'Udskriv afregningsopgørelse…',
  'paper.receipt.save': 'Gem kvittering (PDF)…',
  'paper.receipt.print': 'Udskriv kvittering…',
  'paper.issuer': 'Firmanavn på papir',
  'paper.issuerHint': 'Står øverst på hver opgørelse og kvittering; miljøets navn, når feltet er tomt.',
  'paper.saved': 'Gemt i {path}',
  'paper.opened': 'Åbnet i din PDF-læser: udskriv derfra.',
  'paper.printPage': 'Udskriv denne side…',
};
