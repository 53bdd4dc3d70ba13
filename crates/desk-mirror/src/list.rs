//! The transactions list from the mirror: search, filters, sorting by any column and
//! paging, all local. Used when the service cannot be reached (the page then says so and
//! when the data is from).

use super::newest::Newest;
use super::row::normalise;
use crate::filters::TransactionFilters;
use desk_core::error::AppError;
use escrow_api::TransactionListItem;
use rusqlite::Connection;
use rusqlite::types::Value;

/// Columns the list can be sorted by, and the SQL behind each. Amounts are grouped by
/// currency first (always A to Z): 500 EUR and 500 DKK are not the same amount.
pub fn sort_column(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        "amount" => ("r.currency ASC, ", "r.amount_e4"),
        other => ("", plain_sort_column(other)?),
    })
}

fn plain_sort_column(name: &str) -> Option<&'static str> {
    Some(match name {
        "created" => "r.created",
        "title" => "r.title COLLATE NOCASE",
        "status" => "r.status",
        "expectedCompletion" => "r.expected_completion",
        "payee" => "r.payee_name COLLATE NOCASE",
        "payer" => "r.payer_name COLLATE NOCASE",
        "referenceId" => "r.reference_id",
        _ => return None,
    })
}

/// What a page of the mirror holds.
pub struct Wanted<'a> {
    /// Matched against titles, references, names, e-mails, plates, VINs and amounts,
    /// however spaced or accented.
    pub search: Option<&'a str>,
    /// Exactly this reference id.
    pub reference_id: Option<&'a str>,
    pub filters: &'a TransactionFilters,
    /// A column (see [`sort_column`]) and whether descending.
    pub sort: Option<(&'a str, bool)>,
}

/// One page of the mirror: (items, count of all matches).
pub fn page(
    conn: &Connection,
    env: &str,
    wanted: &Wanted<'_>,
    skip: u32,
    take: u32,
) -> Result<(Vec<TransactionListItem>, i64), AppError> {
    let (search, filters, sort) = (wanted.search, wanted.filters, wanted.sort);
    filters.check()?;
    if let Some(term) = search.map(normalise).filter(|t| !t.is_empty())
        && filters.is_empty()
        && sort.is_none()
        && wanted.reference_id.is_none()
    {
        return searched_page(conn, env, &term, skip, take);
    }
    let mut clauses = vec!["r.environment_id = ?".to_owned()];
    let mut args: Vec<Value> = vec![Value::Text(env.to_owned())];
    if let Some(term) = search.map(normalise).filter(|s| !s.is_empty()) {
        clauses.push("s.search LIKE ? ESCAPE '\\'".into());
        args.push(Value::Text(contains_pattern(&term)));
    }
    if let Some(reference) = wanted.reference_id {
        clauses.push("r.reference_id = ?".into());
        args.push(Value::Text(reference.to_owned()));
    }
    let any_of = |column: &str, values: &[String], clauses: &mut Vec<String>, args: &mut Vec<Value>| {
        if !values.is_empty() {
            clauses.push(format!("{column} IN ({})", vec!["?"; values.len()].join(", ")));
            args.extend(values.iter().map(|v| Value::Text(v.clone())));
        }
    };
    any_of("r.status", &filters.statuses, &mut clauses, &mut args);
    any_of("r.currency", &filters.currencies, &mut clauses, &mut args);
    match filters.kind.as_deref() {
        Some("Auto") => clauses.push("r.auto = 1".into()),
        Some("Marketplace") => clauses.push("r.auto = 0".into()),
        _ => {}
    }
    match crate::filters::paid_in(filters.paid_in.as_deref())? {
        Some(true) => clauses.push("r.paid_in_e4 > 0".into()),
        Some(false) => clauses.push("coalesce(r.paid_in_e4, 0) = 0".into()),
        None => {}
    }
    for (column, from, to) in [
        ("r.created", &filters.created_from, &filters.created_to),
        ("r.expected_completion", &filters.expected_from, &filters.expected_to),
    ] {
        if let Some(from) = from.as_deref().filter(|s| !s.is_empty()) {
            clauses.push(format!("substr({column}, 1, 10) >= ?"));
            args.push(Value::Text(from.to_owned()));
        }
        if let Some(to) = to.as_deref().filter(|s| !s.is_empty()) {
            clauses.push(format!("substr({column}, 1, 10) <= ?"));
            args.push(Value::Text(to.to_owned()));
        }
    }
    let filter = clauses.join(" AND ");
    // The search text is only joined when searched: a plain page never reads it.
    let searched = if search.is_some_and(|t| !normalise(t).is_empty()) {
        "JOIN mirror_search s USING (environment_id, transaction_id)"
    } else {
        ""
    };
    let count: i64 = conn
        .query_row(
            &format!("SELECT count(*) FROM mirror_rows r {searched} WHERE {filter}"),
            rusqlite::params_from_iter(&args),
            |r| r.get(0),
        )
        .map_err(AppError::storage)?;
    let ((group, column), descending) = match sort {
        Some((name, desc)) => {
            (sort_column(name).ok_or_else(|| AppError::validation(format!("Cannot sort by {name}.")))?, desc)
        }
        None => (("", "r.created"), true),
    };
    let direction = if descending { "DESC" } else { "ASC" };
    // The page's ids first, from the narrow table alone (the wide item table never takes part
    // in the sort), then each item by its key.
    let sql = format!(
        "SELECT r.transaction_id FROM mirror_rows r {searched}
         WHERE {filter} ORDER BY {group}{column} {direction}, r.transaction_id {direction}
         LIMIT {take} OFFSET {skip}"
    );
    let mut stmt = conn.prepare(&sql).map_err(AppError::storage)?;
    let ids: Vec<String> = stmt
        .query_map(rusqlite::params_from_iter(&args), |r| r.get(0))
        .map_err(AppError::storage)?
        .collect::<Result<_, _>>()
        .map_err(AppError::storage)?;
    let items = items_of(conn, env, &ids)?;
    Ok((items, count))
}

