// Both dictionaries, assembled from each feature's part. Every part types its Danish half as
// Record<keyof typeof en, string>, so a key missing (or extra) in either language fails to compile;
// i18n.test.ts checks placeholders and that no key is owned by two parts.
import * as attention from '../../features/attention/i18n';
import * as audit from '../../features/audit/i18n';
import * as auto from '../../features/auto/i18n';
import * as bulk from '../../features/bulk/i18n';
import * as documents from '../../features/documents/i18n';
import * as environments from '../../features/environments/i18n';
import * as events from '../../features/events/i18n';
import * as notifications from '../../features/notifications/i18n';
import * as overview from '../../features/overview/i18n';
import * as payments from '../../features/payments/i18n';
import * as saving from '../../features/saving/i18n';
import * as shell from '../../features/shell/i18n';
import * as splitPayouts from '../../features/split-payouts/i18n';
import * as timeline from '../../features/timeline/i18n';
import * as trades from '../../features/trades/i18n';
import * as tradeWords from '../../features/trades/words-i18n';
import * as transactionActions from '../../features/transactions/actions/i18n';
import * as transactions from '../../features/transactions/i18n';
import * as transactionMoney from '../../features/transactions/money/i18n';
import * as transactionsOffline from '../../features/transactions/offline/i18n';
import * as updates from '../../features/updates/i18n';
import * as users from '../../features/users/i18n';
import * as common from './common';

/** Each part by name (for the tests). */
export const PARTS = {
  common, shell, overview, attention, environments, transactions, transactionsOffline, transactionActions, transactionMoney, bulk, payments, splitPayouts, users, documents, auto, audit, trades, tradeWords, updates, timeline, events, saving, notifications,
} as const;

export const en = {
  ...common.en,
  ...shell.en,
  ...overview.en,
  ...attention.en,
  ...environments.en,
  ...transactions.en,
  ...transactionsOffline.en,
  ...transactionActions.en,
  ...transactionMoney.en,
  ...bulk.en,
  ...saving.en,
  ...notifications.en,
  ...payments.en,
  ...splitPayouts.en,
  ...users.en,
  ...documents.en,
  ...auto.en,
  ...audit.en,
  ...trades.en,
  ...tradeWords.en,
  ...updates.en,
  ...timeline.en,
  ...events.en,
};

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;

export const da: Dictionary = {
  ...common.da,
  ...shell.da,
  ...overview.da,
  ...attention.da,
  ...environments.da,
  ...transactions.da,
  ...transactionsOffline.da,
  ...transactionActions.da,
  ...transactionMoney.da,
  ...bulk.da,
  ...saving.da,
  ...notifications.da,
  ...payments.da,
  ...splitPayouts.da,
  ...users.da,
  ...documents.da,
  ...auto.da,
  ...audit.da,
  ...trades.da,
  ...tradeWords.da,
  ...updates.da,
  ...timeline.da,
  ...events.da,
};
