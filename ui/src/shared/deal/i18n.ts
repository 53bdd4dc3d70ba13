// Strings of a deal named where a page keeps only its id (English and Danish; assembled in features/shell/strings.ts).

export const en = {
  'deal.unnamed': 'Open transaction',
  'deal.idTooltip': 'Transaction id {id}',
  'deal.copyId': 'Transaction id',
};

export const da: Record<keyof typeof en, string> = {
  'deal.unnamed': 'Åbn transaktionen',
  'deal.idTooltip': 'Transaktions-id {id}',
  'deal.copyId': 'Transaktions-id',
};