/// `LIKE` pattern for "contains `term`" with its own `%`, `_` and `\` taken literally.
/// `LIKE` rather than `instr`: SQLite's `instr` compares at every byte with a call, `LIKE`
/// scans for the first character; ~19 against ~33 ms a scan of 100,000 rows here. Its
/// ASCII case folding changes nothing: both sides are normalised to lower case.
pub fn contains_pattern(term: &str) -> String {
    let mut out = String::with_capacity(term.len() + 4);
    out.push('%');
    for c in term.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// A plain search (no filter or sort), the list's most frequent query while typing: one
/// scan of the search table (text and creation time) counts the matches and keeps the
/// newest `skip + take` of them; then the page's items by key.
fn searched_page(
    conn: &Connection,
    env: &str,
    term: &str,
    skip: u32,
    take: u32,
) -> Result<(Vec<TransactionListItem>, i64), AppError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT created, transaction_id FROM mirror_search WHERE environment_id = ?1 AND search LIKE ?2 ESCAPE '\\'",
        )
        .map_err(AppError::storage)?;
    let mut rows = stmt.query(rusqlite::params![env, contains_pattern(term)]).map_err(AppError::storage)?;
    let mut newest = Newest::new(skip as usize + take as usize);
    let mut count = 0i64;
    while let Some(row) = rows.next().map_err(AppError::storage)? {
        count += 1;
        let created = row.get_ref(0).and_then(|v| v.as_str_or_null().map_err(Into::into)).map_err(AppError::storage)?;
        let id = row.get_ref(1).and_then(|v| v.as_str().map_err(Into::into)).map_err(AppError::storage)?;
        newest.offer(created, id);
    }
    let ids: Vec<String> = newest.into_sorted().into_iter().skip(skip as usize).map(|(_, id)| id).collect();
    Ok((items_of(conn, env, &ids)?, count))
}

/// The list items of `ids`, in that order. Rows were written by this app; one that no
/// longer reads is skipped, not fatal.
fn items_of(conn: &Connection, env: &str, ids: &[String]) -> Result<Vec<TransactionListItem>, AppError> {
    let mut stmt = conn
        .prepare_cached("SELECT item FROM mirror_items WHERE environment_id = ?1 AND transaction_id = ?2")
        .map_err(AppError::storage)?;
    let mut items = Vec::with_capacity(ids.len());
    for id in ids {
        let text: Option<String> = stmt
            .query_row(rusqlite::params![env, id], |r| r.get(0))
            .map(Some)
            .or_else(|e| if e == rusqlite::Error::QueryReturnedNoRows { Ok(None) } else { Err(e) })
            .map_err(AppError::storage)?;
        if let Some(item) = text.and_then(|t| serde_json::from_str(&t).ok()) {
            items.push(item);
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::contains_pattern;

    #[test]
    fn a_terms_wildcards_are_taken_literally() {
        assert_eq!(contains_pattern("tesla"), "%tesla%");
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }

    #[test]
    fn like_finds_what_instr_finds() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE t (s TEXT); INSERT INTO t VALUES ('50%off'), ('50xoff'), ('a_b'), ('axb'), ('c\\d'), ('kjaer\u{1f}ev48213'), ('ørsted');",
        )
        .unwrap();
        let found = |term: &str| -> Vec<String> {
            let mut stmt = conn.prepare("SELECT s FROM t WHERE s LIKE ?1 ESCAPE '\\' ORDER BY s").unwrap();
            let rows = stmt.query_map([contains_pattern(term)], |r| r.get(0)).unwrap();
            rows.map(Result::unwrap).collect()
        };
        let by_instr = |term: &str| -> Vec<String> {
            let mut stmt = conn.prepare("SELECT s FROM t WHERE instr(s, ?1) > 0 ORDER BY s").unwrap();
            let rows = stmt.query_map([term], |r| r.get(0)).unwrap();
            rows.map(Result::unwrap).collect()
        };
        for term in ["50%", "a_b", "c\\d", "ev482", "off", "ørs", "x", "zzz"] {
            assert_eq!(found(term), by_instr(term), "{term:?}");
        }
        assert_eq!(found("50%"), vec!["50%off"]);
    }
}
