//! Documents against the real sandbox over HTTP: upload (multipart and urlencoded),
//! list, get, sign on the hosted page, download the original or the signed version,
//! delete, and tenant isolation.

mod common;

use common::ACME_KEY;
use escrow_api::{CallOptions, ErrorBody, ErrorKind, TransactionType, UploadDocument};
use escrow_api::{CreateTransaction, SignRequest};
use escrow_sandbox::DEMO_KEY;
use rust_decimal::Decimal;

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const RETURN: &str = "https://shop.example/signed";

fn browser() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

async fn press(url: &str, action: &str) -> (u16, Option<String>) {
    let res = browser()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(format!("action={action}"))
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.headers().get("location").map(|l| l.to_str().unwrap().to_owned()))
}

async fn fetch(url: &str) -> (u16, Vec<u8>, String) {
    let res = browser().get(url).send().await.unwrap();
    let ct = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    (res.status().as_u16(), res.bytes().await.unwrap().to_vec(), ct)
}

fn title(err: &escrow_api::Error) -> Option<&str> {
    err.body().and_then(ErrorBody::title)
}

fn pdf(title: &str) -> UploadDocument {
    UploadDocument::new(title, PDF.to_vec(), "slutseddel.pdf", "application/pdf")
}

#[tokio::test]
async fn upload_sign_download_and_delete() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let buyer = sb.user(ACME_KEY, "buyer", "Mads Krog").await;
    let seller = sb.user(ACME_KEY, "seller", "Line Friis").await;
    let mut create = CreateTransaction::new(Decimal::new(125_000, 0));
    create.title = Some("Cykel".into());
    create.payee_id = Some(seller.clone());
    create.payer_id = Some(buyer.clone());
    let txn = client
        .transactions()
        .create(TransactionType::Marketplace, &create, &CallOptions::default())
        .await
        .unwrap()
        .value;

    let mut upload = pdf("Slutseddel");
    upload.transaction_id = Some(txn.transaction_id.clone());
    let id = client.documents().upload(&upload).await.unwrap().document_id;
    let doc = client.documents().get(&id).await.unwrap();
    assert_eq!(doc.document_id, id);
    assert_eq!(doc.title.as_deref(), Some("Slutseddel"));
    assert!(!doc.is_signed() && doc.signed.is_none());
    assert!(doc.signers.is_empty());
    assert_eq!(doc.transaction_id.as_deref(), Some(txn.transaction_id.as_str()));
    assert_eq!(doc.file_name.as_deref(), Some("slutseddel.pdf"));
    let listed = client.documents().list().await.unwrap().documents;
    assert_eq!(listed.iter().map(|d| d.document_id.as_str()).collect::<Vec<_>>(), vec![id.as_str()]);

    // Download before signing: the original bytes, no API key needed at the URL.
    let url = client.documents().download(&id).await.unwrap().url;
    let (status, bytes, ct) = fetch(&url).await;
    assert_eq!((status, bytes.as_slice(), ct.as_str()), (200, PDF, "application/pdf"));

    // Two signers required: unique URLs, one signature is not enough.
    let mut sign = SignRequest::new(&buyer);
    sign.title = Some("Køber".into());
    sign.return_url = Some(RETURN.into());
    let first = client.documents().sign(&id, &sign).await.unwrap().url;
    let again = client.documents().sign(&id, &sign).await.unwrap().url;
    assert_ne!(first, again, "each call gives a unique signing address");
    assert!(first.starts_with(&sb.running.url) && first.contains("/hosted/sign/"));
    let page = fetch(&first).await;
    assert_eq!(page.0, 200);
    assert!(String::from_utf8(page.1).unwrap().contains("Slutseddel"));
    assert_eq!(press(&first, "sign").await, (303, Some(RETURN.to_owned())));
    assert_eq!(press(&first, "sign").await.0, 410, "a signing link works once");
    assert_eq!(press(&again, "sign").await.0, 303, "signing twice counts once");
    let doc = client.documents().get(&id).await.unwrap();
    assert_eq!(doc.signers.len(), 1);
    assert_eq!(doc.signers[0].name.as_deref(), Some("Mads Krog"));
    assert_eq!(doc.signers[0].title.as_deref(), Some("Køber"));
    assert_eq!(doc.signers[0].reference_id.as_deref(), Some("buyer"));
    assert!(doc.signers[0].has_signed());
    assert!(doc.is_signed(), "signersRequired unset: every invited signer has signed");

    // Download after signing: the signed version (the original plus signatures).
    let (_, signed, _) = fetch(&client.documents().download(&id).await.unwrap().url).await;
    assert!(signed.starts_with(PDF) && signed.len() > PDF.len());
    assert!(String::from_utf8_lossy(&signed).contains("Mads Krog"));
    // A link handed out earlier still gives what it linked to.
    assert_eq!(fetch(&url).await.1, PDF);

    // Delete: document, links and versions go.
    client.documents().delete(&id).await.unwrap();
    let err = client.documents().get(&id).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)));
    assert_eq!(fetch(&url).await.0, 404);
    assert!(client.documents().list().await.unwrap().documents.is_empty());
    assert_eq!(client.documents().delete(&id).await.unwrap_err().status(), Some(404));
}

