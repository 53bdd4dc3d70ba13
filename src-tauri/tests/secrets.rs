//! The API key never leaves the keychain and Rust memory: every command the web view
//! may call is invoked with a known key configured, and every answer, every error and
//! every file under the app's data folder is scanned for the key and for an
//! Authorization header — and for the audit log's MAC key, which lives in the keychain too.

use escrow_desk::appdb::AppDb;
use escrow_desk::desk::{BuiltInSandbox, Desk};
use escrow_desk::ipc::NAMES;
use escrow_desk::links::parse::LinkTarget;
use escrow_desk::paper::statement::PaperKind;
use escrow_desk::payments::actions::PaymentAction;
use escrow_desk::save_as::kind::ExportKind;
use escrow_desk::settings::environments::{Badge, ProfileInput};
use escrow_desk::settings::keychain::Keychain;
use escrow_desk::trades::actions::TradeAction;
use escrow_desk::transactions::actions::TransactionAction;
use escrow_desk::transactions::list::TransactionQuery;
use escrow_desk::wiring::{Domains, Outside};
use escrow_sandbox::{SandboxConfig, Seed, TenantConfig};

const SECRET: &str = "sk_live_7f3a9c2e4b1d8a6f";

fn json<T: serde::Serialize, E: serde::Serialize>(r: &Result<T, E>) -> String {
    match r {
        Ok(v) => serde_json::to_string(v).unwrap(),
        Err(e) => serde_json::to_string(e).unwrap(),
    }
}

