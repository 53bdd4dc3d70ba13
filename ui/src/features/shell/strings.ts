// Both dictionaries, assembled by the shell from each feature's part (and shared/'s own), then
// handed to the translation runtime: shared/i18n never imports a feature. Every part types its
// Danish half as Record<keyof typeof en, string>, so a key missing (or extra) in either language
// fails to compile; strings.test.ts checks placeholders and that no key is owned by two parts.
import * as approvals from '../approvals/i18n';
import * as attention from '../attention/i18n';
import * as audit from '../audit/i18n';
import * as auto from '../auto/i18n';
import * as bulk from '../bulk/i18n';
import * as documents from '../documents/i18n';
import * as environments from '../environments/i18n';
import * as events from '../events/i18n';
import * as notifications from '../notifications/i18n';
import * as overview from '../overview/i18n';
import * as paper from '../paper/i18n';
import * as payments from '../payments/i18n';
import * as saving from '../save-as/i18n';
import * as shell from './i18n';
import * as splitPayouts from '../split-payouts/i18n';
import * as team from '../team/i18n';
import * as timeline from '../timeline/i18n';
import * as trades from '../trades/i18n';
import * as tradeWords from '../trades/words-i18n';
import * as transactionActions from '../transactions/actions/i18n';
import * as transactions from '../transactions/i18n';
import * as transactionMoney from '../transactions/money/i18n';
import * as transactionsOffline from '../transactions/offline/i18n';
import * as updates from '../updates/i18n';
import * as users from '../users/i18n';
import * as common from '../../shared/i18n/common';
import * as consequence from '../consequence/i18n';
import * as deal from '../../shared/deal/i18n';
import * as backLinks from '../../shared/navigation/i18n';
import { addMessages } from '../../shared/i18n/i18n.svelte';

/** Each part by name (for the tests). */
export const PARTS = {
  common, deal, backLinks, shell, overview, attention, approvals, environments, transactions, transactionsOffline, transactionActions, consequence, transactionMoney, bulk, paper, payments, splitPayouts, users, documents, auto, audit, trades, tradeWords, updates, team, timeline, events, saving, notifications,
} as const;

export const en = {
  ...common.en,
  ...deal.en,
  ...backLinks.en,
  ...shell.en,
  ...overview.en,
  ...attention.en,
  ...approvals.en,
  ...environments.en,
  ...transactions.en,
  ...transactionsOffline.en,
  ...transactionActions.en,
  ...consequence.en,
  ...transactionMoney.en,
  ...bulk.en,
  ...saving.en,
  ...notifications.en,
  ...paper.en,
  ...payments.en,
  ...splitPayouts.en,
  ...users.en,
  ...documents.en,
  ...auto.en,
  ...audit.en,
  ...trades.en,
  ...tradeWords.en,
  ...updates.en,
  ...team.en,
  ...timeline.en,
  ...events.en,
};

export const da: Record<keyof typeof en, string> = {
  ...common.da,
  ...deal.da,
  ...backLinks.da,
  ...shell.da,
  ...overview.da,
  ...attention.da,
  ...approvals.da,
  ...environments.da,
  ...transactions.da,
  ...transactionsOffline.da,
  ...transactionActions.da,
  ...consequence.da,
  ...transactionMoney.da,
  ...bulk.da,
  ...saving.da,
  ...notifications.da,
  ...paper.da,
  ...payments.da,
  ...splitPayouts.da,
  ...users.da,
  ...documents.da,
  ...auto.da,
  ...audit.da,
  ...trades.da,
  ...tradeWords.da,
  ...updates.da,
  ...team.da,
  ...timeline.da,
  ...events.da,
};

type Catalogue = typeof en;
declare module '../../shared/i18n/messages' {
  // The keys `t` accepts: every part's.
  interface Messages extends Catalogue {}
}

addMessages(en, da);
