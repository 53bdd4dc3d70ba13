// Every command the web view may call: the one list that the build script (names for
// the capability), the app (the handler), the TypeScript wrappers and the tests are made
// from. Each line: `domain: kind name(args) -> answer;` where the command is
// `crate::<domain>::commands::<name>`, `kind` is `state(T)` (sync, given the state `T`
// Tauri manages: its domain's, see `wiring.rs`), `state_async(T)`, `plain` (sync, without
// any state), `app` (sync, given the app handle) or `app_async`, and the signature must
// match the function's (checked at compile time). Adding a command: write it in its
// domain's `commands.rs`, add a line here, grant it in `capabilities/main.json`, run
// `make bindings`.
commands! {
    startup: plain startup_report() -> StartupReport;
    support: app_async diagnostics() -> String;
    support: app_async copy_diagnostics() -> ();
    support: plain open_logs_folder() -> String;
    environments: state(Environments) list_environments() -> EnvironmentList;
    environments: state(Environments) select_environment(id: String) -> EnvironmentView;
    environments: state(Environments) save_profile(input: ProfileInput) -> EnvironmentView;
    environments: state(Environments) set_api_key(profile_id: String, api_key: String) -> ();
    environments: state(Environments) delete_profile(id: String) -> ();
    environments: state_async(Environments) test_connection(id: String) -> ConnectionCheck;
    environments: state(Environments) staff_name() -> Option<String>;
    environments: state(Environments) set_staff_name(name: String) -> Option<String>;
    environments: state(Environments) staff_name_asked() -> bool;
    transactions: state_async(Transactions) list_transactions(query: TransactionQuery) -> TransactionPageView;
    transactions: state_async(Transactions) get_transaction(id: String) -> TransactionView;
    transactions: state_async(Transactions) offline_transaction(id: String) -> Option<OfflineTransaction>;
    transactions: state_async(Transactions) create_transaction(input: NewTransactionInput) -> Outcome<TransactionAction>;
    transactions: plain check_new_transaction(input: NewTransactionInput, debt_amount: Option<String>) -> Consequence;
    transactions: state_async(Transactions) transaction_consequence(request: TransactionAction) -> ConsequenceView;
    transactions: state_async(Transactions) debt_consequence(transaction_id: String, amount: String) -> ConsequenceView;
    transactions: state_async(Transactions) list_split_payouts(transaction_id: String) -> SplitPayoutsView;
    timeline: state_async(Timeline) transaction_timeline(transaction_id: String) -> TimelineView;
    events: state_async(Events) webhook_examples() -> WebhookExamplesView;
    events: state_async(Events) webhook_deliveries(transaction_id: Option<String>) -> DeliveriesView;
    events: state_async(Events) send_test_webhook(event_name: String, transaction_id: Option<String>) -> String;
    save_as: app_async choose_save_path(kind: ExportKind, suggested_name: Option<String>) -> SaveChoice;
    transactions: state_async(Transactions) start_export(request: ExportRequest, save_token: String) -> ExportStatus;
    transactions: state(Transactions) export_status(id: String) -> ExportStatus;
    transactions: state(Transactions) cancel_export(id: String) -> ExportStatus;
    mirror: state(MirrorService) mirror_status() -> MirrorStatus;
    mirror: state(MirrorService) transaction_labels(ids: Vec<String>) -> Vec<TransactionLabel>;
    mirror: state_async(MirrorService) sync_mirror(full: bool) -> MirrorStatus;
    mirror: app_async overview() -> Overview;
    mirror: app_async attention(rule: Option<String>) -> AttentionView;
    mirror: app_async changes() -> ChangesView;
    mirror: app_async mark_changes_seen() -> ChangesView;
    mirror: app_async snooze_attention(items: Vec<SnoozeTarget>, days: u32, note: String, shown: Option<String>) -> AttentionView;
    mirror: app_async unsnooze_attention(transaction_id: String, rule: String, shown: Option<String>) -> AttentionView;
    mirror: state(MirrorService) attention_thresholds() -> Thresholds;
    mirror: state(MirrorService) save_attention_thresholds(thresholds: Thresholds) -> Thresholds;
    mirror: state(MirrorService) mirror_intervals() -> Intervals;
    mirror: state(MirrorService) save_mirror_intervals(intervals: Intervals) -> Intervals;
    bulk: state_async(Bulk) bulk_prepare(request: BulkPrepareRequest) -> BatchStatus;
    bulk: state_async(Bulk) bulk_start(request: BulkStartRequest) -> BatchStatus;
    bulk: state_async(Bulk) bulk_status(batch_id: String) -> BatchStatus;
    bulk: state_async(Bulk) bulk_cancel(batch_id: String) -> BatchStatus;
    bulk: state_async(Bulk) bulk_retry(batch_id: String) -> BatchStatus;
    bulk: state_async(Bulk) bulk_matching_ids(request: ExportRequest) -> MatchingIds;
    team: state(Team) team_status() -> TeamStatus;
    team: state_async(Team) join_team(input: JoinTeam) -> TeamStatus;
    team: state(Team) leave_team() -> TeamStatus;
    actions: state_async(Actions) start_action(request: ActionRequest) -> ActionRecord;
    actions: state_async(Actions) retry_action(id: String) -> ActionRecord;
    actions: state_async(Actions) dismiss_action(id: String) -> ActionRecord;
    actions: state_async(Actions) open_actions() -> Vec<ActionRecord>;
    payments: state_async(Payments) payment_action(request: PaymentAction) -> Outcome<PaymentAction>;
    payments: state_async(Payments) payment_consequence(request: PaymentAction) -> ConsequenceView;
    payments: state_async(Payments) payment_instructions(transaction_id: String, service_account_id: String) -> PaymentInstructionsView;
    audit: state(AuditLog) audit_log(filter: Option<String>, shown_as: Vec<String>, limit: u32) -> Vec<AuditRow>;
    audit: state(AuditLog) verify_audit_log() -> ChainCheck;
    audit: state(AuditLog) save_audit_csv(text: Option<String>, shown_as: Vec<String>, save_token: String) -> AuditFile;
    notifications: state(Notify) notification_settings() -> NotificationSettings;
    notifications: state(Notify) save_notification_settings(settings: NotificationSettings) -> NotificationSettings;
    external: plain open_external(url: String) -> ();
    updates: state(Updates) update_settings() -> UpdateSettings;
    updates: state(Updates) save_update_url(url: String) -> UpdateSettings;
    updates: app_async check_for_update() -> UpdateCheck;
    updates: app_async install_update(version: String) -> ();
    users: state_async(Users) list_users(query: UserQuery) -> UserPageView;
    users: state_async(Users) get_user(service_account_id: String) -> UserView;
    users: state_async(Users) user_transactions(service_account_id: String) -> UserTransactionsView;
    users: state_async(Users) start_connect(input: ConnectInput) -> HostedUrlView;
    users: state_async(Users) get_connection(reference_id: String) -> ConnectionView;
    users: state_async(Users) create_guest(input: GuestInput) -> Outcome<UserAction>;
    users: state_async(Users) delete_connection(service_account_id: String, reference_id: String) -> Outcome<UserAction>;
    users: state_async(Users) list_banks(service_account_id: String) -> BanksView;
    users: state_async(Users) list_bank_accounts(service_account_id: String) -> BankAccountsView;
    users: state_async(Users) start_bank_onboarding(service_account_id: String, bank_id: String, return_url: String) -> HostedUrlView;
    users: state_async(Users) bank_onboarding_result(service_account_id: String) -> OnboardingView;
    users: state_async(Users) add_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    users: state_async(Users) set_default_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    users: state_async(Users) delete_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    documents: state_async(Documents) list_documents(transaction_id: String) -> DocumentsView;
    documents: state_async(Documents) list_all_documents() -> DocumentsView;
    documents: state_async(Documents) get_document(document_id: String) -> DocumentView;
    documents: state_async(Documents) upload_document(input: DocumentInput) -> Outcome<DocumentAction>;
    documents: state_async(Documents) sign_document(document_id: String, service_account_id: String, return_url: Option<String>) -> Outcome<DocumentAction>;
    documents: state_async(Documents) download_document(document_id: String) -> HostedUrlView;
    documents: state_async(Documents) delete_document(document_id: String) -> Outcome<DocumentAction>;
    auto: state_async(Auto) set_bill_of_sale(input: BillOfSaleInput) -> Outcome<AutoAction>;
    auto: state_async(Auto) add_debt_information(input: DebtInput) -> Outcome<AutoAction>;
    auto: state_async(Auto) debt_download_link(transaction_id: String) -> HostedUrlView;
    business_users: state(BusinessUsers) list_business_users() -> BusinessUsersView;
    business_users: state_async(BusinessUsers) create_business_user(input: CreateBusinessUser) -> BusinessUserView;
    business_users: state_async(BusinessUsers) edit_business_user(business_id: String, business_location_id: String, input: EditBusinessUser) -> BusinessUserView;
    business_users: state_async(BusinessUsers) lookup_business_user(business_id: String, business_location_id: String) -> BusinessUserView;
    business_users: state_async(BusinessUsers) delete_business_user(business_id: String, business_location_id: String) -> ();
    trades: state(Trades) trade_user() -> TradeUserView;
    trades: state_async(Trades) list_trades(marketplace_user_id: String, page: u32, page_size: u32) -> TradesPageView;
    trades: state_async(Trades) get_trade(marketplace_user_id: String, trade_id: String) -> TradeView;
    trades: state_async(Trades) trade_user_details(marketplace_user_id: String) -> TradeUserDetailsView;
    trades: state_async(Trades) start_trade_action(request: TradeAction) -> TradeActionOutcome;
}
