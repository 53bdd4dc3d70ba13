//! Four-eyes on this desk: the approvals inbox, what an action will do when approved (read
//! from the live record, the figures the approver confirms), approving (then this desk
//! sends it, once) or rejecting, and the rules an admin sets. The team store decides who
//! may; these only ask it.

use super::mapped::{desk_environment, team_name_of};
use super::state::Team;
use crate::actions::{ActionRecord, ActionRequest};
use crate::consequence::{ConsequenceView, view_of};
use crate::error::AppError;
use crate::journal::{self, Action};
use desk_team::approvals::{self, Rule, Waiting};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The journal's kinds of money move a rule can cover.
pub const RULE_KINDS: [&str; 7] =
    ["payout", "cancel", "reimburse", "createSplitPayout", "cancelSplitPayout", "changeAmount", "createPayment"];

/// An action that waits for a second person, or one of mine that was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalItem {
    pub id: String,
    /// This desk's environment for the action's service (`None`: this desk has none).
    pub environment_id: Option<String>,
    /// The service's address, as the team names the environment.
    pub service: String,
    pub kind: String,
    pub target: String,
    pub amount: Option<String>,
    /// What the move was worth when asked, when the asking desk could tell.
    pub at_stake: Option<String>,
    pub currency: Option<String>,
    pub requested_by: String,
    pub created: String,
    /// `awaiting_approval`, `rejected` or `lapsed`.
    pub state: String,
    /// The action (`None` when this version cannot read it).
    pub request: Option<ActionRequest>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalsInbox {
    /// Asked by others, waiting for an approver.
    pub for_me: Vec<ApprovalItem>,
    /// Asked by me: waiting, or rejected or lapsed this past week.
    pub asked_by_me: Vec<ApprovalItem>,
}

/// What approving `id` would let this desk send, read from the live record now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalCheck {
    pub consequence: ConsequenceView,
    /// The consequence's audit line: given back with the approval, it must still be the
    /// live one (else the deal changed since it was shown).
    pub seen: Option<String>,
}

/// A rule as an admin sets it.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRuleInput {
    pub environment_id: String,
    pub kind: String,
    pub currency: String,
    /// From this amount on (`0`: every one).
    pub from_amount: String,
    pub valid_hours: u32,
}

/// A rule of the team, named as this desk names its environment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalRuleView {
    pub environment_id: Option<String>,
    pub service: String,
    pub kind: String,
    pub currency: String,
    pub from_amount: String,
    pub valid_hours: u32,
}

impl Team {
    pub async fn approvals_inbox(&self) -> Result<ApprovalsInbox, AppError> {
        let inbox = approvals::inbox(&self.connection()?).await?;
        let names = self.desk.base_urls()?;
        let item = |w: Waiting| {
            let environment_id = desk_environment(&names, &w.environment_id);
            let (at_stake, currency) = w.at_stake.map_or((None, None), |(a, c)| (Some(a), Some(c)));
            ApprovalItem {
                request: serde_json::from_str(&w.request).ok(),
                id: w.id,
                environment_id,
                service: w.environment_id,
                kind: w.kind,
                target: w.target,
                amount: w.amount,
                at_stake,
                currency,
                requested_by: w.requested_by,
                created: w.created,
                state: w.state,
            }
        };
        Ok(ApprovalsInbox {
            for_me: inbox.for_me.into_iter().map(item).collect(),
            asked_by_me: inbox.asked_by_me.into_iter().map(item).collect(),
        })
    }

    /// What the action `id` will do if approved now, from the live record.
    pub async fn approval_check(&self, id: &str) -> Result<ApprovalCheck, AppError> {
        let record: ActionRecord = journal::get(self.desk.journal().as_ref(), id).await?;
        let client = self.desk.build_client(&record.environment_id)?;
        let store = self.desk.journal();
        let consequence =
            view_of(record.environment_id.clone(), &client, record.request.money_move(), store.as_ref()).await?;
        let seen = record.request.intent_note(&client).await;
        Ok(ApprovalCheck { consequence, seen })
    }

