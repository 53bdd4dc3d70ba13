//! TypeScript declarations for the web view, generated from the Rust types that
//! cross IPC. `ui/src/lib/bindings.ts` is this output; a test keeps it current
//! (`UPDATE_BINDINGS=1 cargo test -p escrow-desk bindings` rewrites it).

use ts_rs::{Config, TS};

/// Every type the UI sees, in dependency-friendly order.
pub fn typescript() -> String {
    use escrow_api::enums::*;
    use escrow_api::v2::*;
    let cfg = Config::new().with_large_int("number");
    let decls = [
        crate::environments::Badge::decl(&cfg),
        escrow_api::Dialect::decl(&cfg),
        crate::environments::EnvironmentView::decl(&cfg),
        crate::environments::EnvironmentList::decl(&cfg),
        crate::environments::ProfileInput::decl(&cfg),
        crate::desk::ConnectionCheck::decl(&cfg),
        crate::filters::TransactionFilters::decl(&cfg),
        crate::desk::TransactionQuery::decl(&cfg),
        crate::desk::TransactionPageView::decl(&cfg),
        crate::desk::TransactionView::decl(&cfg),
        crate::desk_create::NewTransactionInput::decl(&cfg),
        crate::audit_export::AuditFile::decl(&cfg),
        crate::desk_trade::TradeUserDetailsView::decl(&cfg),
        crate::desk_create::VehicleInput::decl(&cfg),
        crate::error::ErrorCode::decl(&cfg),
        crate::error::AppError::decl(&cfg),
        crate::error::FieldErrorView::decl(&cfg),
        TransactionStatus::decl(&cfg),
        Currency::decl(&cfg),
        PaymentStatus::decl(&cfg),
        PayoutStatus::decl(&cfg),
        PaymentMethod::decl(&cfg),
        Recipient::decl(&cfg),
        Timing::decl(&cfg),
        SplitPayoutStatus::decl(&cfg),
        Party::decl(&cfg),
        Fees::decl(&cfg),
        AutoInformation::decl(&cfg),
        InboundSummary::decl(&cfg),
        PaymentsSummary::decl(&cfg),
        TransactionListItem::decl(&cfg),
        InboundPayment::decl(&cfg),
        OutboundPayment::decl(&cfg),
        InboundPayments::decl(&cfg),
        OutboundPayments::decl(&cfg),
        TransactionPayments::decl(&cfg),
        Transaction::decl(&cfg),
        SplitPayout::decl(&cfg),
        PaymentInstructions::decl(&cfg),
        crate::desk::SplitPayoutsView::decl(&cfg),
        crate::desk::PaymentInstructionsView::decl(&cfg),
        escrow_api::trade::TradeAddress::decl(&cfg),
        escrow_api::trade::TradeBankAccount::decl(&cfg),
        escrow_api::trade::TradeUserDetails::decl(&cfg),
        escrow_api::trade::CreateBusinessUser::decl(&cfg),
        escrow_api::trade::EditBusinessUser::decl(&cfg),
        crate::trade::ShippingInput::decl(&cfg),
        crate::trade::InitiateTradeInput::decl(&cfg),
        crate::desk_documents::FileUpload::decl(&cfg),
        crate::actions::ActionRequest::decl(&cfg),
        crate::actions::ActionState::decl(&cfg),
        crate::actions::ActionRecord::decl(&cfg),
        crate::audit::AuditEntry::decl(&cfg),
        crate::audit::ChainCheck::decl(&cfg),
        crate::export::ExportRequest::decl(&cfg),
        crate::export::ExportState::decl(&cfg),
        crate::export::ExportStatus::decl(&cfg),
        escrow_api::trade::TradePartyFees::decl(&cfg),
        escrow_api::trade::TradeStatusAction::decl(&cfg),
        escrow_api::trade::TradePartyStatus::decl(&cfg),
        escrow_api::trade::TradeTimelineEvent::decl(&cfg),
        escrow_api::trade::TradeParty::decl(&cfg),
        escrow_api::trade::TradePhase::decl(&cfg),
        escrow_api::trade::TradePhases::decl(&cfg),
        escrow_api::trade::Trade::decl(&cfg),
        escrow_api::trade::PaymentToEscrowState::decl(&cfg),
        escrow_api::trade::PaymentToEscrow::decl(&cfg),
        crate::desk_trade::BusinessUserView::decl(&cfg),
        crate::desk_trade::BusinessUsersView::decl(&cfg),
        crate::desk_trade::TradeUserView::decl(&cfg),
        crate::desk_trade::TradesPageView::decl(&cfg),
        crate::desk_trade::TradeView::decl(&cfg),
        crate::desk_trade::TradeActionOutcome::decl(&cfg),
        UserType::decl(&cfg),
        UserListItem::decl(&cfg),
        UserConnection::decl(&cfg),
        Kyc::decl(&cfg),
        User::decl(&cfg),
        ConnectionRecord::decl(&cfg),
        Bank::decl(&cfg),
        BankAccount::decl(&cfg),
        OnboardingAccount::decl(&cfg),
        OnboardingResult::decl(&cfg),
        Signer::decl(&cfg),
        Document::decl(&cfg),
        RequiredSigner::decl(&cfg),
        BillOfSaleRecord::decl(&cfg),
        DebtRecord::decl(&cfg),
        crate::desk_users::UserQuery::decl(&cfg),
        crate::desk_users::UserPageView::decl(&cfg),
        crate::desk_users::UserView::decl(&cfg),
        crate::desk_users::HostedUrlView::decl(&cfg),
        crate::desk_users::ConnectionView::decl(&cfg),
        crate::desk_users::BanksView::decl(&cfg),
        crate::desk_users::BankAccountsView::decl(&cfg),
        crate::desk_users::OnboardingView::decl(&cfg),
        crate::desk_users::ConnectInput::decl(&cfg),
        crate::desk_users::GuestInput::decl(&cfg),
        crate::desk_users::ActionOutcome::decl(&cfg),
        crate::desk_documents::DocumentsView::decl(&cfg),
        crate::desk_documents::DocumentInput::decl(&cfg),
        crate::desk_documents::BillOfSaleInput::decl(&cfg),
        crate::desk_documents::DebtInput::decl(&cfg),
    ];
    let mut out = String::from("// Generated from Rust by ts-rs (src-tauri/src/bindings.rs). Do not edit by hand.\n\n");
    for d in decls {
        out.push_str("export ");
        out.push_str(&d);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn bindings_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/bindings.ts");
        let fresh = super::typescript();
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::write(&path, &fresh).expect("write bindings");
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "ui/src/lib/bindings.ts is stale: run `UPDATE_BINDINGS=1 cargo test -p escrow-desk bindings`"
        );
    }
}
