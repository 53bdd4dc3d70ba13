// Generated from Rust by ts-rs (src-tauri/src/bindings.rs). Do not edit by hand.

export type Badge = "sandbox" | "production";
export type Dialect = "spec" | "published";
export type EnvironmentView = { id: string, name: string, baseUrl: string, badge: Badge, builtIn: boolean, hasKey: boolean, 
/**
 * Route overrides (see [`crate::settings::route_overrides`]); empty for the defaults.
 */
routes: string, 
/**
 * What the app sends: the specs' names and routes, or the published documentation's.
 */
dialect: Dialect, 
/**
 * Preset by the organisation's policy: the user stores its key, and changes nothing else.
 */
managed: boolean, };
export type EnvironmentList = { activeId: string, environments: Array<EnvironmentView>, 
/**
 * The organisation's policy sets the environments: users add, edit and delete none.
 */
locked: boolean, };
export type ProfileInput = { id: string | null, name: string, baseUrl: string, badge: Badge, 
/**
 * Route overrides, one per line (see [`crate::settings::route_overrides`]); empty for none.
 */
routes: string, 
/**
 * The wire dialect; the specs' when absent.
 */
dialect: Dialect, };
export type ConnectionCheck = { transactionCount: number, };
export type UpdateSettings = { 
/**
 * The manifest URL, or "" when updates are off.
 */
url: string, 
/**
 * Set by the organisation's policy, which users may not change.
 */
managed: boolean, 
/**
 * The running app's version.
 */
currentVersion: string, };
export type JoinTeam = { 
/**
 * `postgres://host[:port]/database`.
 */
url: string, 
/**
 * The staff member's PostgreSQL login.
 */
user: string, password: string, 
/**
 * CA certificates (PEM) to check the server against instead of the system's.
 */
caFile: string | null, };
export type TeamStatus = { joined: boolean, url: string | null, user: string | null, };
export type TeamStanding = { login: string, 
/**
 * `viewer`, `operator`, `approver` or `admin`; `None` when in no group of the team.
 */
group: string | null, 
/**
 * May ask for actions (operators and up).
 */
canAct: boolean, 
/**
 * May approve or reject what others asked for (approvers and admins).
 */
canApprove: boolean, 
/**
 * May set the approval rules (admins).
 */
canAdmin: boolean, };
export type TeamPulse = { 
/**
 * Counts changes (and losses and recoveries of the store) this session.
 */
seq: number, 
/**
 * Joined and listening; `false` while the store is out of reach (or not joined).
 */
reachable: boolean, joined: boolean, 
/**
 * This desk hears the team's changes now (its listening connection is up).
 */
listening: boolean, last: TeamChange | null, };
export type TeamChange = { 
/**
 * `intent` (recorded or moved on) or `decision` (approved or rejected).
 */
what: string, 
/**
 * The action.
 */
id: string, 
/**
 * This desk's environment for the change's service (`None`: this desk has none).
 */
environmentId: string | null, kind: string, target: string, state: string, requestedBy: string, by: string, };
export type ApprovalsInbox = { 
/**
 * Asked by others, waiting for an approver.
 */
forMe: Array<ApprovalItem>, 
/**
 * Asked by me: waiting, or rejected or lapsed this past week.
 */
askedByMe: Array<ApprovalItem>, };
export type ApprovalItem = { id: string, 
/**
 * This desk's environment for the action's service (`None`: this desk has none).
 */
environmentId: string | null, 
/**
 * The service's address, as the team names the environment.
 */
service: string, kind: string, target: string, amount: string | null, 
/**
 * What the move was worth when asked, when the asking desk could tell.
 */
atStake: string | null, currency: string | null, requestedBy: string, created: string, 
/**
 * `awaiting_approval`, `rejected` or `lapsed`.
 */
state: string, 
/**
 * The action (`None` when this version cannot read it).
 */
request: ActionRequest | null, };
export type ApprovalCheck = { consequence: ConsequenceView, 
/**
 * The consequence's audit line: given back with the approval, it must still be the
 * live one (else the deal changed since it was shown).
 */
seen: string | null, };
export type ApprovalRuleInput = { environmentId: string, kind: string, currency: string, 
/**
 * From this amount on (`0`: every one).
 */
fromAmount: string, validHours: number, };
export type ApprovalRuleView = { environmentId: string | null, service: string, kind: string, currency: string, fromAmount: string, validHours: number, };
export type QueueItemRef = { environmentId: string, transactionId: string, 
/**
 * The attention rule (`debt_missing`, `paid_not_paid_out`, …).
 */
rule: string, };
export type SharedFilterView = { name: string, search: string, filters: TransactionFilters, savedBy: string, 
/**
 * Saved by this staff member (theirs to replace or remove).
 */
mine: boolean, };
export type TeamAdminInput = { url: string, 
/**
 * A PostgreSQL role that may create roles and schemas (a superuser, or a managed
 * server's admin role).
 */
admin: string, password: string, caFile: string | null, task: TeamTask, };
export type TeamTask = { "kind": "init" } | { "kind": "addStaff", name: string, group: string, };
export type QueueMove = { "kind": "take" } | { "kind": "release" } | { "kind": "handOver", to: string, } | { "kind": "snooze", hours: number, } | { "kind": "note", text: string, };
export type TeamQueueView = { 
/**
 * This staff member's login ("mine" is what they have).
 */
me: string, items: Array<TeamItemView>, };
export type TeamItemView = { transactionId: string, rule: string, takenBy: string | null, 
/**
 * RFC 3339; a past one no longer holds.
 */
snoozedUntil: string | null, snoozedBy: string | null, notes: Array<TeamNoteView>, };
export type TeamNoteView = { writtenBy: string, written: string, text: string, };
export type UpdateView = { version: string, currentVersion: string, 
/**
 * RFC 3339, when the manifest has a `pub_date`.
 */
date: string | null, notes: string | null, };
export type UpdateCheck = { "state": "off" } | { "state": "current", currentVersion: string, } | { "state": "available" } & UpdateView;
export type TransactionFilters = { 
/**
 * Any of these statuses (empty: all).
 */
statuses: Array<string>, 
/**
 * `Auto` or `Marketplace` (none: both).
 */
kind: string | null, 
/**
 * Any of these currencies (empty: all).
 */
currencies: Array<string>, createdFrom: string | null, createdTo: string | null, expectedFrom: string | null, expectedTo: string | null, 
/**
 * `some`: money paid in (the overview's money in escrow opens these); `none`: nothing
 * paid in yet; none: either.
 */
paidIn: string | null, };
export type MirrorStatus = { environmentId: string, rows: number, 
/**
 * When the last full pass ended (`None`: never; the mirror is still filling).
 */
fullAt: string | null, 
/**
 * When the newest pages were last read: the "as of" time.
 */
refreshedAt: string | null, syncing: SyncProgress | null, 
/**
 * The last sync could not reach the service: what is shown is the last known state.
 */
offline: boolean, error: string | null, };
export type TransactionLabel = { environmentId: string, transactionId: string, title: string | null, referenceId: string | null, 
/**
 * The deal's currency (the audit log's amounts are said with it).
 */
currency: string, };
export type SyncProgress = { 
/**
 * `full` or `refresh` (reading the list), or `details` (checking open deals; the
 * list part is done).
 */
kind: string, fetched: number, total: number, };
export type MoneyLine = { currency: string, 
/**
 * `None` for a currency total.
 */
status: string | null, amount: string, count: number, };
export type StatusCount = { status: string, count: number, };
export type DayPoint = { day: string, created: number, paid: number, paidOut: number, };
export type AgeBucket = { fromDays: number, toDays: number | null, count: number, owed: Array<MoneyLine>, };
export type TopPayee = { name: string, count: number, amounts: Array<MoneyLine>, };
export type Overview = { status: MirrorStatus, 
/**
 * Money paid in on open deals (not paid out, not cancelled), per currency.
 */
escrow: Array<MoneyLine>, 
/**
 * The same by currency and status.
 */
escrowByStatus: Array<MoneyLine>, counts: Array<StatusCount>, days: Array<DayPoint>, 
/**
 * From when paid and paid-out days are known (the mirror sees status changes only
 * after its first full pass; the list does not say when a deal was paid).
 */
watchedSince: string | null, ageing: Array<AgeBucket>, topPayees: Array<TopPayee>, 
/**
 * Rows left out of sums because their amount has more than four decimals.
 */
inexact: number, };
export type Rule = "paid_overdue" | "awaiting_payment" | "overfunded" | "payment_failed" | "split_pending" | "unknown_outcome" | "debt_missing" | "bill_of_sale_unsigned";
export type Thresholds = { 
/**
 * A deal waiting for payment longer than this many days.
 */
unpaidDays: number, 
/**
 * A paid deal this many days past its expected completion (0: from the day after).
 */
overdueDays: number, 
/**
 * A split payout for the next payout run pending longer than this many days.
 */
splitPendingDays: number, };
export type AttentionItem = { rule: Rule, transactionId: string, title: string | null, referenceId: string | null, status: string, currency: string, amount: string, 
/**
 * Since when the condition holds, when known.
 */
since: string | null, 
/**
 * The excess of an overfunded deal.
 */
excess: string | null, 
/**
 * The journaled action, for an unknown outcome.
 */
actionId: string | null, snoozedUntil: string | null, note: string | null, };
export type RuleCount = { rule: Rule, count: number, };
export type SnoozeTarget = { transactionId: string, rule: string, };
export type AttentionView = { status: MirrorStatus, thresholds: Thresholds, 
/**
 * The first [`super::attention::SHOWN`] items (of the rule asked for, or of all).
 */
items: Array<AttentionItem>, 
/**
 * Items in all (of the rule asked for, or of all), not snoozed.
 */
total: number, 
/**
 * Every rule with items, and how many.
 */
counts: Array<RuleCount>, 
/**
 * Snoozed items (shown apart; the first [`super::attention::SHOWN`]).
 */
snoozed: Array<AttentionItem>, };
export type Change = { seq: number, transactionId: string, at: string, 
/**
 * `created`, `paid`, `succeeded`, `cancelled`, `status`, `amount`, `payment`,
 * `payment_failed` or `removed`.
 */
kind: string, before: string | null, after: string | null, title: string | null, 
/**
 * The deal's currency (for an amount's before and after); `None` once the row is gone.
 */
currency: string | null, };
export type ChangesView = { status: MirrorStatus, 
/**
 * When the user last marked the changes as seen.
 */
lookedAt: string | null, items: Array<Change>, };
export type Intervals = { 
/**
 * The newest pages, every this many seconds (10 to 3600).
 */
refreshSeconds: number, 
/**
 * A full pass (which also notices changes to older deals), every this many minutes (1 to 1440).
 */
fullMinutes: number, };
export type TransactionQuery = { search: string | null, skip: number, take: number, 
/**
 * Status, type, currency and date filters (applied by the desk; see [`crate::transactions::filters`]).
 */
filters: TransactionFilters | null, 
/**
 * Only the transaction with this reference id (the service's `ReferenceId`, exact).
 */
referenceId?: string, 
/**
 * A column to sort by (none: the service's order, newest first).
 */
sort?: SortBy, };
export type TransactionPageView = { environmentId: string, count: number, items: Array<TransactionListItem>, 
/**
 * Set when the page is from the local mirror.
 */
mirror: MirrorSource | null, };
export type MirrorSource = { 
/**
 * The mirror's time: the page is the tenant's transactions as of then.
 */
asOf: string, 
/**
 * The service could not be reached (the last known state is shown).
 */
offline: boolean, };
export type SortBy = { column: string, descending: boolean, };
export type Stage = "open" | "succeeded" | "cancelled" | "unknown";
export type Flow = { 
/**
 * Everything not cancelled.
 */
total: string, 
/**
 * Transferred.
 */
paid: string, 
/**
 * Waiting for the payout run (a scheduled payout, a pending split payout).
 */
scheduled: string, 
/**
 * Of a status this app does not know.
 */
other: string, };
export type DealMoney = { currency: string, stage: Stage, 
/**
 * What the payer owes in all: amount + payer fee.
 */
owed: string, 
/**
 * What the payer paid in: payments authorized, and those since returned.
 */
paidIn: string, 
/**
 * Of it, payments the service marks as returned to the payer.
 */
returnedIn: string, 
/**
 * Payments under way (not yet authorized).
 */
inProgress: string, 
/**
 * Payments of a status this app does not know (not counted as paid in).
 */
unknownIn: string, 
/**
 * What the payer still has to pay; `None` once the deal is closed.
 */
remaining: string | null, 
/**
 * Paid in beyond what is owed and not yet split out (payout is refused until it is); 0
 * once closed.
 */
excess: string, 
/**
 * What has left the deal or is scheduled to (reimbursements, payouts the record names,
 * split payouts paid), of the payments still counted as paid in: a partial reimbursement
 * lowers what is held long before the deal closes.
 */
goneOut: string, 
/**
 * What the deal holds in escrow now: paid in, less payments returned and what has gone
 * out; `None` once closed.
 */
held: string | null, 
/**
 * Back to the payer: reimbursements, and the refund of a cancelled deal.
 */
toPayer: Flow, 
/**
 * To the payee: the payout at release.
 */
toPayee: Flow, 
/**
 * Out to anyone else the record names.
 */
toOthers: Flow, 
/**
 * Split payouts not cancelled; `None` when they could not be read.
 */
splits: Flow | null, 
/**
 * What a closed deal kept (the fees): paid in − everything out. `None` while open, or
 * when the record does not add up (an unknown status, split payouts not read).
 */
feesKept: string | null, };
export type TransactionView = { environmentId: string, transaction: Transaction, 
/**
 * Where the deal's money is, from this record and its split payouts (see
 * [`crate::consequence::money_of`]): every money figure the detail shows.
 */
money: DealMoney, };
export type OfflineTransaction = { environmentId: string, 
/**
 * The deal as the list last showed it.
 */
item: TransactionListItem, 
/**
 * The mirror's time: the copy is the deal as of then.
 */
asOf: string, };
export type NewTransactionInput = { 
/**
 * `MARKETPLACE` or `AUTO`.
 */
transactionType: string, 
/**
 * Decimal with a dot, e.g. `12500.00`.
 */
amount: string, 
/**
 * `DKK` or `EUR`.
 */
currency: string, title: string, description: string, payerId: string, payerReferenceId: string, payerPhoneNumber: string, payeeId: string, payeeReferenceId: string, payeePhoneNumber: string, payerFixedFee: string, payeeFixedFee: string, referenceId: string, 
/**
 * RFC 3339 date-time in the future, or empty.
 */
expectedCompletion: string, 
/**
 * Auto only.
 */
vehicle: VehicleInput | null, 
/**
 * Pictures of the item: `https` addresses only (the window loads nothing else).
 */
imageUrls: Array<string>, };
export type Consequence = { kind: string, currency: string, 
/**
 * The transaction amount after the action.
 */
amount: string, payeeFee: string, payerFee: string, paidIn: string, reimbursed: string, 
/**
 * What the payee receives at release, after this action.
 */
payeeNet: string, 
/**
 * What this action sends back to the payer.
 */
toPayer: string, 
/**
 * What the payer still has to pay after the action.
 */
payerOwes: string, 
/**
 * The most that can be reimbursed before this action.
 */
maxReimbursable: string, splits: Array<SplitEffect>, blocked: Blocked | null, };
export type SplitEffect = { splitPayoutId: string, amount: string, recipient: string, timing: string, 
/**
 * `released` (paid with this payout), `kept` (still paid after a cancel), `cancelled`,
 * `planned` (a new one) or `unchanged`.
 */
effect: string, 
/**
 * The debt-settlement split payout, which can never be cancelled.
 */
debtSettlement: boolean, 
/**
 * Taken out of the payee's share (not cancelled, not paid from money paid in beyond what
 * was owed): the breakdown lists it, changed or not, so the payee's figure adds up.
 */
fromShare: boolean, };
export type Blocked = { 
/**
 * `closed`, `notPaid`, `excess`, `nothingPaidIn`, `overReimbursable`, `overShare`,
 * `overExcess`, `belowCommitted`, `onlyRaise`, `belowAuthorized`, `debtSettlement`,
 * `notPending`, `overRemaining`, `nothingToPay`.
 */
reason: string, amount: string | null, };
export type ConsequenceView = { environmentId: string, consequence: Consequence | null, 
/**
 * The journal store's time taken just before the live record was read (a team store's;
 * `None` for a desk's own): given back with the action, a colleague's move that ended
 * after it refuses this one, which its person did not see.
 */
readAt: string | null, };
export type AuditFile = { path: string, rows: number, };
export type ExportKind = "transactions" | "selection" | "audit" | "statement" | "receipt";
export type SaveChoice = { 
/**
 * For the export command; `None` when the user cancelled (then nothing is written).
 */
token: string | null, 
/**
 * The chosen file, to show (the export answers the same path when it is written).
 */
path: string | null, };
export type PaperKind = "statement" | "receipt";
export type PaperFile = { path: string, };
export type LinkTarget = { "kind": "transaction", id: string, } | { "kind": "user", id: string, } | { "kind": "trade", id: string, } | { "kind": "transactions", search: string | null, statuses: Array<string>, } | { "kind": "attention" };
export type LinkProblem = { "kind": "unreadable", reason: string, } | { "kind": "unknownEnvironment", environment: string, };
export type LinkView = { 
/**
 * The desk's environment to open it in, when the desk has it.
 */
environmentId: string | null, target: LinkTarget | null, problem: LinkProblem | null, };
export type ProxyMode = "system" | "direct" | "url";
export type NetworkSettings = { mode: ProxyMode, url: string | null, username: string | null, 
/**
 * A PEM file of CA certificates trusted beside the system's.
 */
caFile: string | null, hasPassword: boolean, };
export type NetworkInput = { mode: ProxyMode, url: string | null, username: string | null, caFile: string | null, password?: string, };
export type NotificationSettings = { 
/**
 * A desktop notification when a mirror refresh notices deals paid or payments failed.
 */
changes: boolean, };
export type TradeUserDetailsView = { environmentId: string, marketplaceUserId: string, 
/**
 * `None` when the service knows no such user (not connected yet).
 */
details: TradeUserDetails | null, };
export type VehicleInput = { brand: string, model: string, year: string, mileage: string, registrationNumber: string, vin: string, retailAmount: string, firstRegistration: string, };
export type NoticeKind = "database_moved_aside" | "sandbox_moved_aside" | "policy_unreadable";
export type StartupNotice = { kind: NoticeKind, 
/**
 * Where the damaged file was kept.
 */
path: string, 
/**
 * The same in English words (also printed to the log).
 */
message: string, };
export type StartupReport = { 
/**
 * Why the app could not open its data (the desk is not there), if it could not.
 */
problem: string | null, notices: Array<StartupNotice>, };
export type ErrorCode = "validation" | "not_found" | "unauthorized" | "bad_request" | "conflict" | "timeout" | "network" | "server" | "unreadable_response" | "no_api_key" | "keychain_unavailable" | "keychain_locked" | "environment_not_found" | "storage" | "storage_full" | "storage_damaged" | "in_progress" | "not_permitted" | "team_unreachable" | "internal";
export type AppError = { code: ErrorCode, message: string, status: number | null, title: string | null, detail: string | null, 
/**
 * Quote this to the service's support.
 */
correlationId: string | null, 
/**
 * Faults of single request fields (the client's pre-send check or the service's 400 `errors`).
 */
fieldErrors?: Array<FieldErrorView>, 
/**
 * The likely cause when the service could not be reached or refused the key or path
 * (see [`crate::error_cause`]): `dns`, `refused`, `tls`, `timeout`, `wrongKey`, ….
 */
cause?: string, 
/**
 * When the local database failed under a journaled action (a full disk, a damaged
 * file): what was not recorded, and so what became of the action.
 */
notRecorded?: NotRecorded, };
export type FieldErrorView = { field: string, message: string, };
export type NotRecorded = "intent" | "outcome" | "dismissal";
export type TransactionStatus = string;
export type Currency = string;
export type PaymentStatus = string;
export type PayoutStatus = string;
export type PaymentMethod = string;
export type Recipient = string;
export type Timing = string;
export type SplitPayoutStatus = string;
export type Party = { 
/**
 * The party's account at the service; `None` while the party is only invited or referenced.
 */
serviceAccountId: string | null, 
/**
 * The tenant's own user id for the party, as linked in the connect flow.
 */
referenceId: string | null, 
/**
 * Name on the party's account; `None` until the party has connected.
 */
name: string | null, 
/**
 * E-mail on the party's account, for contacting them; `None` if unknown.
 */
email: string | null, 
/**
 * Phone number on the party's account; `None` if unknown.
 */
phoneNumber: string | null, };
export type Fees = { 
/**
 * Fee charged to the payee, taken out of what the payee receives; in the transaction's
 * currency.
 */
payee: string | null, 
/**
 * Fee charged to the payer, paid on top of the transaction amount; in the transaction's
 * currency.
 */
payer: string | null, 
/**
 * What the tenant earns: payer fee + payee fee − the service's fee. Negative means a
 * shortfall that the service bills to the tenant.
 */
tenant: string | null, 
/**
 * The service's own fee, taken out of the tenant's fees.
 */
safepay: string | null, };
export type AutoInformation = { 
/**
 * Make of the vehicle, e.g. "Volkswagen"; searchable in the transaction list.
 */
brand: string | null, 
/**
 * Model of the vehicle, e.g. "Golf"; searchable in the transaction list.
 */
model: string | null, 
/**
 * Model year; read from a number or a numeric string.
 */
year: number | null, 
/**
 * Odometer reading (kilometres in Danish use; the spec gives no unit); read from a
 * number or a numeric string.
 */
mileage: number | null, 
/**
 * Licence plate; searchable in the transaction list.
 */
registrationNumber: string | null, 
/**
 * Vehicle identification number (chassis number); searchable in the transaction list.
 */
vin: string | null, 
/**
 * The vehicle's retail value in the transaction's currency; changeable later with
 * update. Rounded to 2 decimals.
 */
retailAmount: string | null, 
/**
 * Date of first registration, kept as sent (the spec gives no format).
 */
firstRegistration: string | null, 
/**
 * Bill-of-sale settings, kept as JSON (the spec does not show its fields). Enabling
 * it needs the tenant's bill-of-sale module.
 */
billOfSale: unknown, 
/**
 * Outstanding-debt settings (a loan on the vehicle to settle from the price), kept as
 * JSON (the spec does not show its fields). Enabling it needs the tenant's debt module.
 */
debt: unknown, };
export type InboundSummary = { 
/**
 * What the payer has paid into escrow so far, in `currency`.
 */
amount: string | null, 
/**
 * Currency of `amount`.
 */
currency: Currency | null, };
export type PaymentsSummary = { 
/**
 * Money paid in by the payer; `None` when the service sends nothing.
 */
inbound: InboundSummary | null, };
export type TransactionListItem = { 
/**
 * The service's id of the transaction.
 */
transactionId: string, 
/**
 * The price held in escrow, excluding the payer's fee, in `currency`.
 */
amount: string, 
/**
 * DKK or EUR; DKK when the service omits it.
 */
currency: Currency, 
/**
 * Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
 * kept as sent.
 */
status: TransactionStatus, 
/**
 * When the transaction was created (UTC); `None` if the service omits it.
 */
created: string | null, 
/**
 * The tenant's own id for the transaction, as given at creation.
 */
referenceId: string | null, 
/**
 * Who receives the money; `None` until a payee is known.
 */
payee: Party | null, 
/**
 * Who pays; `None` until a payer is known.
 */
payer: Party | null, 
/**
 * The title shown to the parties during checkout.
 */
title: string | null, 
/**
 * Vehicle data of an Auto transaction; `None` for Marketplace.
 */
autoInformation: AutoInformation | null, 
/**
 * Fees charged to each party and what the tenant and the service get.
 */
fees: Fees | null, 
/**
 * What the payer has paid in so far.
 */
payments: PaymentsSummary | null, 
/**
 * When the deal is expected to complete; `None` when not set.
 */
expectedCompletion: string | null, };
export type InboundPayment = { 
/**
 * The payment's id, as returned by create payment.
 */
paymentId: string | null, 
/**
 * Who paid (usually the transaction's payer).
 */
payer: Party | null, 
/**
 * PSD2, BANK, MOBILEWALLET, TRANSFER or a newer value kept as sent; `None` while the
 * payer has not chosen.
 */
method: PaymentMethod | null, 
/**
 * Amount of this payment, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * INPROGRESS (waiting for the payer), AUTHORIZED (money in escrow), FAILED, RETURNED
 * (refunded to the payer), or a newer value kept as sent.
 */
status: PaymentStatus, 
/**
 * When the payment was created.
 */
created: string | null, 
/**
 * When the payer's bank authorized it, putting the money in escrow; `None` until then.
 */
authorized: string | null, 
/**
 * When the payment failed; `None` unless it did.
 */
failed: string | null, };
export type OutboundPayment = { 
/**
 * The receiving account as the service shows it; `None` when not shown.
 */
destination: string | null, 
/**
 * Transfer text the receiver sees on the bank statement.
 */
text: string | null, 
/**
 * Who receives this money: the payee, a split-payout recipient, or the payer on refund.
 */
payee: Party | null, 
/**
 * Amount paid out, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * SCHEDULED (waiting for the payout run), PAID, CANCELLED, or a newer value kept as sent.
 */
status: PayoutStatus, 
/**
 * When the payout was scheduled.
 */
created: string | null, 
/**
 * When the transfer was authorized for execution; `None` until then.
 */
authorized: string | null, };
export type InboundPayments = { 
/**
 * Total actually paid in, in the transaction's currency.
 */
amount: string | null, 
/**
 * Every payment created for the transaction, including unfinished and failed ones.
 */
payments: Array<InboundPayment>, };
export type OutboundPayments = { 
/**
 * Total scheduled or paid out (cancelled payouts excluded), in the transaction's currency.
 */
amount: string | null, 
/**
 * Each payout, split payout and refund.
 */
payments: Array<OutboundPayment>, };
export type TransactionPayments = { 
/**
 * From the payer into escrow.
 */
inbound: InboundPayments, 
/**
 * From escrow to the payee, split-payout recipients or back to the payer.
 */
outbound: OutboundPayments, };
export type Transaction = { 
/**
 * The service's id of the transaction.
 */
transactionId: string, 
/**
 * Hosted checkout page for the payer.
 */
checkoutUrl: string | null, 
/**
 * Hosted page that tells the payer how to pay.
 */
paymentGuideUrl: string | null, 
/**
 * Where the transaction stands: CREATED, PAID, SUCCEEDED, CANCELLED, or a newer value
 * kept as sent.
 */
status: TransactionStatus, 
/**
 * The tenant's own id for the transaction, as given at creation.
 */
referenceId: string | null, 
/**
 * The price held in escrow, excluding the payer's fee, in `currency`.
 */
amount: string, 
/**
 * DKK or EUR; DKK when the service omits it.
 */
currency: Currency, 
/**
 * Fees charged to each party and what the tenant and the service get.
 */
fees: Fees | null, 
/**
 * Who receives the money; `None` until a payee is known.
 */
payee: Party | null, 
/**
 * Who pays; `None` until a payer is known.
 */
payer: Party | null, 
/**
 * The title shown to the parties during checkout.
 */
title: string | null, 
/**
 * Not in the spec's record, but sent by the sandbox; absent stays `None`.
 */
description: string | null, 
/**
 * When the transaction was created (UTC); not in the spec's record, so `None` if absent.
 */
created: string | null, 
/**
 * Vehicle data of an Auto transaction; `None` for Marketplace.
 */
autoInformation: AutoInformation | null, 
/**
 * When the deal is expected to complete; `None` when not set.
 */
expectedCompletion: string | null, 
/**
 * Money in and out; empty lists when there is none.
 */
payments: TransactionPayments, 
/**
 * Pictures of the item: not in the spec's record; the sandbox sends `imageUrls`, the
 * published record `images: [{url}]`. Any other shape reads as `None`.
 */
imageUrls: Array<string> | null, };
export type SplitPayout = { 
/**
 * The split payout's id; needed to cancel it while it is PENDING.
 */
splitPayoutId: string, 
/**
 * Amount to pay out, in `currency`.
 */
amount: string, 
/**
 * Currency of `amount`; `None` when the service omits it (then the transaction's).
 */
currency: Currency | null, 
/**
 * PAYEE, PAYER or TENANT.
 */
recipient: Recipient, 
/**
 * The receiving user's account; `None` when the tenant receives it.
 */
serviceAccountId: string | null, 
/**
 * NEXT_PAYOUT or ON_CLOSE; `None` when the service omits it.
 */
timing: Timing | null, 
/**
 * Text describing the split payout, as the service shows it.
 */
description: string | null, 
/**
 * The receiving account, as the service shows it.
 */
destination: string | null, 
/**
 * PENDING (not yet in a payout batch; can be cancelled), PAID, CANCELLED, or a newer
 * value kept as sent.
 */
status: SplitPayoutStatus, 
/**
 * When the split payout was created.
 */
created: string | null, };
export type PaymentInstructions = { 
/**
 * What remains to pay, including payer fees.
 */
amount: string, 
/**
 * DKK or EUR, the transaction's currency.
 */
currency: Currency, 
/**
 * The reference the payer must include when paying to the account number.
 */
bankMessage: string | null, 
/**
 * The escrow account number (Danish reg. no. + account no.) to pay to, with
 * `bank_message` as the reference.
 */
bban: string | null, 
/**
 * The escrow account as IBAN (EUR always pays to the account with `bank_message`).
 */
iban: string | null, 
/**
 * BIC/SWIFT code of the escrow account's bank, for transfers from abroad.
 */
swift: string | null, 
/**
 * FIK (+71) code; empty for EUR.
 */
fik: string | null, };
export type SplitPayoutsView = { environmentId: string, items: Array<SplitPayout>, };
export type PaymentInstructionsView = { environmentId: string, instructions: PaymentInstructions, };
export type UserTransactionsView = { environmentId: string, items: Array<TransactionListItem>, 
/**
 * What the transactions list was searched for.
 */
search: string, 
/**
 * False when more matches of the search were left unread (the list says so).
 */
complete: boolean, };
export type DocumentView = { environmentId: string, document: Document, };
export type TimelineKind = "created" | "payment" | "payout" | "splitPayout" | "document" | "billOfSale" | "debt" | "change" | "cancel" | "reimbursement" | "webhook" | "other";
export type TimelineSource = "record" | "audit" | "webhook";
export type TimelineEntry = { 
/**
 * When it happened; `None` when the source gives no time (listed last).
 */
at: string | null, kind: TimelineKind, source: TimelineSource, 
/**
 * What happened, as a key the UI words (`payment.authorized`, `staff.payout`,
 * `webhook.transaction.cancelled`, ...).
 */
event: string, 
/**
 * A decimal string (never a float), with its currency.
 */
amount: string | null, currency: string | null, 
/**
 * The state the source reports (payment status, action outcome, delivery state).
 */
status: string | null, 
/**
 * Who did it (staff name, OS user and host) for audit lines.
 */
actor: string | null, correlationId: string | null, 
/**
 * The audit row to open (the action's last row).
 */
auditSeq: number | null, 
/**
 * The id of the object concerned (payment, split payout, document, webhook).
 */
objectId: string | null, 
/**
 * Free text from the source: a cancel reason, a signer, a payout's statement text, a
 * split payout's description, a document's title.
 */
detail: string | null, 
/**
 * The payment method (`PSD2`, `BANK`, …) of a payment line, for the UI to word.
 */
method: string | null, 
/**
 * The recipient (`PAYEE`, `PAYER`, `TENANT`, or `DEBT_SETTLEMENT`: the lender an Auto
 * deal's debt is settled to) of a split payout line, for the UI to word.
 */
recipient: string | null, 
/**
 * An audit line's detail in parts (the consequence, the failure, what was created).
 */
note: AuditNote | null, };
export type TimelineView = { environmentId: string, transactionId: string, 
/**
 * Newest first.
 */
entries: Array<TimelineEntry>, 
/**
 * Why the transaction was cancelled, as the service (built-in Sandbox) or this app's
 * journal kept it.
 */
cancelReason: string | null, 
/**
 * Whether webhook deliveries could be included (the built-in Sandbox only).
 */
webhooks: boolean, 
/**
 * Sources that could not be read (`splitPayouts`, `documents`, `webhooks`): the
 * timeline is shown without them and says so.
 */
missing: Array<string>, };
export type Delivery = { webhookId: string, eventName: string, payload: unknown, 
/**
 * When the event was queued (RFC 3339).
 */
created: string, 
/**
 * `pending`, `delivered` or `failed`.
 */
state: string, attempts: number, 
/**
 * One per attempt: `{ at, status }` or `{ at, error }`.
 */
outcomes: unknown, };
export type WebhookExamplesView = { environmentId: string, examples: unknown, };
export type DeliveriesView = { environmentId: string, 
/**
 * False when the active environment is not the built-in Sandbox (nothing to list).
 */
available: boolean, 
/**
 * Newest first.
 */
items: Array<Delivery>, };
export type TradeAddress = { 
/**
 * Street name, e.g. "Vestergade".
 */
streetName: string | null, 
/**
 * House number, e.g. "12B".
 */
houseNumber: string | null, 
/**
 * City, e.g. "Aarhus C".
 */
city: string | null, 
/**
 * Postal code, e.g. "8000".
 */
postNumber: string | null, 
/**
 * Municipality, e.g. "Aarhus Kommune".
 */
municipalityName: string | null, 
/**
 * Floor, e.g. "2".
 */
floor: string | null, 
/**
 * Side or door, e.g. "tv".
 */
sideDoor: string | null, 
/**
 * The whole address on one line, as the published trade record gives a party's
 * address (a string, not the address model). Never sent.
 */
line?: string, };
export type TradeBankAccount = { 
/**
 * The bank's name.
 */
bank: string | null, 
/**
 * The account number (BBAN) payouts go to.
 */
accountNumber: string | null, 
/**
 * The account's name or holder.
 */
name: string | null, };
export type TradeUserDetails = { 
/**
 * The user's account at the service.
 */
serviceUserId: string | null, 
/**
 * Where payouts go.
 */
bankAccount: TradeBankAccount | null, 
/**
 * Name.
 */
name: string | null, 
/**
 * Phone number.
 */
phoneNumber: string | null, 
/**
 * Whether onboarding is done (the user can take part in trades).
 */
hasCompletedOnboarding: boolean, };
export type CreateBusinessUser = { 
/**
 * Company registry number (CVR), 1 to 64 characters; the service allows only
 * whitelisted numbers.
 */
businessId: string, 
/**
 * Production unit number (P-number), 1 to 64 characters.
 */
businessLocationId: string, 
/**
 * 2 to 200 characters.
 */
name: string, 
/**
 * Required, not empty.
 */
phoneNumber: string, 
/**
 * Required.
 */
address: TradeAddress, 
/**
 * A 14-digit BBAN or a Danish IBAN; spaces and dashes are removed before sending.
 */
payoutsAccountNumber: string, };
export type EditBusinessUser = { 
/**
 * 2 to 200 characters.
 */
name: string, 
/**
 * Always sent; `None` is sent as null (the spec: required, string or null).
 */
phoneNumber: string | null, 
/**
 * Required.
 */
address: TradeAddress, 
/**
 * A 14-digit BBAN or a Danish IBAN.
 */
payoutsAccountNumber: string, };
export type ShippingInput = { expectedMaxWeight: number | null, paidBy: string | null, returnPaidBy: string | null, 
/**
 * JSON.
 */
shippingOptions: string | null, 
/**
 * JSON.
 */
sender: string | null, 
/**
 * JSON.
 */
receiver: string | null, price: string | null, };
export type InitiateTradeInput = { title: string, description: string, amount: string, 
/**
 * Percentage, 0 to 100.
 */
payerFee: string, payerFixedFee: string, 
/**
 * Percentage, 0 to 100.
 */
payeeFee: string, payeeFixedFee: string, payerMarketplaceUserId: string, payeeMarketplaceUserId: string, referenceId: string | null, checkoutIdempotencyKey: string | null, checkoutUniquenessKey: string | null, deliveryByHandAllowed: boolean, shipping: ShippingInput | null, returnShipping: ShippingInput | null, successUrl: string, cancelUrl: string, checkoutType: string | null, imageUrls: Array<string> | null, appSwitchCallbackUri: string | null, appSwitchOperatingSystem: string | null, allowedTimeForItemDeliveryInMinutes: number | null, 
/**
 * JSON array.
 */
prioritizedPayees: string | null, };
export type FileUpload = { fileName: string, 
/**
 * Base64 of the file's bytes.
 */
data: string, };
export type TransactionAction = { "kind": "createTransaction", input: NewTransactionInput, } | { "kind": "payout", transactionId: string, serviceAccountId: string, amount: string | null, } | { "kind": "cancel", transactionId: string, serviceAccountId: string, reason: string | null, amount: string | null, } | { "kind": "reimburse", transactionId: string, amount: string, } | { "kind": "createSplitPayout", transactionId: string, amount: string, recipient: string, timing: string | null, } | { "kind": "cancelSplitPayout", transactionId: string, splitPayoutId: string, } | { "kind": "changeAmount", transactionId: string, amount: string, payeeFixedFee: string | null, payerFixedFee: string | null, } | { "kind": "update", transactionId: string, expectedCompletion: string | null, retailAmount: string | null, } | { "kind": "delete", transactionId: string, } | { "kind": "addPayee", transactionId: string, serviceAccountId: string | null, referenceId: string | null, phoneNumber: string | null, } | { "kind": "addPayer", transactionId: string, serviceAccountId: string | null, referenceId: string | null, phoneNumber: string | null, };
export type PaymentAction = { "kind": "createPayment", transactionId: string, serviceAccountId: string, amount: string | null, } | { "kind": "initializePayment", transactionId: string, paymentId: string, paymentMethod: string | null, bankId: string | null, bankAccountId: string | null, };
export type UserAction = { "kind": "createGuest", referenceId: string, name: string | null, phoneNumber: string | null, email: string | null, cvr: string | null, } | { "kind": "deleteConnection", serviceAccountId: string, referenceId: string, } | { "kind": "addBankAccount", serviceAccountId: string, bankId: string, bankAccountId: string, } | { "kind": "setDefaultBankAccount", serviceAccountId: string, bankId: string, bankAccountId: string, } | { "kind": "deleteBankAccount", serviceAccountId: string, bankId: string, bankAccountId: string, };
export type DocumentAction = { "kind": "uploadDocument", transactionId: string, title: string, signersRequired: number | null, file: FileUpload, } | { "kind": "signDocument", documentId: string, serviceAccountId: string, returnUrl: string | null, } | { "kind": "deleteDocument", documentId: string, };
export type AutoAction = { "kind": "setBillOfSale", transactionId: string, enable: boolean, file: FileUpload | null, amount: string | null, additionalTerms: string | null, requiredSigners: Array<string> | null, } | { "kind": "addDebtInformation", transactionId: string, file: FileUpload, amount: string, fikCode: string | null, bankAccount: string | null, bankAccountText: string | null, };
export type TradeAction = { "kind": "businessUserCreate", request: CreateBusinessUser, } | { "kind": "businessUserEdit", businessId: string, businessLocationId: string, request: EditBusinessUser, } | { "kind": "businessUserDelete", businessId: string, businessLocationId: string, } | { "kind": "tradeInitiate", input: InitiateTradeInput, } | { "kind": "tradeAcceptInvitation", tradeId: string, marketplaceUserId: string, } | { "kind": "tradeAcceptAndPay", tradeId: string, marketplaceUserId: string, receiverShopId: string | null, amount: string, } | { "kind": "tradeRejectInvitation", tradeId: string, marketplaceUserId: string, } | { "kind": "tradeAcceptItemCondition", tradeId: string, marketplaceUserId: string, } | { "kind": "tradeRejectItemCondition", tradeId: string, marketplaceUserId: string, reason: string, } | { "kind": "tradeAbandon", tradeId: string, marketplaceUserId: string, } | { "kind": "tradePerformAction", tradeId: string, marketplaceUserId: string, name: string, } | { "kind": "tradeBuyDeliveryShipment", tradeId: string, marketplaceUserId: string, shipmentProviderId: string, price: string, expectedMaxWeightInGrams: number, } | { "kind": "tradeBuyReturnShipment", tradeId: string, marketplaceUserId: string, shipmentProviderId: string, price: string, expectedMaxWeightInGrams: number, } | { "kind": "tradeCancel", tradeId: string, state: string, } | { "kind": "tradeReimburse", tradeId: string, payerMarketplaceUserId: string, amount: string, } | { "kind": "tradeStatusLink", tradeId: string, marketplaceUserId: string, returnUrl: string, appSwitchCallbackUri: string | null, appSwitchOperatingSystem: string | null, } | { "kind": "tradePaymentFlow", tradeId: string, marketplaceUserId: string, paymentId: string, successUrl: string, cancelUrl: string, appSwitchCallbackUri: string | null, appSwitchOperatingSystem: string | null, } | { "kind": "tradeUserConnect", marketplaceUserId: string, successUrl: string, cancelUrl: string, requiredKycLevel: number | null, forceOnboarding: boolean, appSwitchCallbackUri: string | null, appSwitchOperatingSystem: string | null, } | { "kind": "tradeSelectPayoutAccount", marketplaceUserId: string, returnUrl: string | null, appSwitchCallbackUri: string | null, appSwitchOperatingSystem: string | null, };
export type ActionRequest = TransactionAction | PaymentAction | UserAction | DocumentAction | AutoAction | TradeAction;
export type ActionState = "pending" | "succeeded" | "failed" | "unknown" | "dismissed" | "awaiting_approval" | "rejected" | "lapsed";
export type ActionRecord = { id: string, environmentId: string, request: ActionRequest, state: ActionState, idempotencyKey: string, correlationId: string | null, 
/**
 * The outcome in words (the service's problem title and detail on failure).
 */
message: string | null, 
/**
 * Set when the failure came from the service, so the UI can show its code.
 */
error: AppError | null, attempts: number, created: string, updated: string, 
/**
 * The bulk run this action was started in (every audit row of it names the batch).
 */
batchId?: string, };
export type RowFormat = "v1" | "v2";
export type AuditEntry = { seq: number, 
/**
 * RFC 3339 with the writer's UTC offset (`v1` rows: UTC with `Z`).
 */
at: string, environmentId: string, 
/**
 * `sandbox`, `production` or `unknown`.
 */
environmentKind: string | null, appVersion: string | null, 
/**
 * The OS user running the app.
 */
actorUser: string | null, actorHost: string | null, 
/**
 * The staff name set under Settings, if any.
 */
staffName: string | null, actionId: string, kind: string, target: string, amount: string | null, idempotencyKey: string | null, correlationId: string | null, 
/**
 * `intent` (before the request) or `outcome` (after).
 */
phase: string, 
/**
 * `pending`, `succeeded`, `failed`, `unknown` or `dismissed`.
 */
outcome: string, detail: string | null, format: RowFormat, 
/**
 * Names the key the row's MAC was made with (never the key itself).
 */
keyId: string | null, 
/**
 * The previous row's link (its MAC, or its hash when it has none).
 */
prevHash: string, hash: string, mac: string | null, };
export type NoteSplit = { splitPayoutId: string, 
/**
 * A decimal string in the consequence's currency.
 */
amount: string, 
/**
 * `released`, `kept`, `cancelled` or `planned`.
 */
effect: string, };
export type AuditNote = { "kind": "consequence", currency: string, payeeNet: string, toPayer: string, payerOwes: string, reimbursable: string, splits: Array<NoteSplit>, 
/**
 * Why the service was expected to refuse it (`overReimbursable`, …), if so.
 */
refusal: string | null, } | { "kind": "failure", code: ErrorCode, status: number | null, service: string | null, } | { "kind": "created", id: string, } | { "kind": "payment", id: string, } | { "kind": "text", text: string, };
export type AuditDetail = { batch: string | null, note: AuditNote | null, };
export type AuditRow = { parsed: AuditDetail, seq: number, 
/**
 * RFC 3339 with the writer's UTC offset (`v1` rows: UTC with `Z`).
 */
at: string, environmentId: string, 
/**
 * `sandbox`, `production` or `unknown`.
 */
environmentKind: string | null, appVersion: string | null, 
/**
 * The OS user running the app.
 */
actorUser: string | null, actorHost: string | null, 
/**
 * The staff name set under Settings, if any.
 */
staffName: string | null, actionId: string, kind: string, target: string, amount: string | null, idempotencyKey: string | null, correlationId: string | null, 
/**
 * `intent` (before the request) or `outcome` (after).
 */
phase: string, 
/**
 * `pending`, `succeeded`, `failed`, `unknown` or `dismissed`.
 */
outcome: string, detail: string | null, format: RowFormat, 
/**
 * Names the key the row's MAC was made with (never the key itself).
 */
keyId: string | null, 
/**
 * The previous row's link (its MAC, or its hash when it has none).
 */
prevHash: string, hash: string, mac: string | null, };
export type ChainStatus = "intact" | "broken" | "unverified";
export type ChainProblem = "edited" | "removed" | "reordered" | "truncated" | "rewritten" | "wrongKey";
export type AnchorState = "matches" | "behind" | "missing" | "unavailable" | "mismatch";
export type ChainCheck = { 
/**
 * Rows in the log.
 */
rows: number, 
/**
 * Rows of the legacy chain (plain SHA-256, written before the upgrade).
 */
legacyRows: number, 
/**
 * Rows whose MAC was verified with the key.
 */
keyedRows: number, status: ChainStatus, problem: ChainProblem | null, 
/**
 * The first bad row (for `truncated`, the first missing one).
 */
brokenAt: number | null, 
/**
 * The first row without a MAC after the upgrade, if any.
 */
unkeyedFrom: number | null, anchor: AnchorState, anchoredSeq: number | null, 
/**
 * Whether the audit key could be read (without it MACs are not checked).
 */
keyAvailable: boolean, 
/**
 * The finding in English words (the UI words it from the fields above).
 */
message: string, };
export type ExportRequest = { search: string | null, filters: TransactionFilters | null, 
/**
 * Only these transactions (a selection of the list); all matches when absent.
 */
ids?: Array<string>, };
export type ExportState = "running" | "done" | "cancelled" | "failed";
export type ExportStatus = { id: string, environmentId: string, state: ExportState, 
/**
 * Rows read from the service so far, and how many match the search in total.
 */
fetched: number, total: number, 
/**
 * Rows written (after filters).
 */
written: number, 
/**
 * The finished file.
 */
path: string | null, error: AppError | null, };
export type BulkKind = "payout" | "cancel" | "paymentLink";
export type BulkPrepareRequest = { kind: BulkKind, ids: Array<string>, 
/**
 * The one reason of a bulk cancel.
 */
reason?: string, };
export type CurrencyTotal = { currency: string, amount: string, };
export type BulkStartRequest = { batchId: string, typedTotals: Array<CurrencyTotal>, };
export type RowState = "queued" | "running" | "done" | "failed" | "unknown" | "skipped" | "awaiting_approval" | "cancelled";
export type BulkRow = { transactionId: string, title: string | null, 
/**
 * The amount confirmed (the live record's), decimal string; empty when skipped.
 */
amount: string, currency: string, state: RowState, 
/**
 * The journaled action of the latest attempt (its key is reused for an unclear outcome).
 */
actionId: string | null, message: string | null, 
/**
 * Why the row was skipped (`message` says it in English).
 */
skip: Skip | null, error: AppError | null, 
/**
 * The payment link a payment-link run answered.
 */
link: string | null, 
/**
 * What this row moves, computed like its single dialog's consequence on the live
 * record (payout: what the payee receives; cancel: what goes back to the payer).
 */
moves: string | null, };
export type SkipWhy = "status" | "noPayerAccount" | "noAccount";
export type Skip = { why: SkipWhy, status: string | null, };
export type BatchState = "prepared" | "running" | "finished";
export type BatchStatus = { batchId: string, environmentId: string, kind: BulkKind, state: BatchState, 
/**
 * The one reason of a cancel run.
 */
reason: string | null, 
/**
 * Asked to stop: rows not yet sent end as cancelled.
 */
cancelling: boolean, 
/**
 * Of the eligible rows, per currency: what the confirmation asks to type.
 */
totals: Array<CurrencyTotal>, 
/**
 * Of the eligible rows, per currency: the sum of their `moves` (what the payees receive
 * or what goes back to the payers). Empty for payment links.
 */
moves: Array<CurrencyTotal>, rows: Array<BulkRow>, };
export type MatchingIds = { environmentId: string, ids: Array<string>, };
export type TradePartyFees = { 
/**
 * The fixed part.
 */
fixedAmount: string | null, 
/**
 * The percentage part, as an amount.
 */
variableAmount: string | null, 
/**
 * The percentage.
 */
variablePercentage: string | null, 
/**
 * The whole fee.
 */
amount: string | null, };
export type TradeStatusAction = { 
/**
 * The action's name as the service gives it; for a published `{type, text}` action,
 * its `type` as digits.
 */
name: string, 
/**
 * The service's own label for it, when it sends one.
 */
text: string | null, 
/**
 * The published numeric `type` as digits, once named from
 * [`super::TradeActionCodes`]; `None` for actions the service sent by name.
 */
code: string | null, };
export type TradePartyStatus = { 
/**
 * When the current step must be done; `None` when nothing is due.
 */
deadline: string | null, 
/**
 * What the deadline is for.
 */
deadlineDescription: string | null, 
/**
 * Short headline, e.g. "Send the item".
 */
title: string | null, 
/**
 * A sentence for the party.
 */
description: string | null, 
/**
 * Which icon to show (a number in the published API, kept as its digits).
 */
iconId: string | null, 
/**
 * The actions open to the party now, in the service's order.
 */
actions: Array<TradeStatusAction>, 
/**
 * Whether it is this party's move.
 */
hasPendingAction: boolean, };
export type TradeTimelineEvent = { 
/**
 * When it happened.
 */
time: string | null, 
/**
 * What happened, for the party.
 */
text: string | null, 
/**
 * The entry's id (published: a number, kept as its digits).
 */
id: string | null, 
/**
 * A longer sentence (published).
 */
description: string | null, 
/**
 * Which icon to show (published: a number).
 */
iconId: string | null, 
/**
 * The entry's state (published: a number).
 */
state: string | null, 
/**
 * Heading of the entry's details (published).
 */
detailsTitle: string | null, 
/**
 * What a deadline in the details is for (published).
 */
detailsDeadlineDescription: string | null, 
/**
 * The details' text (published).
 */
detailsDescription: string | null, };
export type TradeParty = { 
/**
 * The party's account; `None` while the party has not connected.
 */
serviceUserId: string | null, 
/**
 * Phone number.
 */
phoneNumber: string | null, 
/**
 * Name.
 */
name: string | null, 
/**
 * City.
 */
city: string | null, 
/**
 * Postal code.
 */
postalCode: string | null, 
/**
 * Full address.
 */
address: TradeAddress | null, 
/**
 * The party's fee.
 */
fees: TradePartyFees | null, 
/**
 * What the party should do now.
 */
status: TradePartyStatus | null, 
/**
 * What happened so far, oldest first.
 */
timeline: Array<TradeTimelineEvent>, };
export type TradePhase = { 
/**
 * Where the phase is.
 */
state: string | null, 
/**
 * When it started.
 */
started: string | null, 
/**
 * When it ended.
 */
completed: string | null, 
/**
 * For the finished phase: how the trade ended.
 */
outcome: string | null, 
/**
 * Contract and delivery: when the payment arrived (published).
 */
paid: string | null, 
/**
 * Contract: when the payer accepted the invitation (published).
 */
invitationAccepted: string | null, 
/**
 * Contract: when the payer rejected it (published).
 */
invitationRejected: string | null, 
/**
 * Delivery and return: when the item was sent (published).
 */
sent: string | null, 
/**
 * Delivery and return: when it arrived (published).
 */
delivered: string | null, 
/**
 * Contract: the amount paid or due (published).
 */
amount: string | null, };
export type TradePhases = { 
/**
 * Invitation and payment.
 */
contract: TradePhase | null, 
/**
 * Sending and checking the item.
 */
delivery: TradePhase | null, 
/**
 * Sending a rejected item back.
 */
return: TradePhase | null, 
/**
 * The end of the trade.
 */
finished: TradePhase | null, };
export type Trade = { 
/**
 * The trade's id.
 */
tradeId: string, 
/**
 * The buyer.
 */
payer: TradeParty | null, 
/**
 * The seller.
 */
payee: TradeParty | null, 
/**
 * Who created the trade.
 */
createdBy: string | null, 
/**
 * The tenant's own id.
 */
referenceId: string | null, 
/**
 * Title.
 */
title: string | null, 
/**
 * Description.
 */
description: string | null, 
/**
 * The item's price (the trade amount).
 */
price: string | null, 
/**
 * Payees paid first, as JSON.
 */
prioritizedPayees: unknown[] | null, 
/**
 * Where the trade is.
 */
phases: TradePhases | null, 
/**
 * Pictures of the item.
 */
images: Array<string>, };
export type PaymentToEscrowState = string;
export type PaymentToEscrow = { 
/**
 * The payment's id (the `paymentId` of the payment flow).
 */
externalId: string, 
/**
 * What is to be paid.
 */
amount: string | null, 
/**
 * Whether it has been paid.
 */
isPaid: boolean, 
/**
 * Where the payment is.
 */
state: PaymentToEscrowState | null, };
export type BusinessUserView = { environmentId: string, businessId: string, businessLocationId: string, name: string | null, phoneNumber: string | null, serviceUserId: string | null, 
/**
 * The marketplace user id made for it (answered on create only): use it as a payee.
 */
userId: string | null, bankAccount: TradeBankAccount | null, address: TradeAddress | null, updated: string, };
export type BusinessUsersView = { environmentId: string, items: Array<BusinessUserView>, };
export type TradeUserView = { environmentId: string, marketplaceUserId: string | null, };
export type TradesPageView = { environmentId: string, marketplaceUserId: string, page: number, pageSize: number, trades: Array<Trade>, };
export type TradeView = { environmentId: string, marketplaceUserId: string, 
/**
 * `payer`, `payee`, or null when the viewer's side could not be told.
 */
viewerRole: string | null, payerMarketplaceUserId: string | null, payeeMarketplaceUserId: string | null, trade: Trade, 
/**
 * The trade's payment to escrow, once there is one.
 */
payment: PaymentToEscrow | null, };
export type TradeActionOutcome = { environmentId: string, record: ActionRecord, 
/**
 * The new trade (initiate).
 */
tradeId: string | null, 
/**
 * A hosted page (status link, payment flow).
 */
url: string | null, 
/**
 * The payment to pay (accept and pay, shipments).
 */
payment: PaymentToEscrow | null, };
export type UserType = string;
export type UserListItem = { 
/**
 * The account's id.
 */
serviceAccountId: string, 
/**
 * Name on the account (empty if the service sends null).
 */
name: string, 
/**
 * Phone number on the account, if any.
 */
phoneNumber: string | null, 
/**
 * Whether the user has confirmed the phone number.
 */
phoneNumberVerified: boolean, 
/**
 * When the account was created.
 */
created: string | null, 
/**
 * Private or Business (the spec does not list the values; others are kept as sent).
 */
type: UserType | null, };
export type UserConnection = { 
/**
 * The tenant's own user id linked to the account (empty if the service sends null).
 */
referenceId: string, 
/**
 * When the link was made.
 */
connected: string | null, };
export type Kyc = { 
/**
 * How far the identity check has got, as text (the spec shows neither type nor values).
 */
level: string | null, };
export type User = { 
/**
 * Record id as sent by the service; calls use `service_account_id`.
 */
id: string | null, 
/**
 * The account's id.
 */
serviceAccountId: string, 
/**
 * Every referenceId of the tenant linked to the account.
 */
connections: Array<UserConnection>, 
/**
 * Name on the account (empty if the service sends null).
 */
name: string, 
/**
 * Identity-check state; `None` when not shown.
 */
kyc: Kyc | null, 
/**
 * E-mail on the account, if any.
 */
email: string | null, 
/**
 * Phone number on the account, if any.
 */
phoneNumber: string | null, 
/**
 * Whether the user has confirmed the phone number.
 */
phoneNumberVerified: boolean, 
/**
 * As sent (a date or a date-time; the spec does not say which).
 */
dateOfBirth: string | null, 
/**
 * Danish personal id number (CPR), when the service shares it. Sensitive: do not log it.
 */
cpr: string | null, 
/**
 * Danish company number (CVR) of a business account.
 */
cvr: string | null, 
/**
 * The spec does not show the address fields; kept as JSON.
 */
address: unknown, 
/**
 * Private or Business (the spec does not list the values; others are kept as sent).
 */
type: UserType | null, };
export type ConnectionRecord = { 
/**
 * Record id as sent by the service (nullable); calls use `service_account_id`.
 */
id: string | null, 
/**
 * The account linked to the referenceId; use it as payer or payee.
 */
serviceAccountId: string, 
/**
 * Every referenceId linked to the account.
 */
connections: Array<UserConnection>, };
export type Bank = { 
/**
 * Starts onboarding from this bank.
 */
bankId: string, 
/**
 * The bank's name, for the person to choose from.
 */
name: string, 
/**
 * The bank's central (shared data centre), as sent.
 */
bankCentral: string | null, };
export type BankAccount = { 
/**
 * Name of the bank holding the account.
 */
bank: string | null, 
/**
 * The bank's id, as in the banks list.
 */
bankId: string, 
/**
 * The account's id: pays a PSD2 payment, and names it for set-default and delete.
 */
bankAccountId: string, 
/**
 * Danish account number (reg. no. + account no.).
 */
bban: string | null, 
/**
 * The account as IBAN.
 */
iban: string | null, 
/**
 * The account's name at the bank.
 */
accountName: string | null, 
/**
 * Whether payouts go to this account; the first account added becomes default.
 */
isDefault: boolean, };
export type OnboardingAccount = { 
/**
 * Passed to add to connect this account.
 */
bankAccountId: string, 
/**
 * The account's name at the bank.
 */
name: string | null, 
/**
 * The account holder's name at the bank.
 */
ownerName: string | null, 
/**
 * Danish account number (reg. no. + account no.).
 */
bban: string | null, 
/**
 * The account as IBAN.
 */
iban: string | null, 
/**
 * The account's currency.
 */
currency: Currency | null, };
export type OnboardingResult = { 
/**
 * The bank the person chose accounts at.
 */
bankId: string | null, 
/**
 * That bank's name.
 */
bankName: string | null, 
/**
 * That bank's central (shared data centre), as sent.
 */
bankCentral: string | null, 
/**
 * The accounts the person chose; add each one to connect it.
 */
bankAccounts: Array<OnboardingAccount>, };
export type Signer = { 
/**
 * The signer's account.
 */
serviceAccountId: string, 
/**
 * The tenant's own user id of the signer.
 */
referenceId: string | null, 
/**
 * The signer's name.
 */
name: string | null, 
/**
 * The signer's role on the document (e.g. "Køber").
 */
title: string | null, 
/**
 * As sent (the spec only says nullable); see [`Signer::has_signed`].
 */
signed: unknown, };
export type Document = { 
/**
 * The document's id; `documentId` on a transaction attaches it.
 */
documentId: string, 
/**
 * The title given at upload.
 */
title: string | null, 
/**
 * As sent (the spec only says nullable); see [`Document::is_signed`].
 */
signed: unknown, 
/**
 * The people asked to sign, each with whether they have.
 */
signers: Array<Signer>, 
/**
 * Not in the spec's record (the upload's `signersRequired`, sent back by the sandbox):
 * the signatures needed before the document counts as signed; `None` means every
 * invited signer. An integer or a numeric string; any other value reads as `None`
 * (a field outside the spec never breaks reading the document).
 */
signersRequired: number | null, 
/**
 * Not in the spec; sent by the sandbox. Absent stays `None`.
 */
transactionId: string | null, 
/**
 * Not in the spec; sent by the sandbox.
 */
created: string | null, 
/**
 * Not in the spec; the uploaded file's name, sent by the sandbox.
 */
fileName: string | null, };
export type RequiredSigner = string;
export type BillOfSaleRecord = { 
/**
 * Whether a bill of sale is active for the deal.
 */
enabled: boolean | null, 
/**
 * The sandbox's id of the stored PDF.
 */
fileId: string | null, 
/**
 * The PDF's file name.
 */
fileName: string | null, 
/**
 * Generated by the service (no document was uploaded).
 */
generated: boolean | null, 
/**
 * The PDF's size in bytes.
 */
size: number | null, 
/**
 * The price on the bill of sale (defaults to the transaction amount).
 */
amount: string | null, 
/**
 * Currency of `amount`.
 */
currency: Currency | null, 
/**
 * Extra terms printed on the bill of sale.
 */
additionalTerms: string | null, 
/**
 * Who must sign; empty means the document counts as signed.
 */
requiredSigners: Array<RequiredSigner> | null, 
/**
 * True when nobody has to sign (or, with a signing flow, all have signed).
 */
signed: boolean | null, 
/**
 * When the bill of sale was set.
 */
created: string | null, };
export type DebtRecord = { 
/**
 * The debt to settle out of the payee's share at release.
 */
amount: string | null, 
/**
 * Currency of `amount`.
 */
currency: Currency | null, 
/**
 * FIK (+71) code the debt is paid to, if paid by FIK.
 */
fikCode: string | null, 
/**
 * 14-digit BBAN or Danish IBAN the debt is paid to, if paid by transfer.
 */
bankAccount: string | null, 
/**
 * Reference text for the creditor's bank transfer.
 */
bankAccountText: string | null, 
/**
 * The sandbox's id of the stored documentation.
 */
fileId: string | null, 
/**
 * The documentation's file name.
 */
fileName: string | null, 
/**
 * The documentation's content type (from its bytes).
 */
contentType: string | null, 
/**
 * The documentation's size in bytes.
 */
size: number | null, 
/**
 * The debt-settlement split payout planned from it.
 */
splitPayoutId: string | null, 
/**
 * When the debt information was registered.
 */
created: string | null, };
export type UserQuery = { skip: number, take: number, 
/**
 * Name, phone or account id contains this (matched by the desk over the pages).
 */
search?: string, 
/**
 * The service's `Public` filter, sent as given.
 */
public?: boolean, };
export type UserPageView = { environmentId: string, skip: number, items: Array<UserListItem>, hasMore: boolean, };
export type UserView = { environmentId: string, user: User, };
export type HostedUrlView = { environmentId: string, url: string, };
export type ConnectionView = { environmentId: string, connection: ConnectionRecord, };
export type BanksView = { environmentId: string, banks: Array<Bank>, };
export type BankAccountsView = { environmentId: string, items: Array<BankAccount>, };
export type OnboardingView = { environmentId: string, result: OnboardingResult, };
export type ConnectInput = { referenceId: string | null, returnUrl: string | null, allowPrivate: boolean | null, allowBusiness: boolean | null, skipUi: boolean | null, skipPhoneNumber: boolean | null, skipEmail: boolean | null, skipBankAccount: boolean | null, skipKyc: boolean | null, skipKyb: boolean | null, };
export type GuestInput = { referenceId: string, name: string | null, phoneNumber: string | null, email: string | null, cvr: string | null, };
export type ActionOutcome = { environmentId: string, record: ActionRecord, 
/**
 * The new serviceAccountId (guest), documentId (upload), signing URL (sign),
 * transactionId (create) or paymentId (payments).
 */
value: string | null, 
/**
 * The hosted page the answer named (payments), to copy or open in the browser.
 */
link: string | null, };
export type DocumentsView = { environmentId: string, documents: Array<Document>, filtered: boolean, };
export type DocumentInput = { 
/**
 * Empty: a document attached to no transaction.
 */
transactionId: string, title: string, signersRequired: number | null, file: FileUpload, };
export type BillOfSaleInput = { transactionId: string, enable: boolean, file: FileUpload | null, amount: string | null, additionalTerms: string | null, requiredSigners: Array<string> | null, };
export type DebtInput = { transactionId: string, file: FileUpload, amount: string, fikCode: string | null, bankAccount: string | null, bankAccountText: string | null, };
export const ERROR_CODES: readonly ErrorCode[] = ["validation", "not_found", "unauthorized", "bad_request", "conflict", "timeout", "network", "server", "unreadable_response", "no_api_key", "keychain_unavailable", "keychain_locked", "environment_not_found", "storage", "storage_full", "storage_damaged", "in_progress", "not_permitted", "team_unreachable", "internal"];
