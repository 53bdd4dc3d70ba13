//! Filling path templates, shared by both route tables.

/// Percent-encodes one path segment so an id can never change the route.
pub(crate) fn segment(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect::<String>().replace('+', "%20")
}

/// `template` with every `{name}` of `params` replaced by its encoded value.
pub(crate) fn fill(template: &str, params: &[(&str, &str)]) -> String {
    let mut path = template.to_owned();
    for (name, value) in params {
        path = path.replace(&format!("{{{name}}}"), &segment(value));
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_cannot_escape() {
        assert_eq!(segment("../users"), "..%2Fusers");
        assert_eq!(segment("a b?c"), "a%20b%3Fc");
    }
}
