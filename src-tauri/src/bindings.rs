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
        crate::settings::environments::Badge::decl(&cfg),
        escrow_api::Dialect::decl(&cfg),
        crate::settings::environments::EnvironmentView::decl(&cfg),
        crate::settings::environments::EnvironmentList::decl(&cfg),
        crate::settings::environments::ProfileInput::decl(&cfg),
        crate::desk::ConnectionCheck::decl(&cfg),
        crate::updates::settings::UpdateSettings::decl(&cfg),
        crate::team::JoinTeam::decl(&cfg),
        crate::team::TeamStatus::decl(&cfg),
        crate::team::TeamStanding::decl(&cfg),
        crate::team::TeamPulse::decl(&cfg),
        crate::team::TeamChange::decl(&cfg),
        crate::team::ApprovalsInbox::decl(&cfg),
        crate::team::ApprovalItem::decl(&cfg),
        crate::team::ApprovalCheck::decl(&cfg),
        crate::team::ApprovalRuleInput::decl(&cfg),
        crate::team::ApprovalRuleView::decl(&cfg),
        crate::team::QueueItemRef::decl(&cfg),
        crate::team::SharedFilterView::decl(&cfg),
        crate::team::TeamAdminInput::decl(&cfg),
        crate::team::TeamTask::decl(&cfg),
        crate::team::QueueMove::decl(&cfg),
        crate::team::TeamQueueView::decl(&cfg),
        crate::team::TeamItemView::decl(&cfg),
        crate::team::TeamNoteView::decl(&cfg),
        crate::updates::service::UpdateView::decl(&cfg),
        crate::updates::service::UpdateCheck::decl(&cfg),
        crate::transactions::filters::TransactionFilters::decl(&cfg),
        crate::mirror::views::MirrorStatus::decl(&cfg),
        crate::mirror::labels::TransactionLabel::decl(&cfg),
        crate::mirror::views::SyncProgress::decl(&cfg),
        crate::mirror::views::MoneyLine::decl(&cfg),
        crate::mirror::views::StatusCount::decl(&cfg),
        crate::mirror::views::DayPoint::decl(&cfg),
        crate::mirror::views::AgeBucket::decl(&cfg),
        crate::mirror::views::TopPayee::decl(&cfg),
        crate::mirror::views::Overview::decl(&cfg),
        crate::mirror::rules::Rule::decl(&cfg),
        crate::mirror::rules::Thresholds::decl(&cfg),
        crate::mirror::views::AttentionItem::decl(&cfg),
        crate::mirror::views::RuleCount::decl(&cfg),
        crate::mirror::views::SnoozeTarget::decl(&cfg),
        crate::mirror::views::AttentionView::decl(&cfg),
        crate::mirror::views::Change::decl(&cfg),
        crate::mirror::views::ChangesView::decl(&cfg),
        crate::mirror::settings::Intervals::decl(&cfg),
        crate::transactions::list::TransactionQuery::decl(&cfg),
        crate::transactions::list::TransactionPageView::decl(&cfg),
        crate::transactions::list::MirrorSource::decl(&cfg),
        crate::transactions::sort::SortBy::decl(&cfg),
        crate::consequence::Stage::decl(&cfg),
        crate::consequence::Flow::decl(&cfg),
        crate::consequence::DealMoney::decl(&cfg),
        crate::transactions::service::TransactionView::decl(&cfg),
        crate::transactions::offline::OfflineTransaction::decl(&cfg),
        crate::transactions::create::NewTransactionInput::decl(&cfg),
        crate::consequence::Consequence::decl(&cfg),
        crate::consequence::SplitEffect::decl(&cfg),
        crate::consequence::Blocked::decl(&cfg),
        crate::consequence::ConsequenceView::decl(&cfg),
        crate::audit::export::AuditFile::decl(&cfg),
        crate::save_as::kind::ExportKind::decl(&cfg),
        crate::save_as::commands::SaveChoice::decl(&cfg),
        crate::paper::statement::PaperKind::decl(&cfg),
        crate::paper::service::PaperFile::decl(&cfg),
        crate::notifications::settings::NotificationSettings::decl(&cfg),
        crate::trades::service::TradeUserDetailsView::decl(&cfg),
        crate::transactions::create::VehicleInput::decl(&cfg),
        crate::startup::NoticeKind::decl(&cfg),
        crate::startup::StartupNotice::decl(&cfg),
        crate::startup::StartupReport::decl(&cfg),
        crate::error::ErrorCode::decl(&cfg),
        crate::error::AppError::decl(&cfg),
        crate::error::FieldErrorView::decl(&cfg),
        crate::error::NotRecorded::decl(&cfg),
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
        crate::transactions::service::SplitPayoutsView::decl(&cfg),
        crate::payments::instructions::PaymentInstructionsView::decl(&cfg),
        crate::users::lookup::UserTransactionsView::decl(&cfg),
        crate::documents::browse::DocumentView::decl(&cfg),
        crate::timeline::entry::TimelineKind::decl(&cfg),
        crate::timeline::entry::TimelineSource::decl(&cfg),
        crate::timeline::entry::TimelineEntry::decl(&cfg),
        crate::timeline::service::TimelineView::decl(&cfg),
        crate::sandbox_inspect::Delivery::decl(&cfg),
        crate::events::service::WebhookExamplesView::decl(&cfg),
        crate::events::service::DeliveriesView::decl(&cfg),
        escrow_api::trade::TradeAddress::decl(&cfg),
        escrow_api::trade::TradeBankAccount::decl(&cfg),
        escrow_api::trade::TradeUserDetails::decl(&cfg),
        escrow_api::trade::CreateBusinessUser::decl(&cfg),
        escrow_api::trade::EditBusinessUser::decl(&cfg),
        crate::trades::inputs::ShippingInput::decl(&cfg),
        crate::trades::inputs::InitiateTradeInput::decl(&cfg),
        crate::shared::files::FileUpload::decl(&cfg),
        crate::transactions::actions::TransactionAction::decl(&cfg),
        crate::payments::actions::PaymentAction::decl(&cfg),
        crate::users::actions::UserAction::decl(&cfg),
        crate::documents::actions::DocumentAction::decl(&cfg),
        crate::auto::actions::AutoAction::decl(&cfg),
        crate::trades::actions::TradeAction::decl(&cfg),
        crate::actions::ActionRequest::decl(&cfg),
        crate::journal::ActionState::decl(&cfg),
        <crate::actions::ActionRecord as TS>::decl_concrete(&cfg),
        crate::audit::RowFormat::decl(&cfg),
        crate::audit::AuditEntry::decl(&cfg),
        crate::audit::NoteSplit::decl(&cfg),
        crate::audit::AuditNote::decl(&cfg),
        crate::audit::AuditDetail::decl(&cfg),
        crate::audit::service::AuditRow::decl(&cfg),
        crate::audit::ChainStatus::decl(&cfg),
        crate::audit::ChainProblem::decl(&cfg),
        crate::audit::AnchorState::decl(&cfg),
        crate::audit::ChainCheck::decl(&cfg),
        crate::transactions::export::ExportRequest::decl(&cfg),
        crate::transactions::export::ExportState::decl(&cfg),
        crate::transactions::export::ExportStatus::decl(&cfg),
        crate::bulk::model::BulkKind::decl(&cfg),
        crate::bulk::model::BulkPrepareRequest::decl(&cfg),
        crate::bulk::model::CurrencyTotal::decl(&cfg),
        crate::bulk::model::BulkStartRequest::decl(&cfg),
        crate::bulk::model::RowState::decl(&cfg),
        crate::bulk::model::BulkRow::decl(&cfg),
        crate::bulk::model::SkipWhy::decl(&cfg),
        crate::bulk::model::Skip::decl(&cfg),
        crate::bulk::model::BatchState::decl(&cfg),
        crate::bulk::model::BatchStatus::decl(&cfg),
        crate::bulk::service::MatchingIds::decl(&cfg),
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
        crate::business_users::service::BusinessUserView::decl(&cfg),
        crate::business_users::service::BusinessUsersView::decl(&cfg),
        crate::trades::service::TradeUserView::decl(&cfg),
        crate::trades::service::TradesPageView::decl(&cfg),
        crate::trades::service::TradeView::decl(&cfg),
        crate::trades::service::TradeActionOutcome::decl(&cfg),
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
        crate::users::service::UserQuery::decl(&cfg),
        crate::users::service::UserPageView::decl(&cfg),
        crate::users::service::UserView::decl(&cfg),
        crate::shared::views::HostedUrlView::decl(&cfg),
        crate::users::service::ConnectionView::decl(&cfg),
        crate::users::service::BanksView::decl(&cfg),
        crate::users::service::BankAccountsView::decl(&cfg),
        crate::users::service::OnboardingView::decl(&cfg),
        crate::users::service::ConnectInput::decl(&cfg),
        crate::users::service::GuestInput::decl(&cfg),
        <crate::journal::Outcome<crate::actions::ActionRequest> as TS>::decl_concrete(&cfg),
        crate::documents::service::DocumentsView::decl(&cfg),
        crate::documents::service::DocumentInput::decl(&cfg),
        crate::auto::service::BillOfSaleInput::decl(&cfg),
        crate::auto::service::DebtInput::decl(&cfg),
    ];
    let mut out = String::from("// Generated from Rust by ts-rs (src-tauri/src/bindings.rs). Do not edit by hand.\n\n");
    for d in decls {
        out.push_str("export ");
        out.push_str(&d);
        out.push('\n');
    }
    let codes: Vec<String> =
        crate::error::ErrorCode::ALL.iter().map(|c| serde_json::to_string(c).unwrap_or_default()).collect();
    out.push_str(&format!("export const ERROR_CODES: readonly ErrorCode[] = [{}];\n", codes.join(", ")));
    out
}

#[cfg(test)]
mod tests {
    /// `UPDATE_BINDINGS=1` rewrites the file (`make bindings`); otherwise it must be current.
    fn current(relative: &str, fresh: &str) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
        if std::env::var_os("UPDATE_BINDINGS").is_some() {
            std::fs::write(&path, fresh).expect("write generated file");
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(committed == fresh, "{relative} is stale: run `make bindings`");
    }

    #[test]
    fn bindings_are_current() {
        current("../ui/src/lib/bindings.ts", &super::typescript());
    }

    #[test]
    fn bindings_ipc_wrappers_are_current() {
        current("../ui/src/shared/ipc.ts", &crate::ipc::typescript());
    }
}
