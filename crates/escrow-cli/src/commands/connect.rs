//! `escrow connect start|get|guest|delete`.

use super::ctx::Ctx;
use super::reply;
use crate::args::Connect;
use crate::exit::Failure;
use crate::output::{self, Fields, time};
use escrow_api::Client;
use escrow_api::{ConnectRequest, GuestUser};
use serde_json::{Value, json};

pub async fn run(client: &Client, ctx: &Ctx, command: Connect) -> Result<(), Failure> {
    match command {
        Connect::Start(a) => {
            let request = ConnectRequest { reference_id: a.reference, return_url: a.return_url, ..Default::default() };
            let started = client.connect().start(&request).await?;
            if ctx.json {
                return output::emit_json(&started);
            }
            output::emit(&format!("Send the person to:\n{}\n", output::clean(&started.connect_url)))
        }
        Connect::Get(a) => {
            let record = client.connect().get(&a.reference).await?;
            if ctx.json {
                return output::emit_json(&record);
            }
            let mut f = Fields::new();
            f.add("Account", record.service_account_id.as_str());
            for c in &record.connections {
                f.add("Connection", format!("{} {}", c.reference_id, time(c.connected)));
            }
            output::emit(&f.render())
        }
        Connect::Guest(a) => {
            let mut body = a.body.value()?;
            if let Value::Object(map) = &mut body {
                for (k, v) in [("name", a.name), ("phoneNumber", a.phone), ("email", a.email), ("cvr", a.cvr)] {
                    if let Some(v) = v {
                        map.insert(k.into(), Value::String(v));
                    }
                }
            }
            let guest: GuestUser = serde_json::from_value(body)
                .map_err(|e| Failure::usage(format!("the body of connect guest does not fit: {e}")))?;
            let created = client.connect().create_guest(&a.reference, &guest).await?;
            if ctx.json {
                return output::emit_json(&created);
            }
            output::emit(&format!(
                "Created account {} for {}\n",
                output::clean(&created.service_account_id),
                a.reference
            ))
        }
        Connect::Delete(a) => {
            client.connect().delete(&a.reference).await?;
            reply::done(ctx, "delete", json!({ "referenceId": a.reference }), &format!("Removed: {}", a.reference))
        }
    }
}
