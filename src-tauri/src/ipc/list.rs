// Every command the web view may call: the one list that the build script (names for
// the capability), the app (the handler), the TypeScript wrappers and the tests are made
// from. Each line: `domain: kind name(args) -> answer;` where the command is
// `crate::<domain>::commands::<name>`, `kind` is `desk` (sync), `desk_async`, `plain`
// (sync, without the app state), `app` (sync, given the app handle) or `app_async`, and the signature must match the function's (checked
// at compile time). Adding a command: write it in its domain's `commands.rs`, add a line
// here, grant it in `capabilities/main.json`, run `make bindings`.
commands! {
    startup: plain startup_report() -> StartupReport;
    support: app diagnostics() -> String;
    support: plain open_logs_folder() -> String;
    settings: desk list_environments() -> EnvironmentList;
    settings: desk select_environment(id: String) -> EnvironmentView;
    settings: desk save_profile(input: ProfileInput) -> EnvironmentView;
    settings: desk set_api_key(profile_id: String, api_key: String) -> ();
    settings: desk delete_profile(id: String) -> ();
    settings: desk_async test_connection(id: String) -> ConnectionCheck;
    settings: desk staff_name() -> Option<String>;
    settings: desk set_staff_name(name: String) -> Option<String>;
    transactions: desk_async list_transactions(query: TransactionQuery) -> TransactionPageView;
    transactions: desk_async get_transaction(id: String) -> TransactionView;
    transactions: desk_async create_transaction(input: NewTransactionInput) -> Outcome<TransactionAction>;
    transactions: plain check_new_transaction(input: NewTransactionInput) -> Consequence;
    transactions: desk_async transaction_consequence(request: TransactionAction) -> ConsequenceView;
    transactions: desk_async debt_consequence(transaction_id: String, amount: String) -> ConsequenceView;
    transactions: desk_async list_split_payouts(transaction_id: String) -> SplitPayoutsView;
    transactions: desk_async start_export(request: ExportRequest) -> ExportStatus;
    transactions: desk export_status(id: String) -> ExportStatus;
    transactions: desk cancel_export(id: String) -> ExportStatus;
    mirror: desk mirror_status() -> MirrorStatus;
    mirror: desk transaction_labels(ids: Vec<String>) -> Vec<TransactionLabel>;
    mirror: desk_async sync_mirror(full: bool) -> MirrorStatus;
    mirror: desk overview() -> Overview;
    mirror: desk attention() -> AttentionView;
    mirror: desk changes() -> ChangesView;
    mirror: desk mark_changes_seen() -> ChangesView;
    mirror: desk snooze_attention(transaction_id: String, rule: String, days: u32, note: String) -> AttentionView;
    mirror: desk unsnooze_attention(transaction_id: String, rule: String) -> AttentionView;
    mirror: desk attention_thresholds() -> Thresholds;
    mirror: desk save_attention_thresholds(thresholds: Thresholds) -> Thresholds;
    mirror: desk mirror_intervals() -> Intervals;
    mirror: desk save_mirror_intervals(intervals: Intervals) -> Intervals;
    bulk: desk_async bulk_prepare(request: BulkPrepareRequest) -> BatchStatus;
    bulk: desk_async bulk_start(request: BulkStartRequest) -> BatchStatus;
    bulk: desk_async bulk_status(batch_id: String) -> BatchStatus;
    bulk: desk_async bulk_cancel(batch_id: String) -> BatchStatus;
    bulk: desk_async bulk_retry(batch_id: String) -> BatchStatus;
    bulk: desk_async bulk_matching_ids(request: ExportRequest) -> MatchingIds;
    actions: desk_async start_action(request: ActionRequest) -> ActionRecord;
    actions: desk_async retry_action(id: String) -> ActionRecord;
    actions: desk dismiss_action(id: String) -> ActionRecord;
    actions: desk open_actions() -> Vec<ActionRecord>;
    payments: desk_async payment_action(request: PaymentAction) -> Outcome<PaymentAction>;
    payments: desk_async payment_instructions(transaction_id: String, service_account_id: String) -> PaymentInstructionsView;
    audit: desk audit_log(filter: Option<String>, limit: u32) -> Vec<AuditEntry>;
    audit: desk verify_audit_log() -> ChainCheck;
    audit: desk save_audit_csv(text: Option<String>) -> AuditFile;
    external: plain open_external(url: String) -> ();
    updates: desk update_settings() -> UpdateSettings;
    updates: desk save_update_url(url: String) -> UpdateSettings;
    updates: app_async check_for_update() -> UpdateCheck;
    updates: app_async install_update(version: String) -> ();
    users: desk_async list_users(query: UserQuery) -> UserPageView;
    users: desk_async get_user(service_account_id: String) -> UserView;
    users: desk_async start_connect(input: ConnectInput) -> HostedUrlView;
    users: desk_async get_connection(reference_id: String) -> ConnectionView;
    users: desk_async create_guest(input: GuestInput) -> Outcome<UserAction>;
    users: desk_async delete_connection(service_account_id: String, reference_id: String) -> Outcome<UserAction>;
    users: desk_async list_banks(service_account_id: String) -> BanksView;
    users: desk_async list_bank_accounts(service_account_id: String) -> BankAccountsView;
    users: desk_async start_bank_onboarding(service_account_id: String, bank_id: String, return_url: String) -> HostedUrlView;
    users: desk_async bank_onboarding_result(service_account_id: String) -> OnboardingView;
    users: desk_async add_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    users: desk_async set_default_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    users: desk_async delete_bank_account(service_account_id: String, bank_id: String, bank_account_id: String) -> Outcome<UserAction>;
    documents: desk_async list_documents(transaction_id: String) -> DocumentsView;
    documents: desk_async upload_document(input: DocumentInput) -> Outcome<DocumentAction>;
    documents: desk_async sign_document(document_id: String, service_account_id: String, return_url: Option<String>) -> Outcome<DocumentAction>;
    documents: desk_async download_document(document_id: String) -> HostedUrlView;
    documents: desk_async delete_document(document_id: String) -> Outcome<DocumentAction>;
    auto: desk_async set_bill_of_sale(input: BillOfSaleInput) -> Outcome<AutoAction>;
    auto: desk_async add_debt_information(input: DebtInput) -> Outcome<AutoAction>;
    auto: desk_async debt_download_link(transaction_id: String) -> HostedUrlView;
    trades: desk list_business_users() -> BusinessUsersView;
    trades: desk_async create_business_user(input: CreateBusinessUser) -> BusinessUserView;
    trades: desk_async edit_business_user(business_id: String, business_location_id: String, input: EditBusinessUser) -> BusinessUserView;
    trades: desk_async lookup_business_user(business_id: String, business_location_id: String) -> BusinessUserView;
    trades: desk_async delete_business_user(business_id: String, business_location_id: String) -> ();
    trades: desk trade_user() -> TradeUserView;
    trades: desk_async list_trades(marketplace_user_id: String, page: u32, page_size: u32) -> TradesPageView;
    trades: desk_async get_trade(marketplace_user_id: String, trade_id: String) -> TradeView;
    trades: desk_async trade_user_details(marketplace_user_id: String) -> TradeUserDetailsView;
    trades: desk_async start_trade_action(request: TradeAction) -> TradeActionOutcome;
}
