//! The commands the web view may call. Shared by `build.rs` (which declares them to
//! Tauri) and the capability test (which checks `capabilities/main.json` grants them).

pub const NAMES: &[&str] = &[
    "list_environments",
    "select_environment",
    "save_profile",
    "set_api_key",
    "delete_profile",
    "test_connection",
    "list_transactions",
    "get_transaction",
    "start_action",
    "retry_action",
    "dismiss_action",
    "open_actions",
    "audit_log",
    "verify_audit_log",
    "list_split_payouts",
    "payment_instructions",
];
