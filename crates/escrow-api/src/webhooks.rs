//! Webhook examples from the service; parse deliveries with [`crate::models::WebhookEvent::parse`].

use crate::client::{CallOptions, Client, Request};
use crate::error::Result;
use crate::models::WebhookExamples;
use crate::routes::V2Route;

impl Client {
    /// An example of every webhook the service sends.
    pub async fn webhook_examples(&self) -> Result<WebhookExamples> {
        let path = self.path(V2Route::WebhookExamples, &[]);
        Ok(self.send(Request::get(path), &CallOptions::default()).await?.value)
    }
}
