// The app's pages by name, and what a link to a deal may ask of it once it has loaded. Plain
// names: the shell decides which feature's page shows for each (App.svelte).
export type Page = 'overview' | 'attention' | 'transactions' | 'environments' | 'audit' | 'users' | 'business-users' | 'trades' | 'events' | 'documents' | 'approvals';

/** What to do once a transaction opened from elsewhere (the attention queue) has loaded. */
export type DetailIntent = {
  transactionId: string;
  /** The action dialog to open. */
  action: 'payout' | 'createSplitPayout';
  /** Values to start the dialog's form with (amount, recipient, timing). */
  prefill?: { amount?: string; recipient?: 'PAYEE' | 'PAYER' | 'TENANT'; timing?: '' | 'NEXT_PAYOUT' | 'ON_CLOSE' };
};
