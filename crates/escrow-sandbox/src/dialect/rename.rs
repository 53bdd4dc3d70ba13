//! Renaming field names in a body without re-encoding it: JSON object keys (a string
//! followed by `:`, never a value) and the field names of a urlencoded form. Every other
//! byte (numbers, spacing, escapes) is kept as it was, so an amount reads back exactly
//! as the handler wrote it or the client sent it.

use std::ops::Range;

/// Every object key of `text` with the byte range of its token (quotes included).
/// `None` when `text` is not one valid JSON value (the handler then answers for it).
pub fn json_keys(text: &[u8]) -> Option<Vec<(Range<usize>, String)>> {
    serde_json::from_slice::<serde::de::IgnoredAny>(text).ok()?;
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i] != b'"' {
            i += 1;
            continue;
        }
        // Valid JSON: a quote outside a string opens one; skip to its closing quote.
        let start = i;
        i += 1;
        while i < text.len() && text[i] != b'"' {
            i += if text[i] == b'\\' { 2 } else { 1 };
        }
        let end = (i + 1).min(text.len());
        i = end;
        let mut next = end;
        while next < text.len() && text[next].is_ascii_whitespace() {
            next += 1;
        }
        if text.get(next) != Some(&b':') {
            continue;
        }
        let inner = &text[start + 1..end.saturating_sub(1).max(start + 1)];
        let name = if inner.contains(&b'\\') {
            serde_json::from_slice::<String>(&text[start..end]).ok()
        } else {
            std::str::from_utf8(inner).ok().map(str::to_owned)
        };
        if let Some(name) = name {
            out.push((start..end, name));
        }
    }
    Some(out)
}

/// `text` with every key named `from` renamed `to`, for each `(from, to)` of `pairs`;
/// `None` when no key was renamed (or `text` is not JSON).
pub fn rename_json_keys(text: &[u8], pairs: &[(&str, &str)]) -> Option<Vec<u8>> {
    let hits: Vec<(Range<usize>, &str)> = json_keys(text)?
        .into_iter()
        .filter_map(|(range, name)| pairs.iter().find(|(from, _)| *from == name).map(|(_, to)| (range, *to)))
        .collect();
    if hits.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() + 8 * hits.len());
    let mut at = 0;
    for (range, to) in hits {
        out.extend_from_slice(&text[at..range.start]);
        out.push(b'"');
        out.extend_from_slice(to.as_bytes());
        out.push(b'"');
        at = range.end;
    }
    out.extend_from_slice(&text[at..]);
    Some(out)
}

/// `text` with every occurrence of each `from` replaced by its `to`, keys and values
/// alike (for problem details, whose `detail` names fields in prose).
pub fn replace_all(text: &[u8], pairs: &[(&str, &str)]) -> Vec<u8> {
    let mut current = text.to_vec();
    for (from, to) in pairs {
        let from = from.as_bytes();
        if from.is_empty() || !current.windows(from.len()).any(|w| w == from) {
            continue;
        }
        let mut out = Vec::with_capacity(current.len());
        let mut i = 0;
        while i < current.len() {
            if current[i..].starts_with(from) {
                out.extend_from_slice(to.as_bytes());
                i += from.len();
            } else {
                out.push(current[i]);
                i += 1;
            }
        }
        current = out;
    }
    current
}

/// The decoded field names of a urlencoded form, with the byte range of each raw name.
pub fn form_names(body: &[u8]) -> Vec<(Range<usize>, String)> {
    let mut out = Vec::new();
    let mut start = 0;
    for pair in body.split(|b| *b == b'&') {
        let raw_len = pair.iter().position(|b| *b == b'=').unwrap_or(pair.len());
        let raw = &pair[..raw_len];
        if let Some((name, _)) = crate::form::form_pairs(raw).into_iter().next() {
            out.push((start..start + raw_len, name));
        }
        start += pair.len() + 1;
    }
    out
}

/// A urlencoded form with each field named `from` (any case) renamed `to`; `None` when
/// no field was renamed.
pub fn rename_form_names(body: &[u8], pairs: &[(&str, &str)]) -> Option<Vec<u8>> {
    let hits: Vec<(Range<usize>, &str)> = form_names(body)
        .into_iter()
        .filter_map(|(range, name)| {
            pairs.iter().find(|(from, _)| from.eq_ignore_ascii_case(&name)).map(|(_, to)| (range, *to))
        })
        .collect();
    if hits.is_empty() {
        return None;
    }
    let mut out = Vec::with_capacity(body.len());
    let mut at = 0;
    for (range, to) in hits {
        out.extend_from_slice(&body[at..range.start]);
        out.extend_from_slice(to.as_bytes());
        at = range.end;
    }
    out.extend_from_slice(&body[at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAIRS: [(&str, &str); 2] = [("serviceAccountId", "safepayAccountId"), ("serviceUserId", "symblepayUserId")];

    #[test]
    fn renames_keys_at_any_depth_but_never_values() {
        let text = br#"{"serviceAccountId" : "serviceAccountId", "a":[{"x":{"serviceUserId":1.10}}], "n": 12345678901234567890.125}"#;
        let out = rename_json_keys(text, &PAIRS).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            r#"{"safepayAccountId" : "serviceAccountId", "a":[{"x":{"symblepayUserId":1.10}}], "n": 12345678901234567890.125}"#
        );
        assert_eq!(rename_json_keys(br#"{"name":"serviceAccountId"}"#, &PAIRS), None, "values stay");
        assert_eq!(rename_json_keys(br#"{"serviceAccountId":"#, &PAIRS), None, "not JSON: left to the handler");
        assert_eq!(rename_json_keys(br#""serviceAccountId""#, &PAIRS), None);
    }

    #[test]
    fn escaped_keys_and_quotes_inside_strings_are_read_right() {
        let text = br#"{"q":"a\"b:\\","service\u0041ccountId":"x","e":"\\"}"#;
        let keys: Vec<String> = json_keys(text).unwrap().into_iter().map(|(_, k)| k).collect();
        assert_eq!(keys, ["q", "serviceAccountId", "e"]);
        let out = rename_json_keys(text, &PAIRS).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), r#"{"q":"a\"b:\\","safepayAccountId":"x","e":"\\"}"#);
    }

    #[test]
    fn replaces_text_and_form_names() {
        let out = replace_all(br#"{"detail":"serviceAccountId is required"}"#, &PAIRS);
        assert_eq!(out, br#"{"detail":"safepayAccountId is required"}"#);
        let form = b"title=a&SafepayAccountId=x%26y&serviceAccountId2=z&=v";
        let names: Vec<String> = form_names(form).into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["title", "SafepayAccountId", "serviceAccountId2"], "an empty name is no field");
        let out = rename_form_names(form, &[("safepayAccountId", "serviceAccountId")]).unwrap();
        assert_eq!(out, b"title=a&serviceAccountId=x%26y&serviceAccountId2=z&=v");
        assert_eq!(rename_form_names(b"a=b", &PAIRS), None);
    }
}
