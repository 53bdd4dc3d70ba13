//! `application/x-www-form-urlencoded` reading, shared by the hosted pages' forms, v2's
//! urlencoded uploads, query strings of the trade API and the published dialect's renaming
//! of form fields; below all of them, so none reaches into another for it.

/// Percent-decodes one `application/x-www-form-urlencoded` component to bytes.
fn form_decode(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    out
}

/// Pairs of a urlencoded body, decoded to bytes (a file's bytes need not be UTF-8).
pub fn form_pairs(body: &[u8]) -> Vec<(String, Vec<u8>)> {
    let text = String::from_utf8_lossy(body);
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (String::from_utf8_lossy(&form_decode(k)).into_owned(), form_decode(v))
        })
        .collect()
}

/// The fields of a submitted form; repeated names (checkboxes) keep every value.
pub struct Form(Vec<(String, String)>);

impl Form {
    pub fn parse(body: &[u8]) -> Self {
        Self(form_pairs(body).into_iter().map(|(k, v)| (k, String::from_utf8_lossy(&v).into_owned())).collect())
    }

    /// The first value of `name`, trimmed; `None` when absent or blank.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
    }

    /// Every value of `name`, trimmed.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.0.iter().filter(|(k, _)| k == name).map(|(_, v)| v.trim()).collect()
    }

    /// The person pressed the form's cancel button.
    pub fn cancelled(&self) -> bool {
        self.get("action") == Some("cancel")
    }
}

/// Pairs of a query string as text, for case-insensitive lookups with [`query_value`].
pub fn query_pairs(raw: Option<&str>) -> Vec<(String, String)> {
    raw.map(|q| {
        form_pairs(q.as_bytes()).into_iter().map(|(k, v)| (k, String::from_utf8_lossy(&v).into_owned())).collect()
    })
    .unwrap_or_default()
}

/// The value of query parameter `name`, its name compared without case.
pub fn query_value<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}
