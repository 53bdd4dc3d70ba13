//! The page shell every hosted page shares (one look, no caching, no referrer) and the
//! standard pages: link used, link unknown, failure, done.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};

/// Where hosted pages are listed in the OpenAPI document.
pub const TAG: &str = "Hosted pages";

/// Escapes text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A whole HTML page around `body` (already HTML), titled `title` (escaped here).
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"da\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t} · Escrow Sandbox</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}}\
         label{{display:block;margin:.7rem 0 .2rem}}input[type=text],input[type=email],input[type=tel],input[type=date],select\
         {{width:100%;padding:.45rem;box-sizing:border-box}}button{{margin:1rem .5rem 0 0;padding:.5rem 1rem}}\
         .error{{color:#a40000}}.muted{{color:#5a6270}}.badge{{font-size:.8rem;background:#fde68a;padding:.1rem .4rem;border-radius:.3rem}}</style>\
         </head><body><p><span class=\"badge\">SANDBOX</span></p><h1>{t}</h1>{body}</body></html>",
        t = escape(title)
    );
    let mut res = (status, Html(html)).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res.headers_mut().insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    res
}

/// A one-time link opened again.
pub fn gone() -> Response {
    page(
        StatusCode::GONE,
        "Link already used",
        "<p>This link has already been used. Return to the site that sent you here.</p>",
    )
}

/// A link with no session behind it.
pub fn unknown() -> Response {
    page(StatusCode::NOT_FOUND, "Link not found", "<p>This link is not valid.</p>")
}

/// The page a person sees when the sandbox failed (the cause goes to the log only).
pub fn went_wrong() -> Response {
    page(StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong", "<p>Please try again.</p>")
}

/// After a finished page: the caller's returnUrl, else the exit page.
pub fn finish(return_url: Option<&str>) -> Response {
    match return_url.filter(|u| !u.is_empty()) {
        Some(url) => Redirect::to(url).into_response(),
        None => Redirect::to("/hosted/exit").into_response(),
    }
}

/// Where a finished page goes when the caller gave no return URL.
pub async fn exit() -> Response {
    page(StatusCode::OK, "Done", "<p>You can close this window now.</p>")
}