#[tokio::test]
async fn signers_required_counts_signatures() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let a = sb.user(ACME_KEY, "a", "Anne A").await;
    let b = sb.user(ACME_KEY, "b", "Bo B").await;
    let mut upload = pdf("Aftale");
    upload.signers_required = Some(2);
    let id = client.documents().upload(&upload).await.unwrap().document_id;
    let url_a = client.documents().sign(&id, &SignRequest::new(&a)).await.unwrap().url;
    assert_eq!(press(&url_a, "sign").await, (303, Some("/hosted/exit".into())));
    let doc = client.documents().get(&id).await.unwrap();
    assert!(!doc.is_signed(), "1 of 2");
    let url_b = client.documents().sign(&id, &SignRequest::new(&b)).await.unwrap().url;
    assert_eq!(press(&url_b, "cancel").await.0, 303);
    assert!(!client.documents().get(&id).await.unwrap().is_signed(), "cancel signs nothing");
    let url_b = client.documents().sign(&id, &SignRequest::new(&b)).await.unwrap().url;
    press(&url_b, "sign").await;
    let doc = client.documents().get(&id).await.unwrap();
    assert!(doc.is_signed());
    assert_eq!(doc.signers.iter().filter(|s| s.has_signed()).count(), 2);
}

#[tokio::test]
async fn rules_errors_and_isolation() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);

    // Refused before sending.
    for bad in [pdf("  "), UploadDocument::new("T", Vec::new(), "a.pdf", "application/pdf")] {
        let err = client.documents().upload(&bad).await.unwrap_err();
        assert!(matches!(err.kind, ErrorKind::Validation { .. }), "{err:?}");
        assert_eq!(err.attempts, 0);
    }
    // signersRequired 0 is an int32, so the client sends it; the sandbox's local limit
    // (1 to 100) answers 400.
    let mut zero = pdf("T");
    zero.signers_required = Some(0);
    let err = client.documents().upload(&zero).await.unwrap_err();
    assert_eq!((err.status(), err.attempts), (Some(400), 1));

    // Unknown or foreign transaction → 404, and nothing is stored.
    let mut upload = pdf("T");
    upload.transaction_id = Some("no-such-transaction".into());
    assert_eq!(client.documents().upload(&upload).await.unwrap_err().status(), Some(404));
    let demo = sb.client(DEMO_KEY);
    let demo_txn = demo.transactions().list(&Default::default()).await.unwrap().items[0].transaction_id.clone();
    upload.transaction_id = Some(demo_txn);
    assert_eq!(client.documents().upload(&upload).await.unwrap_err().status(), Some(404));
    assert!(client.documents().list().await.unwrap().documents.is_empty());

    // Sign: unknown account → 404 Invalid account; unknown document → empty 404.
    let id = client.documents().upload(&pdf("T")).await.unwrap().document_id;
    let err = client.documents().sign(&id, &SignRequest::new("nobody")).await.unwrap_err();
    assert_eq!((err.status(), title(&err)), (Some(404), Some("Invalid account")));
    let someone = sb.user(ACME_KEY, "x", "X").await;
    let err = client.documents().sign("nope", &SignRequest::new(&someone)).await.unwrap_err();
    assert!(matches!(err.kind, ErrorKind::NotFound(ErrorBody::Empty)));
    let mut bad_return = SignRequest::new(&someone);
    bad_return.return_url = Some("/relative".into());
    assert!(matches!(client.documents().sign(&id, &bad_return).await.unwrap_err().kind, ErrorKind::Validation { .. }));

    // Another tenant sees none of it.
    assert_eq!(demo.documents().get(&id).await.unwrap_err().status(), Some(404));
    assert_eq!(demo.documents().download(&id).await.unwrap_err().status(), Some(404));
    assert_eq!(demo.documents().sign(&id, &SignRequest::new(&someone)).await.unwrap_err().status(), Some(404));
    assert_eq!(demo.documents().delete(&id).await.unwrap_err().status(), Some(404));
    assert!(demo.documents().list().await.unwrap().documents.iter().all(|d| d.document_id != id));
    assert!(client.documents().get(&id).await.is_ok());
}

#[tokio::test]
async fn urlencoded_upload_and_upload_from_a_path() {
    let sb = common::start().await;
    let client = sb.client(ACME_KEY);
    let res: serde_json::Value = reqwest::Client::new()
        .post(format!("{}/v2/documents", sb.running.url))
        .bearer_auth(ACME_KEY)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("title=K%C3%B8bsaftale&document=hello%20world&signersRequired=1")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = res["documentId"].as_str().unwrap();
    assert_eq!(client.documents().get(id).await.unwrap().title.as_deref(), Some("Købsaftale"));
    let (_, bytes, _) = fetch(&client.documents().download(id).await.unwrap().url).await;
    assert_eq!(bytes, b"hello world");

    // Missing title or file → 400 from the server too.
    for body in ["document=abc", "title=T", "title=T&document="] {
        let res = reqwest::Client::new()
            .post(format!("{}/v2/documents", sb.running.url))
            .bearer_auth(ACME_KEY)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{body}");
    }

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Årsopgørelse 2025.pdf");
    std::fs::write(&path, PDF).unwrap();
    let upload = UploadDocument::from_path("Årsopgørelse", &path).unwrap();
    assert_eq!((upload.file_name.as_str(), upload.content_type.as_str()), ("Årsopgørelse 2025.pdf", "application/pdf"));
    let id = client.documents().upload(&upload).await.unwrap().document_id;
    let res = browser().get(client.documents().download(&id).await.unwrap().url).send().await.unwrap();
    let disposition = res.headers().get("content-disposition").unwrap().to_str().unwrap().to_owned();
    assert!(disposition.contains("filename*=UTF-8''%C3%85rsopg%C3%B8relse%202025.pdf"), "{disposition}");
    assert_eq!(res.bytes().await.unwrap().as_ref(), PDF);
    assert!(UploadDocument::from_path("x", dir.path().join("missing.pdf")).is_err());
}