#[tokio::test]
async fn no_command_answer_error_or_file_contains_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let builtin = escrow_sandbox::start(SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let tenant = escrow_sandbox::start(SandboxConfig {
        listen: "127.0.0.1:0".into(),
        data_dir: dir.path().join("tenant"),
        tenants: vec![TenantConfig::parse(&format!("t={SECRET}")).unwrap()],
        seed: Seed::Demo,
        dialect: Default::default(),
    })
    .await
    .unwrap();
    let keychain = Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let app = Domains::with(
        Desk::new(
            AppDb::open(&dir.path().join("app")).unwrap(),
            keychain.clone(),
            Some(BuiltInSandbox { url: builtin.url.clone(), key: escrow_sandbox::DEMO_KEY.into() }),
        )
        .unwrap(),
        Outside { export_dir: dir.path().join("app").join("exports"), ..Default::default() },
    )
    .unwrap();
    let profile = app
        .desk
        .save_profile(&ProfileInput {
            id: None,
            name: "Live".into(),
            base_url: tenant.url.clone(),
            badge: Badge::Production,
            routes: String::new(),
            dialect: Default::default(),
        })
        .unwrap();
    let page = {
        app.environments.set_api_key(&profile.id, SECRET).unwrap();
        app.desk.select_environment(&profile.id).unwrap();
        app.transactions
            .list_transactions(&TransactionQuery {
                search: None,
                skip: 0,
                take: 100,
                filters: None,
                reference_id: None,
                sort: None,
            })
            .await
            .unwrap()
    };
    let paid = page.items.iter().find(|t| t.status.as_str() == "PAID").unwrap();
    let (txn, payer) = (paid.transaction_id.clone(), paid.payer.as_ref().unwrap().service_account_id.clone().unwrap());

    let mut answers = Vec::new();
    for name in NAMES {
        // A command missing here fails the test: every command is scanned.
        let answer = match *name {
            "list_environments" => json(&app.desk.list_environments()),
            "select_environment" => json(&app.desk.select_environment(&profile.id)),
            "save_profile" => json(&app.desk.save_profile(&ProfileInput {
                id: Some(profile.id.clone()),
                name: "Live".into(),
                base_url: tenant.url.clone(),
                badge: Badge::Production,
                routes: "getUser = /v1/marketplace/users/{marketplaceUserId}".into(),
                dialect: Default::default(),
            })),
            "set_api_key" => json(&app.environments.set_api_key(&profile.id, SECRET)),
            // A store that is not there: the refusal must not carry the password.
            "join_team" => json(
                &app.team
                    .join_team(&escrow_desk::team::JoinTeam {
                        url: "postgres://127.0.0.1:1/escrow".into(),
                        user: "anna".into(),
                        password: SECRET.into(),
                        ca_file: None,
                    })
                    .await,
            ),
            "team_status" => json(&app.team.team_status()),
            // A store that is not there: the refusal must not carry the administrator's password.
            "administer_team" => json(
                &app.team
                    .administer_team(&escrow_desk::team::TeamAdminInput {
                        url: "postgres://127.0.0.1:1/escrow".into(),
                        admin: "postgres".into(),
                        password: SECRET.into(),
                        ca_file: None,
                        task: escrow_desk::team::TeamTask::Init,
                    })
                    .await,
            ),
            "leave_team" => json(&app.team.leave_team()),
            // Not joined: each says so (the joined desk's answers are `tests/team.rs`'s).
            "team_standing" => json(&app.team.team_standing().await),
            "team_next_change" => json(&Ok::<_, ()>(app.team.next_change(0).await)),
            "approvals_inbox" => json(&app.team.approvals_inbox().await),
            "team_queue" => json(&app.team.team_queue(&profile.id).await),
            "shared_filters" => json(&app.team.shared_filters().await),
            "share_filter" => json(&app.team.share_filter(SECRET, SECRET, &Default::default()).await),
            "unshare_filter" => json(&app.team.unshare_filter(SECRET).await),
            "queue_move" => json(
                &app.team
                    .queue_move(
                        &[escrow_desk::team::QueueItemRef {
                            environment_id: profile.id.clone(),
                            transaction_id: txn.clone(),
                            rule: "debt_missing".into(),
                        }],
                        &escrow_desk::team::QueueMove::Note { text: SECRET.into() },
                    )
                    .await,
            ),
            "approval_check" => json(&app.team.approval_check("no-such-action").await),
            "approve_action" => json(&app.team.approve_action("no-such-action", None, Some(SECRET)).await),
            "reject_action" => json(&app.team.reject_action("no-such-action", Some(SECRET)).await),
            "approval_rules" => json(&app.team.approval_rules().await),
            "save_approval_rule" => json(
                &app.team
                    .save_approval_rule(&escrow_desk::team::ApprovalRuleInput {
                        environment_id: profile.id.clone(),
                        kind: "payout".into(),
                        currency: "DKK".into(),
                        from_amount: "0".into(),
                        valid_hours: 24,
                    })
                    .await,
            ),
            "remove_approval_rule" => json(&app.team.remove_approval_rule("x", "payout", "DKK").await),
            "delete_profile" => json(&app.environments.delete_profile("no-such-profile")),
            "test_connection" => json(&app.desk.test_connection(&profile.id).await),
            "staff_name" => json(&app.environments.staff_name()),
            "set_staff_name" => json(&app.environments.set_staff_name("Mette Hansen")),
            "staff_name_asked" => json(&app.environments.staff_name_asked()),
            "list_transactions" => json(
                &app.transactions
                    .list_transactions(&TransactionQuery {
                        search: Some("a".into()),
                        skip: 0,
                        take: 5,
                        filters: None,
                        reference_id: None,
                        sort: None,
                    })
                    .await,
            ),
            "get_transaction" => json(&app.transactions.get_transaction(&txn).await),
            "offline_transaction" => json(&app.transactions.offline_transaction(&txn).await),
            "get_action" => json(&app.actions.get_action("no-such-action").await),
            "start_action" => {
                let ok = app
                    .actions
                    .start_action(
                        &TransactionAction::Reimburse { transaction_id: txn.clone(), amount: "1.00".into() },
                        None,
                    )
                    .await;
                let refused = app
                    .actions
                    .start_action(
                        &TransactionAction::Reimburse { transaction_id: txn.clone(), amount: "99999999.00".into() },
                        None,
                    )
                    .await;
                format!("{}{}", json(&ok), json(&refused))
            }
            "retry_action" => json(&app.actions.retry_action("no-such-action").await),
            "dismiss_action" => json(&app.actions.dismiss_action("no-such-action").await),
            "open_actions" => json(&app.actions.open_actions().await),
            "audit_log" => json(&app.audit.audit_log(None, 100)),
            "verify_audit_log" => json(&app.audit.verify_audit_log()),
            "save_audit_csv" => json(&app.audit.save_audit_csv(None)),
            // What `copy_audit_csv` puts on the clipboard.
            "copy_audit_csv" => json(&app.audit.audit_csv_text(None, &[])),
            "list_split_payouts" => json(&app.transactions.list_split_payouts(&txn).await),
            "user_transactions" => json(&app.users.user_transactions(&payer).await),
            "transaction_timeline" => json(&app.timeline.transaction_timeline(&txn).await),
            "take_links" => {
                app.links.push(format!("escrow-desk://open/transaction/{txn}?environment=sandbox"));
                json(&app.links.take_views())
            }
            // What `copy_link` puts on the clipboard.
            "copy_link" => json(&app.links.link_to(&LinkTarget::Transaction { id: txn.clone() })),
            "network_settings" => json(&app.desk.network_settings()),
            "save_network_settings" => {
                json(&app.desk.save_network_settings(&escrow_desk::settings::network::NetworkInput {
                    mode: escrow_desk::settings::network::ProxyMode::Direct,
                    ..Default::default()
                }))
            }
            "save_paper" => {
                let chosen = dir.path().join("app").join("exports").join("receipt.pdf");
                let token = app.save_as.tokens().issue(ExportKind::Receipt, chosen).unwrap();
                json(&app.paper.save_paper(&txn, PaperKind::Receipt, None, &token).await)
            }
            // The document `print_paper` opens in the PDF viewer, as text a key would show in.
            "print_paper" => json(
                &app.paper
                    .paper_pdf(&txn, PaperKind::Receipt, None)
                    .await
                    .map(|b| String::from_utf8_lossy(&b).into_owned()),
            ),
            "webhook_examples" => json(&app.events.webhook_examples().await),
            "webhook_deliveries" => json(&app.events.webhook_deliveries(Some(&txn)).await),
            "send_test_webhook" => json(&app.events.send_test_webhook("transaction.created", Some(&txn)).await),
            "payment_instructions" => json(&app.payments.payment_instructions(&txn, &payer).await),
            "start_export" => {
                let started = app.transactions.start_export(&Default::default()).unwrap();
                let mut status = app.transactions.export_status(&started.id).unwrap();
                for _ in 0..200 {
                    if status.state != escrow_desk::transactions::export::ExportState::Running {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    status = app.transactions.export_status(&started.id).unwrap();
                }
                assert_eq!(status.state, escrow_desk::transactions::export::ExportState::Done, "{status:?}");
                json::<_, ()>(&Ok(status))
            }
            "mirror_status" => json(&app.mirror.mirror_status()),
            "sync_mirror" => {
                let synced = app.mirror.run_mirror_sync(escrow_desk::mirror::sync::SyncKind::Full).await;
                format!("{}{}", json(&synced), json(&app.mirror.sync_mirror(false)))
            }
            "overview" => json(&app.mirror.overview()),
            "attention" => json(&app.mirror.attention(None)),
            "changes" => json(&app.mirror.changes()),
            "mark_changes_seen" => json(&app.mirror.mark_changes_seen()),
            "snooze_attention" => {
                let target = escrow_desk::mirror::views::SnoozeTarget {
                    transaction_id: txn.clone(),
                    rule: "paid_overdue".into(),
                };
                json(&app.mirror.snooze(&[target], 3, "waiting for the dealer", None))
            }
            "unsnooze_attention" => json(&app.mirror.unsnooze(&txn, "paid_overdue", None)),
            "attention_thresholds" => json(&app.mirror.attention_thresholds()),
            "save_attention_thresholds" => json(&app.mirror.save_attention_thresholds(&Default::default())),
            "mirror_intervals" => json(&app.mirror.mirror_intervals()),
            "save_mirror_intervals" => json(&app.mirror.save_mirror_intervals(&Default::default())),
            "export_status" => json(&app.transactions.export_status("no-such-export")),
            "bulk_prepare" => json(
                &app.bulk
                    .bulk_prepare(&escrow_desk::bulk::model::BulkPrepareRequest {
                        kind: escrow_desk::bulk::model::BulkKind::Payout,
                        ids: vec![txn.clone(), "no-such-transaction".into()],
                        reason: None,
                    })
                    .await,
            ),
            "bulk_start" => json(&app.bulk.bulk_start(&escrow_desk::bulk::model::BulkStartRequest {
                batch_id: "no-such-batch".into(),
                typed_totals: vec![],
            })),
            "bulk_status" => json(&app.bulk.bulk_status("no-such-batch")),
            "bulk_cancel" => json(&app.bulk.bulk_cancel("no-such-batch")),
            "bulk_retry" => json(&app.bulk.bulk_retry("no-such-batch")),
            "bulk_matching_ids" => json(&app.bulk.bulk_matching_ids(&Default::default()).await),
            "cancel_export" => json(&app.transactions.cancel_export("no-such-export")),
            // Refused before anything is launched; the answer is scanned like the rest.
            "create_transaction" => {
                let input = escrow_desk::transactions::create::NewTransactionInput {
                    transaction_type: "MARKETPLACE".into(),
                    amount: "100.00".into(),
                    title: "Scan".into(),
                    payer_id: payer.clone(),
                    payee_reference_id: "scan-payee".into(),
                    ..Default::default()
                };
                let refused =
                    escrow_desk::transactions::create::NewTransactionInput { amount: "x".into(), ..input.clone() };
                format!(
                    "{}{}",
                    json(&app.transactions.create_transaction(&input).await),
                    json(&app.transactions.create_transaction(&refused).await)
                )
            }
            "transaction_consequence" => json(
                &app.transactions
                    .transaction_consequence(&TransactionAction::Reimburse {
                        transaction_id: txn.clone(),
                        amount: "1.00".into(),
                    })
                    .await,
            ),
            "transaction_labels" => json(&app.mirror.transaction_labels(std::slice::from_ref(&txn))),
            "debt_consequence" => json(&app.transactions.debt_consequence(&txn, "1.00").await),
            "check_new_transaction" => {
                let input = escrow_desk::transactions::create::NewTransactionInput {
                    transaction_type: "AUTO".into(),
                    amount: "100.00".into(),
                    payee_reference_id: "scan-payee".into(),
                    ..Default::default()
                };
                json(&escrow_desk::transactions::commands::check_new_transaction(input, None))
            }
            "payment_action" => {
                let create = PaymentAction::CreatePayment {
                    transaction_id: txn.clone(),
                    service_account_id: payer.clone(),
                    amount: Some("1.00".into()),
                };
                let init = PaymentAction::InitializePayment {
                    transaction_id: txn.clone(),
                    payment_id: "no-such-payment".into(),
                    payment_method: Some("MOBILEWALLET".into()),
                    bank_id: None,
                    bank_account_id: None,
                };
                format!(
                    "{}{}",
                    json(&app.payments.payment_action(&create, None).await),
                    json(&app.payments.payment_action(&init, None).await)
                )
            }
            "payment_consequence" => json(
                &app.payments
                    .payment_consequence(&PaymentAction::CreatePayment {
                        transaction_id: txn.clone(),
                        service_account_id: payer.clone(),
                        amount: Some("1.00".into()),
                    })
                    .await,
            ),
            "update_settings" => json(&app.updates.update_settings()),
            // The dialog needs a desktop; what it answers is a token and the chosen path.
            "choose_save_path" => json(&Ok::<_, ()>(escrow_desk::save_as::commands::SaveChoice {
                token: Some("0123456789abcdef0123456789abcdef".into()),
                path: Some(dir.path().join("chosen.csv").display().to_string()),
            })),
            "notification_settings" => json(&app.notify.notification_settings()),
            "save_notification_settings" => json(&app.notify.save_notification_settings(
                &escrow_desk::notifications::settings::NotificationSettings { changes: true },
            )),
            "save_update_url" => json(&app.updates.save_update_url("")),
            // Reaching the network is for tests/updates.rs; here: what the check would ask, and an install's refusal.
            "check_for_update" => json(&app.updates.update_url().map(|u| u.map(String::from))),
            "install_update" => json(&Err::<(), _>(escrow_desk::updates::service::to_app_error(
                tauri_plugin_updater::Error::ReleaseNotFound,
            ))),
            "open_external" => json(&escrow_desk::external::check("javascript:alert(1)").map(drop)),
            "list_business_users" => json(&app.business_users.list_business_users()),
            "create_business_user" => {
                let mut bu = escrow_api::trade::CreateBusinessUser {
                    business_id: "NOT-DIGITS".into(),
                    business_location_id: "1003456789".into(),
                    name: "Scan ApS".into(),
                    phone_number: "+45 70 00 00 00".into(),
                    payouts_account_number: "12345678901234".into(),
                    ..Default::default()
                };
                let refused = app.business_users.create_business_user(&bu).await;
                bu.business_id = "12121212".into();
                format!("{}{}", json(&refused), json(&app.business_users.create_business_user(&bu).await))
            }
            "edit_business_user" => json(
                &app.business_users
                    .edit_business_user(
                        "12121212",
                        "1003456789",
                        &escrow_api::trade::EditBusinessUser {
                            name: "Scan A/S".into(),
                            payouts_account_number: "12345678901234".into(),
                            ..Default::default()
                        },
                    )
                    .await,
            ),
            "lookup_business_user" => json(&app.business_users.lookup_business_user("12121212", "1003456789").await),
            "delete_business_user" => json(&app.business_users.delete_business_user("12121212", "1003456789").await),
            "trade_user" => json(&app.trades.trade_user()),
            "list_trades" => json(&app.trades.list_trades("scan-user", 1, 20).await),
            "get_trade" => json(&app.trades.get_trade("scan-user", "no-such-trade").await),
            "trade_user_details" => json(&app.trades.trade_user_details("scan-user").await),
            "start_trade_action" => json(
                &app.trades
                    .start_trade_action(&TradeAction::TradeCancel {
                        trade_id: "no-such-trade".into(),
                        state: "no-such-trade".into(),
                    })
                    .await,
            ),
            // users, documents, Auto (commands_users.rs, commands_documents.rs)
            "list_users" => json(
                &app.users
                    .list_users(&escrow_desk::users::service::UserQuery {
                        skip: 0,
                        take: 5,
                        search: None,
                        public: None,
                    })
                    .await,
            ),
            "get_user" => json(&app.users.get_user(&payer).await),
            "start_connect" => json(
                &app.users
                    .start_connect(&escrow_desk::users::service::ConnectInput {
                        reference_id: Some("scan-1".into()),
                        ..Default::default()
                    })
                    .await,
            ),
            "get_connection" => json(&app.users.get_connection("no-such-reference").await),
            "create_guest" => json(
                &app.users
                    .create_guest(&escrow_desk::users::service::GuestInput {
                        reference_id: "scan-guest".into(),
                        ..Default::default()
                    })
                    .await,
            ),
            "delete_connection" => json(&app.users.delete_connection(&payer, "no-such-reference").await),
            "list_banks" => json(&app.users.list_banks(&payer).await),
            "list_bank_accounts" => json(&app.users.list_bank_accounts(&payer).await),
            "start_bank_onboarding" => {
                json(&app.users.start_bank_onboarding(&payer, "danske-bank", "https://desk.example/back").await)
            }
            "bank_onboarding_result" => json(&app.users.bank_onboarding_result(&payer).await),
            "add_bank_account" => json(&app.users.add_bank_account(&payer, "danske-bank", "no-such-account").await),
            "set_default_bank_account" => {
                json(&app.users.set_default_bank_account(&payer, "danske-bank", "no-such-account").await)
            }
            "delete_bank_account" => {
                json(&app.users.delete_bank_account(&payer, "danske-bank", "no-such-account").await)
            }
            "list_documents" => json(&app.documents.list_documents(&txn).await),
            "list_all_documents" => json(&app.documents.list_all_documents().await),
            "get_document" => json(&app.documents.get_document("no-such-document").await),
            "upload_document" => json(
                &app.documents
                    .upload_document(&escrow_desk::documents::service::DocumentInput {
                        transaction_id: txn.clone(),
                        title: "Scan".into(),
                        signers_required: None,
                        file: escrow_desk::shared::files::FileUpload {
                            file_name: "scan.pdf".into(),
                            data: escrow_desk::shared::files::FileData(b"%PDF-1.4 scan".to_vec()),
                        },
                    })
                    .await,
            ),
            "sign_document" => json(&app.documents.sign_document("no-such-document", &payer, None).await),
            "download_document" => json(&app.documents.download_document("no-such-document").await),
            "delete_document" => json(&app.documents.delete_document("no-such-document").await),
            "set_bill_of_sale" => json(
                &app.auto
                    .set_bill_of_sale(&escrow_desk::auto::service::BillOfSaleInput {
                        transaction_id: txn.clone(),
                        enable: true,
                        file: None,
                        amount: None,
                        additional_terms: None,
                        required_signers: None,
                    })
                    .await,
            ),
            "add_debt_information" => json(
                &app.auto
                    .add_debt_information(&escrow_desk::auto::service::DebtInput {
                        transaction_id: txn.clone(),
                        file: escrow_desk::shared::files::FileUpload {
                            file_name: "d.pdf".into(),
                            data: escrow_desk::shared::files::FileData(b"%PDF-1.4 d".to_vec()),
                        },
                        amount: "10.00".into(),
                        fik_code: None,
                        bank_account: Some("00400440116243".into()),
                        bank_account_text: None,
                    })
                    .await,
            ),
            "debt_download_link" => json(&app.auto.debt_download_link(&txn).await),
            "startup_report" => json(&escrow_desk::startup::commands::startup_report()),
            "diagnostics" => json(&Ok::<_, ()>(escrow_desk::support::diagnostics::report(Some(&app.actions)).await)),
            // Writing the clipboard needs a window; what it writes is the same report.
            "copy_diagnostics" => {
                json(&Ok::<_, ()>(escrow_desk::support::diagnostics::report(Some(&app.actions)).await))
            }
            // Opening a file manager is not for a test; its answer is the folder's path.
            "open_logs_folder" => {
                json(&Ok::<_, ()>(escrow_desk::support::logging::dir().map(|d| d.display().to_string())))
            }
            // Building the native menu needs a window; what it answers is nothing.
            "set_language" => {
                escrow_desk::shared::lang::set(Some("en"));
                json(&Ok::<(), ()>(()))
            }
            other => panic!("command {other} is not covered by the secret scan"),
        };
        answers.push((name, answer));
    }
    // A wrong key answers 401: the error must not echo what was sent either.
    app.environments.set_api_key(&profile.id, "wrong-key").unwrap();
    answers.push((
        &"unauthorized",
        json(
            &app.transactions
                .list_transactions(&TransactionQuery {
                    search: None,
                    skip: 0,
                    take: 5,
                    filters: None,
                    reference_id: None,
                    sort: None,
                })
                .await,
        ),
    ));
    assert!(answers.last().unwrap().1.contains("unauthorized"));

    let audit_key = keychain.get("audit-mac-key").unwrap().expect("the audit key was made");
    for (name, answer) in &answers {
        assert!(!answer.contains(SECRET), "{name} answered with the key: {answer}");
        assert!(!answer.contains(&audit_key), "{name} answered with the audit key");
        assert!(!answer.to_lowercase().contains("authorization") && !answer.contains("Bearer"), "{name}: {answer}");
    }
    let mut files = 0;
    let mut stack = vec![dir.path().join("app")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            files += 1;
            let bytes = std::fs::read(&p).unwrap();
            assert!(!String::from_utf8_lossy(&bytes).contains(SECRET), "key found in {}", p.display());
            assert!(!String::from_utf8_lossy(&bytes).contains(&audit_key), "audit key found in {}", p.display());
            assert!(
                !bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"bearer")),
                "Authorization value in {}",
                p.display()
            );
        }
    }
    assert!(files >= 1);
    println!("secret scan: {} commands, {} answers, {files} files", NAMES.len(), answers.len());
}
