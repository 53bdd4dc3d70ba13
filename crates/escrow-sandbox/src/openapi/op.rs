//! What the OpenAPI document says about one operation: written next to the handler it
//! describes, in the same call that registers the handler ([`super::Routes`]), so the
//! document cannot list a route the router lacks or miss one it serves.

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Body {
    Empty,
    /// JSON, described by the named component schema (`None`: any JSON object).
    Json(Option<&'static str>),
    /// `application/x-www-form-urlencoded` (hosted pages' forms).
    Form,
    /// `multipart/form-data` or `application/x-www-form-urlencoded` (uploads), its
    /// fields described by the named schema (`None`: not described).
    Upload(Option<&'static str>),
}

/// The successful answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// 200 JSON, described by the named component schema (`None`: any JSON).
    Json(Option<&'static str>),
    /// 200 HTML page.
    Html,
    /// 200 HTML (the page again, with what to fix) or 303 to where the flow goes next.
    HtmlOrRedirect,
    /// 200 with the file's bytes (`application/pdf` or the stored file's type).
    File,
    /// 200 without a body.
    Empty,
}

/// One operation's description.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Op {
    pub summary: &'static str,
    pub auth: Auth,
    /// Accepts an `Idempotency-Key` (a money move: replayed, never run twice).
    pub keyed: bool,
    /// Query parameters it reads (all optional strings).
    pub query: &'static [&'static str],
    pub body: Body,
    pub reply: Reply,
}

impl Op {
    /// A keyed-in JSON operation without a body, answering any JSON.
    pub const fn new(summary: &'static str) -> Self {
        Self { summary, auth: Auth::Key, keyed: false, query: &[], body: Body::Empty, reply: Reply::Json(None) }
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

    /// A JSON body of the named schema.
    pub const fn takes(self, schema: &'static str) -> Self {
        Self { body: Body::Json(Some(schema)), ..self }
    }

    /// A JSON body not described further.
    pub const fn takes_json(self) -> Self {
        Self { body: Body::Json(None), ..self }
    }

    /// An upload (multipart or urlencoded form) with the named schema's fields.
    pub const fn upload(self, schema: Option<&'static str>) -> Self {
        Self { body: Body::Upload(schema), ..self }
    }

    /// Answers JSON of the named schema.
    pub const fn returns(self, schema: &'static str) -> Self {
        Self { reply: Reply::Json(Some(schema)), ..self }
    }

    /// Answers 200 without a body.
    pub const fn empty(self) -> Self {
        Self { reply: Reply::Empty, ..self }
    }

    /// Answers a file's bytes.
    pub const fn file(self) -> Self {
        Self { reply: Reply::File, ..self }
    }
}
