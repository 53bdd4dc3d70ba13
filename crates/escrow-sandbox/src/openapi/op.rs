//! What the OpenAPI document says about one operation: written next to the handler it
//! describes, in the same call that registers the handler ([`super::Routes`]), so the
//! document cannot list a route the router lacks or miss one it serves. Bodies and answers
//! are named by the Rust types the handler reads and writes ([`Op::takes`], [`Op::returns`]):
//! their JSON Schema is generated from those types (`schemars`), never written by hand.

use schemars::{JsonSchema, Schema, SchemaGenerator};

/// Writes a type's schema into the generator's components and answers its `$ref`.
pub type SchemaFn = fn(&mut SchemaGenerator) -> Schema;

pub fn schema_of<T: JsonSchema>(generator: &mut SchemaGenerator) -> Schema {
    generator.subschema_for::<T>()
}

/// Who may call an operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auth {
    /// `Authorization: Bearer <tenant key>`.
    Key,
    /// A hosted page: the unguessable token in the path is the credential.
    Token,
    /// Anyone (health, the document itself).
    Open,
}

/// The request body.
#[derive(Debug, Clone, Copy)]
pub enum Body {
    Empty,
    /// JSON: the schema of the type the handler reads, or `None`: a JSON object whose
    /// fields are not described (the body still must be an object).
    Json(Option<SchemaFn>),
    /// `application/x-www-form-urlencoded` (hosted pages' forms).
    Form,
    /// `multipart/form-data` or `application/x-www-form-urlencoded` (uploads), its
    /// fields described by the type's schema (`None`: not described).
    Upload(Option<SchemaFn>),
}

impl Body {
    /// Whether the body must be a JSON object: what the document says of it, and what
    /// `crate::layers::object_body` holds every request to.
    pub fn is_json_object(&self) -> bool {
        self.json_type().as_deref() == Some("object")
    }

    /// Whether a request may leave the body out: a JSON object or any JSON reads an empty
    /// body as `{}`, a form as no fields, an upload whose fields are not described (the
    /// bill of sale) as "generate one"; an upload of a described type (a document) and a
    /// JSON string cannot be empty.
    pub fn may_be_empty(&self) -> bool {
        match self {
            Body::Empty | Body::Form | Body::Upload(None) | Body::Json(None) => true,
            Body::Upload(Some(_)) => false,
            Body::Json(Some(_)) => matches!(self.json_type().as_deref(), Some("object") | None),
        }
    }

    /// The JSON type of a JSON body's schema (`None`: any JSON).
    fn json_type(&self) -> Option<String> {
        let Body::Json(schema) = self else { return None };
        let Some(schema) = schema else { return Some("object".into()) };
        let mut generator = SchemaGenerator::default();
        let schema = schema(&mut generator).to_value();
        let named = schema.get("$ref").and_then(|r| r.as_str()).and_then(|r| r.rsplit('/').next());
        let resolved = named.and_then(|name| generator.definitions().get(name)).unwrap_or(&schema);
        resolved.get("type").and_then(|t| t.as_str()).map(str::to_owned)
    }
}

/// The successful answer.
#[derive(Debug, Clone, Copy)]
pub enum Reply {
    /// 200 JSON of the type the handler writes (`None`: any JSON).
    Json(Option<SchemaFn>),
    /// 200 HTML page.
    Html,
    /// 200 HTML (the page again, with what to fix) or 303 to where the flow goes next.
    HtmlOrRedirect,
    /// 200 with the file's bytes (`application/pdf` or the stored file's type).
    File,
    /// 200 without a body.
    Empty,
}

/// What a 404 of the operation carries, when it differs from its API's usual one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotFound {
    /// The API's usual: v2 and control no body, the trade API its problem, hosted pages HTML.
    Usual,
    /// No body, even under a hosted path.
    Bare,
    /// No body, or problem details with a title (`Invalid account`, ...).
    BareOrTitled,
}

/// One operation's description.
#[derive(Debug, Clone, Copy)]
pub struct Op {
    pub summary: &'static str,
    pub auth: Auth,
    /// Accepts an `Idempotency-Key` (a money move: replayed, never run twice).
    pub keyed: bool,
    /// Query parameters it reads (all optional; see `document::query_schema`).
    pub query: &'static [&'static str],
    pub body: Body,
    pub reply: Reply,
    /// Its 400 may be a plain JSON string (update and reimburse-payer, spec §7).
    pub plain_400: bool,
    pub not_found: NotFound,
}

impl Op {
    /// A keyed-in JSON operation without a body, answering any JSON.
    pub const fn new(summary: &'static str) -> Self {
        Self {
            summary,
            auth: Auth::Key,
            keyed: false,
            query: &[],
            body: Body::Empty,
            reply: Reply::Json(None),
            plain_400: false,
            not_found: NotFound::Usual,
        }
    }

    /// A hosted page shown to a person (`GET`, token in the path).
    pub const fn page(summary: &'static str) -> Self {
        Self { auth: Auth::Token, reply: Reply::Html, ..Self::new(summary) }
    }

    /// A hosted page's form being sent (`POST`, token in the path).
    pub const fn form(summary: &'static str) -> Self {
        Self { auth: Auth::Token, body: Body::Form, reply: Reply::HtmlOrRedirect, ..Self::new(summary) }
    }

    /// Needs no key.
    pub const fn open(self) -> Self {
        Self { auth: Auth::Open, ..self }
    }

    /// Takes a hosted page's token instead of a key.
    pub const fn token(self) -> Self {
        Self { auth: Auth::Token, ..self }
    }

    /// Accepts an `Idempotency-Key`.
    pub const fn keyed(self) -> Self {
        Self { keyed: true, ..self }
    }

    pub const fn query(self, query: &'static [&'static str]) -> Self {
        Self { query, ..self }
    }

    /// A JSON body read as `T`.
    pub const fn takes<T: JsonSchema>(self) -> Self {
        Self { body: Body::Json(Some(schema_of::<T>)), ..self }
    }

    /// A JSON object body whose fields are read one by one (not described further).
    pub const fn takes_object(self) -> Self {
        Self { body: Body::Json(None), ..self }
    }

    /// An upload (multipart or urlencoded form) with `T`'s fields.
    pub const fn upload<T: JsonSchema>(self) -> Self {
        Self { body: Body::Upload(Some(schema_of::<T>)), ..self }
    }

    /// An upload whose fields are not described.
    pub const fn upload_any(self) -> Self {
        Self { body: Body::Upload(None), ..self }
    }

    /// Answers `T` as JSON.
    pub const fn returns<T: JsonSchema>(self) -> Self {
        Self { reply: Reply::Json(Some(schema_of::<T>)), ..self }
    }

    /// Answers 200 without a body.
    pub const fn empty(self) -> Self {
        Self { reply: Reply::Empty, ..self }
    }

    /// Answers a file's bytes.
    pub const fn file(self) -> Self {
        Self { reply: Reply::File, ..self }
    }

    /// Its 400 may be a plain JSON string.
    pub const fn plain_400(self) -> Self {
        Self { plain_400: true, ..self }
    }

    /// Its 404 has no body, whatever its path.
    pub const fn bare_404(self) -> Self {
        Self { not_found: NotFound::Bare, ..self }
    }

    /// Its 404 may be titled problem details.
    pub const fn titled_404(self) -> Self {
        Self { not_found: NotFound::BareOrTitled, ..self }
    }
}
