//! The crate's promise to its users about the models: everything the service sends is
//! `#[non_exhaustive]`, so a field or variant the service adds later is a minor release,
//! not a break. Only request bodies (which callers build) stay open to struct literals,
//! and each is named here. Read from the sources, so a new model cannot slip by.

use std::path::{Path, PathBuf};

/// Models a caller builds and sends, never read back from the service: they keep
/// struct literals (most also have a `new` or `Default`).
const REQUEST_BODIES: &[&str] = &[
    "AddParty",
    "BankAccountRef",
    "CancelTransaction",
    "ChangeAmount",
    "ConnectRequest",
    "CreateBusinessUser",
    "CreatePayment",
    "CreateSplitPayout",
    "CreateTrade",
    "CreateTransaction",
    "EditBusinessUser",
    "GuestUser",
    "InitializePayment",
    "PayoutTransaction",
    "PlannedSplitPayout",
    "ReimbursePayer",
    "ShipmentPurchase",
    "SignRequest",
    "StartOnboarding",
    "TradeAppSwitch",
    "TradeConnectRequest",
    "TradePaymentFlowRequest",
    "TradeReimburse",
    "TradeSelectPayoutAccount",
    "TradeShipping",
    "TradeStatusLinkRequest",
];

/// A public struct or enum and the attribute lines right above it.
struct Model {
    name: String,
    file: PathBuf,
    attributes: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn models() -> Vec<Model> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut models = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("pub struct ").or_else(|| line.strip_prefix("pub enum ")) else {
                continue;
            };
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let attributes =
                lines[..i].iter().rev().take_while(|l| l.starts_with("#[")).copied().collect::<Vec<_>>().join(" ");
            models.push(Model { name, file: file.clone(), attributes });
        }
    }
    models
}

#[test]
fn every_model_the_service_sends_is_non_exhaustive() {
    let models = models();
    let decoded: Vec<&Model> = models.iter().filter(|m| m.attributes.contains("Deserialize")).collect();
    assert!(decoded.len() > 80, "the scan found too few models: {}", decoded.len());
    let open: Vec<String> = decoded
        .iter()
        .filter(|m| !m.attributes.contains("non_exhaustive") && !REQUEST_BODIES.contains(&m.name.as_str()))
        .map(|m| format!("{} ({})", m.name, m.file.display()))
        .collect();
    assert!(open.is_empty(), "decoded from the service but open to struct literals: {open:#?}");
}

#[test]
fn the_request_body_list_names_only_open_models_that_exist() {
    let models = models();
    for name in REQUEST_BODIES {
        let model = models.iter().find(|m| m.name == *name);
        let model = model.unwrap_or_else(|| panic!("{name} is listed as a request body but no longer exists"));
        assert!(!model.attributes.contains("non_exhaustive"), "{name} is non_exhaustive: drop it from the list");
    }
}

#[test]
fn errors_and_call_metadata_are_non_exhaustive_too() {
    let models = models();
    for name in ["Error", "ErrorKind", "ErrorBody", "Problem", "FieldError", "Meta", "Response"] {
        let model = models.iter().find(|m| m.name == name).unwrap();
        assert!(model.attributes.contains("non_exhaustive"), "{name}");
    }
}
