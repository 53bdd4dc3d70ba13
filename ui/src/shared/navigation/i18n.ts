// Strings of the back link (English and Danish; assembled in features/shell/strings.ts).

export const en = {
  'back.deal': 'Back to the deal',
  'back.user': 'Back to the user',
  'back.page.overview': 'Back to the overview',
  'back.page.attention': 'Back to Needs attention',
  'back.page.transactions': 'Back to transactions',
  'back.page.users': 'Back to users',
  'back.page.business-users': 'Back to business users',
  'back.page.trades': 'Back to trades',
  'back.page.documents': 'Back to documents',
  'back.page.events': 'Back to events',
  'back.page.audit': 'Back to the audit log',
  'back.page.environments': 'Back to environments',
};

export const da: Record<keyof typeof en, string> = {
  'back.deal': 'Tilbage til handlen',
  'back.user': 'Tilbage til brugeren',
  'back.page.overview': 'Tilbage til overblikket',
  'back.page.attention': 'Tilbage til Kræver handling',
  'back.page.transactions': 'Tilbage til transaktioner',
  'back.page.users': 'Tilbage til brugere',
  'back.page.business-users': 'Tilbage til erhvervsbrugere',
  'back.page.trades': 'Tilbage til handelsaftaler',
  'back.page.documents': 'Tilbage til dokumenter',
  'back.page.events': 'Tilbage til hændelser',
  'back.page.audit': 'Tilbage til revisionsloggen',
  'back.page.environments': 'Tilbage til miljøer',
};
