//! documents upload/list/get/sign/download/delete and auto bill-of-sale/debt-information/
//! debt-information-download, with files from paths checked before sending.

use crate::harness::Sandbox;
use escrow_api::Dialect;
use std::path::Path;

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write the file");
    path.display().to_string()
}

#[test]
fn documents_from_upload_to_delete() {
    let sb = Sandbox::start();
    let (id, payer, _) = sb.paid_transaction(Dialect::Spec);
    let dir = tempfile::tempdir().expect("tempdir");
    let pdf = write(dir.path(), "Slutseddel.pdf", PDF);

    let run = sb
        .escrow(&[
            "documents",
            "upload",
            &pdf,
            "--title",
            "Slutseddel",
            "--transaction",
            &id,
            "--signers-required",
            "1",
        ])
        .expect(0);
    let document = run
        .stdout
        .strip_prefix("Uploaded Slutseddel.pdf as document ")
        .map(str::trim)
        .unwrap_or_else(|| panic!("{}", run.stdout))
        .to_owned();

    let list = sb.escrow(&["documents", "list"]).expect(0);
    assert!(list.stdout.starts_with("DOCUMENT ID"), "{}", list.stdout);
    assert!(list.stdout.lines().any(|l| l.starts_with(&document) && l.contains("Slutseddel")), "{}", list.stdout);
    let listed = sb.escrow(&["--json", "documents", "list"]).expect(0).json();
    assert!(listed["documents"].as_array().into_iter().flatten().any(|d| d["documentId"] == document.as_str()));

    let run = sb.escrow(&["documents", "get", &document]).expect(0);
    assert!(run.stdout.starts_with(&format!("Document     {document}\nTitle        Slutseddel\n")), "{}", run.stdout);
    let got = sb.escrow(&["--json", "documents", "get", &document]).expect(0).json();
    assert_eq!(got["title"], "Slutseddel");

    let run = sb.escrow(&["documents", "sign", &document, "--account", &payer]).expect(0);
    assert!(run.stdout.starts_with("Send the signer to:\nhttp"), "{}", run.stdout);
    let link = sb.escrow(&["--json", "documents", "download", &document]).expect(0).json();
    assert!(link["url"].as_str().is_some_and(|u| u.starts_with("http")), "{link}");

    let done = sb.escrow(&["--json", "documents", "delete", &document]).expect(0).json();
    assert_eq!(done["documentId"], document.as_str());
    let run = sb.escrow(&["documents", "get", &document]).expect(3);
    assert!(run.stderr.contains("404"), "{}", run.stderr);
}

#[test]
fn bad_files_are_refused_before_anything_is_sent() {
    let sb = Sandbox::start();
    let dir = tempfile::tempdir().expect("tempdir");
    let before = sb.escrow(&["--json", "documents", "list"]).expect(0).json()["documents"].as_array().map(Vec::len);
    let fake = write(dir.path(), "contract.pdf", b"not a pdf at all");
    let run = sb.escrow(&["documents", "upload", &fake, "--title", "Fake"]).expect(2);
    assert!(run.stderr.contains("contract.pdf is not a PDF file"), "{}", run.stderr);
    let empty = write(dir.path(), "empty.txt", b"");
    let run = sb.escrow(&["documents", "upload", &empty, "--title", "Empty"]).expect(2);
    assert!(run.stderr.contains("empty.txt is empty"), "{}", run.stderr);
    let big = dir.path().join("big.txt");
    let file = std::fs::File::create(&big).expect("create");
    file.set_len(escrow_api::validate::MAX_FILE_BYTES as u64 + 1).expect("grow");
    let run = sb.escrow(&["documents", "upload", &big.display().to_string(), "--title", "Big"]).expect(2);
    assert!(run.stderr.contains("larger than 10 MB"), "{}", run.stderr);
    let missing = dir.path().join("missing.pdf").display().to_string();
    sb.escrow(&["documents", "upload", &missing, "--title", "Missing"]).expect(2);
    let after = sb.escrow(&["--json", "documents", "list"]).expect(0).json()["documents"].as_array().map(Vec::len);
    assert_eq!(before, after, "nothing was uploaded");

    // The Auto modules take only their own types (a bill of sale: PDF).
    let png = write(dir.path(), "deed.png", b"\x89PNG\r\n\x1a\n0000");
    let run = sb.escrow(&["auto", "bill-of-sale", "t-1", "--document", &png]).expect(2);
    assert!(run.stderr.contains("deed.png must be one of PDF"), "{}", run.stderr);
    let renamed = write(dir.path(), "loan.pdf", b"\x89PNG\r\n\x1a\n0000");
    let run = sb
        .escrow(&["auto", "debt-information", "t-1", "--documentation", &renamed, "--amount", "10", "--fik-code", "x"])
        .expect(2);
    assert!(run.stderr.contains("loan.pdf"), "{}", run.stderr);
}

#[test]
fn auto_bill_of_sale_and_debt_information() {
    let sb = Sandbox::start();
    let payee = sb.user("auto-doc-seller", "Bilhuset Docs");
    let payer = sb.user("auto-doc-buyer", "Dorte Docs");
    let out = sb
        .escrow(&[
            "--json",
            "transactions",
            "create",
            "--type",
            "auto",
            "--amount",
            "120000",
            "--payer",
            &payer,
            "--payee",
            &payee,
        ])
        .expect(0)
        .json();
    let id = out["result"]["transactionId"].as_str().expect("transactionId").to_owned();
    let dir = tempfile::tempdir().expect("tempdir");

    let run = sb.escrow(&["auto", "bill-of-sale", &id, "--signer", "payee", "--terms", "Sold as seen"]).expect(0);
    assert_eq!(run.stdout, format!("Bill of sale of {id} set (generated by the service)\n"));
    let pdf = write(dir.path(), "own-bill.pdf", PDF);
    let done = sb.escrow(&["--json", "auto", "bill-of-sale", &id, "--document", &pdf]).expect(0).json();
    assert_eq!((done["action"].as_str(), done["enabled"].as_bool()), (Some("bill-of-sale"), Some(true)));
    let t = sb.rt.block_on(sb.client().transactions().get(&id)).expect("transaction");
    let bill = t.auto_information.as_ref().and_then(escrow_api::BillOfSaleRecord::of).expect("a bill of sale");
    assert_eq!(bill.file_name.as_deref(), Some("own-bill.pdf"));

    let loan = write(dir.path(), "loan.pdf", PDF);
    let run = sb
        .escrow(&[
            "auto",
            "debt-information",
            &id,
            "--documentation",
            &loan,
            "--amount",
            "85000",
            "--bank-account",
            "0040 0440116243",
        ])
        .expect(0);
    assert_eq!(run.stdout, format!("Debt of 85000.00 registered on {id}\n"));
    let run = sb.escrow(&["auto", "debt-information-download", &id]).expect(0);
    assert!(run.stdout.starts_with("Download (valid for 5 minutes) from:\nhttp"), "{}", run.stdout);

    let run = sb.escrow(&["auto", "bill-of-sale", &id, "--disable", "--amount", "5"]).expect(2);
    assert!(run.stderr.contains("--amount"), "{}", run.stderr);
    let (marketplace, _, _) = sb.paid_transaction(Dialect::Spec);
    let run = sb.escrow(&["auto", "bill-of-sale", &marketplace]).expect(3);
    assert!(run.stderr.contains("Invalid transaction type"), "{}", run.stderr);
}