    /// Approves the action `id`, having seen `seen` (its consequence as
    /// [`Team::approval_check`] read it), then sends it from this desk, once. Refused when
    /// the deal changed since: the approver looks again.
    pub async fn approve_action(
        &self,
        id: &str,
        seen: Option<&str>,
        note: Option<&str>,
    ) -> Result<ActionRecord, AppError> {
        let store = self.desk.journal();
        let record: ActionRecord = journal::get(store.as_ref(), id).await?;
        let client = self.desk.build_client(&record.environment_id)?;
        let now = record.request.intent_note(&client).await;
        if now.as_deref() != seen {
            return Err(AppError::validation(
                "The deal changed since its consequence was shown: look at it again before approving.",
            ));
        }
        approvals::approve(&self.connection()?, id, now.as_deref(), note.filter(|n| !n.trim().is_empty())).await?;
        let approved: ActionRecord = journal::get(store.as_ref(), id).await?;
        Ok(journal::resume(store.as_ref(), &client, &approved).await?.record)
    }

    /// Rejects the action `id`: nothing is sent.
    pub async fn reject_action(&self, id: &str, note: Option<&str>) -> Result<ActionRecord, AppError> {
        approvals::reject(&self.connection()?, id, note.filter(|n| !n.trim().is_empty())).await?;
        journal::get(self.desk.journal().as_ref(), id).await
    }

    pub async fn approval_rules(&self) -> Result<Vec<ApprovalRuleView>, AppError> {
        let rules = approvals::rules(&self.connection()?).await?;
        let names = self.desk.base_urls()?;
        Ok(rules
            .into_iter()
            .map(|r| ApprovalRuleView {
                environment_id: desk_environment(&names, &r.environment_id),
                service: r.environment_id,
                kind: r.kind,
                currency: r.currency,
                from_amount: r.from_amount,
                valid_hours: r.valid_hours,
            })
            .collect())
    }

    pub async fn save_approval_rule(&self, input: &ApprovalRuleInput) -> Result<Vec<ApprovalRuleView>, AppError> {
        let rule = self.rule_of(input)?;
        approvals::set_rule(&self.connection()?, &rule).await?;
        self.approval_rules().await
    }

    pub async fn remove_approval_rule(
        &self,
        service: &str,
        kind: &str,
        currency: &str,
    ) -> Result<Vec<ApprovalRuleView>, AppError> {
        approvals::remove_rule(&self.connection()?, service, kind, currency).await?;
        self.approval_rules().await
    }

    /// A rule from the admin's form, checked: a money kind, a currency code, an amount of
    /// zero or more, between 1 hour and 30 days.
    fn rule_of(&self, input: &ApprovalRuleInput) -> Result<Rule, AppError> {
        let service = team_name_of(&self.desk.base_urls()?, &input.environment_id)
            .map_err(|_| AppError::validation("Pick one of this desk's environments."))?;
        if !RULE_KINDS.contains(&input.kind.as_str()) {
            return Err(AppError::validation(format!("{} is not a money action a rule can cover.", input.kind)));
        }
        let currency = input.currency.trim().to_uppercase();
        if currency.len() != 3 || !currency.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(AppError::validation("A currency is three letters, such as DKK."));
        }
        let from = input.from_amount.trim();
        let amount = if from.is_empty() { Some(rust_decimal::Decimal::ZERO) } else { desk_money::parse(from) };
        let Some(amount) = amount.filter(|a| !a.is_sign_negative()) else {
            return Err(AppError::validation("The amount is a number of zero or more, such as 10000 or 10000.00."));
        };
        if !(1..=720).contains(&input.valid_hours) {
            return Err(AppError::validation("An approval holds from 1 hour to 720 hours (30 days)."));
        }
        Ok(Rule {
            environment_id: service,
            kind: input.kind.clone(),
            currency,
            from_amount: amount.to_string(),
            valid_hours: input.valid_hours,
        })
    }
}
