//! `escrow connect start|get`.

use super::ctx::Ctx;
use crate::args::Connect;
use crate::exit::Failure;
use crate::output::{self, Fields, time};
use escrow_api::Client;
use escrow_api::ConnectRequest;

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
    }
}
