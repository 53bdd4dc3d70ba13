//! `client.webhooks()`. Deliveries are parsed with [`super::models::WebhookEvent::parse`].

use super::models::WebhookExamples;
use crate::client::{CallOptions, Client, Request};
use crate::error::Result;
use crate::routes::v2::V2Route;

/// Borrows the client: one per call costs nothing.
#[derive(Debug, Clone, Copy)]
pub struct WebhooksHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Webhook examples from the service.
    pub fn webhooks(&self) -> WebhooksHandler<'_> {
        WebhooksHandler { client: self }
    }
}

impl WebhooksHandler<'_> {
    /// An example of every webhook the service sends.
    pub async fn examples(&self) -> Result<WebhookExamples> {
        let path = self.client.path(V2Route::WebhookExamples, &[]);
        Ok(self.client.send(Request::get(path), &CallOptions::default()).await?.value)
    }
}
