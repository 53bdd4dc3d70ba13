//! Signed updates end to end through tauri-plugin-updater: a local HTTP server serves a
//! manifest and artifacts signed with a key made here; the app (a mock runtime with the
//! plugin configured as in `tauri.conf.json`, the test's public key in place of the
//! release key) finds the update, accepts the artifact with a good signature and refuses
//! a tampered one, one signed by another key, and one signed for another version.

use axum::{Router, routing::get};
use base64::Engine;
use escrow_desk::updates::service::{self, UpdateView};
use minisign::KeyPair;
use std::io::Cursor;
use tauri::test::{MockRuntime, mock_builder, mock_context, noop_assets};
use tauri_plugin_updater::Error as UpdaterError;
use url::Url;

const VERSION: &str = "0.2.0";
const NOTES: &str = "Faster exports.\nDanish translations of the payment pages.";

fn b64(text: String) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// The signature file `tauri signer sign --app-version` writes, as the manifest carries it.
fn sign(keys: &KeyPair, data: &[u8], version: &str) -> String {
    let trusted = format!("timestamp:1764000000\tfile:escrow-desk_{version}_amd64.deb\tversion:{version}");
    let sig = minisign::sign(
        Some(&keys.pk),
        &keys.sk,
        Cursor::new(data),
        Some(&trusted),
        Some("signature from tauri secret key"),
    )
    .expect("sign");
    b64(sig.into_string())
}

fn public_key(keys: &KeyPair) -> String {
    b64(keys.pk.to_box().expect("public key box").into_string())
}

/// The app's own updater settings from `tauri.conf.json`, with `pubkey` replaced.
fn updater_config(pubkey: &str) -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tauri.conf.json");
    let conf: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).expect("conf")).expect("json");
    let mut updater = conf["plugins"]["updater"].clone();
    assert_eq!(updater["requireSignedVersion"], true, "release signatures must be bound to their version");
    updater["pubkey"] = pubkey.into();
    updater
}

fn app(pubkey: &str) -> tauri::App<MockRuntime> {
    let mut context = mock_context(noop_assets());
    context.config_mut().plugins.0.insert("updater".into(), updater_config(pubkey));
    mock_builder().plugin(service::plugin()).build(context).expect("mock app")
}

/// Serves `/latest.json` announcing `VERSION` at `/<artifact>` with `signature`, and the
/// artifact files.
async fn serve(artifact: &'static str, signature: String, files: Vec<(&'static str, Vec<u8>)>) -> Url {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let manifest = serde_json::json!({
        "version": VERSION,
        "notes": NOTES,
        "pub_date": "2026-11-24T12:00:00Z",
        "platforms": { "linux-x86_64": { "url": format!("{base}/{artifact}"), "signature": signature } }
    });
    let mut router = Router::new().route("/latest.json", get(move || async move { axum::Json(manifest) }));
    for (name, bytes) in files {
        router = router.route(&format!("/{name}"), get(move || async move { bytes }));
    }
    tauri::async_runtime::spawn(async move { axum::serve(listener, router).await });
    Url::parse(&format!("{base}/latest.json")).expect("url")
}

fn artifact() -> Vec<u8> {
    (0..64 * 1024).map(|i| (i % 251) as u8).collect()
}

/// Checks `url` with an app trusting `keys`, expects the update, and downloads it.
async fn check_and_download(keys: &KeyPair, url: &Url) -> Result<Vec<u8>, UpdaterError> {
    let app = app(&public_key(keys));
    let update =
        service::check(app.handle(), url, Default::default()).await.expect("check").expect("an update is found");
    let view = UpdateView::of(&update);
    assert_eq!(view.version, VERSION);
    assert_eq!(view.current_version, "0.1.0");
    assert_eq!(view.notes.as_deref(), Some(NOTES));
    assert_eq!(view.date.as_deref(), Some("2026-11-24T12:00:00+00:00"));
    service::download_verified(&update).await
}

#[test]
fn a_good_signature_is_accepted() {
    tauri::async_runtime::block_on(async {
        let keys = KeyPair::generate_unencrypted_keypair().expect("keys");
        let bytes = artifact();
        let url = serve("good.deb", sign(&keys, &bytes, VERSION), vec![("good.deb", bytes.clone())]).await;
        let downloaded = check_and_download(&keys, &url).await.expect("a well-signed artifact is accepted");
        assert_eq!(downloaded, bytes);
    });
}

#[test]
fn a_tampered_artifact_is_refused() {
    tauri::async_runtime::block_on(async {
        let keys = KeyPair::generate_unencrypted_keypair().expect("keys");
        let bytes = artifact();
        let signature = sign(&keys, &bytes, VERSION);
        let mut tampered = bytes.clone();
        tampered[1000] ^= 0x01;
        let url = serve("tampered.deb", signature, vec![("tampered.deb", tampered)]).await;
        let err = check_and_download(&keys, &url).await.expect_err("a changed byte must be refused");
        assert!(matches!(err, UpdaterError::Minisign(_)), "{err:?}");
        let shown = service::to_app_error(err);
        assert!(shown.message.contains("signature does not match"), "{}", shown.message);
    });
}

#[test]
fn a_signature_by_another_key_is_refused() {
    tauri::async_runtime::block_on(async {
        let trusted = KeyPair::generate_unencrypted_keypair().expect("keys");
        let other = KeyPair::generate_unencrypted_keypair().expect("keys");
        let bytes = artifact();
        let url = serve("other.deb", sign(&other, &bytes, VERSION), vec![("other.deb", bytes)]).await;
        let err = check_and_download(&trusted, &url).await.expect_err("another key's signature must be refused");
        assert!(matches!(err, UpdaterError::Minisign(_)), "{err:?}");
    });
}

#[test]
fn an_older_release_announced_as_new_is_refused() {
    tauri::async_runtime::block_on(async {
        let keys = KeyPair::generate_unencrypted_keypair().expect("keys");
        let bytes = artifact();
        let url = serve("old.deb", sign(&keys, &bytes, "0.1.5"), vec![("old.deb", bytes)]).await;
        let err = check_and_download(&keys, &url).await.expect_err("the signed version must match the manifest");
        assert!(matches!(err, UpdaterError::SignedVersionMismatch { .. }), "{err:?}");
    });
}

#[test]
fn the_same_version_is_no_update() {
    tauri::async_runtime::block_on(async {
        let keys = KeyPair::generate_unencrypted_keypair().expect("keys");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let manifest = serde_json::json!({
            "version": "0.1.0",
            "platforms": { "linux-x86_64": { "url": format!("{base}/same.deb"), "signature": "" } }
        });
        let router = Router::new().route("/latest.json", get(move || async move { axum::Json(manifest) }));
        tauri::async_runtime::spawn(async move { axum::serve(listener, router).await });
        let app = app(&public_key(&keys));
        let url = Url::parse(&format!("{base}/latest.json")).expect("url");
        assert!(service::check(app.handle(), &url, Default::default()).await.expect("check").is_none());

        // Through the desk's proxy: one that does not listen means no answer, so the update
        // check goes where the network settings say.
        let dead = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let proxy = format!("http://{}", dead.local_addr().expect("addr"));
        drop(dead);
        let network = escrow_api::network::Network {
            proxy: escrow_api::network::Proxy::Url { url: proxy, username: None, password: None },
            extra_roots_pem: None,
        };
        assert!(service::check(app.handle(), &url, network).await.is_err(), "through the dead proxy");
    });
}

/// The updates' state on a fresh data folder, as the app opens it (no keys are read).
fn updates(dir: &std::path::Path) -> escrow_desk::updates::Updates {
    let keychain =
        escrow_desk::settings::keychain::Keychain::with_service(format!("dk.escrowdesk.test.{}", uuid::Uuid::new_v4()));
    let desk =
        escrow_desk::desk::Desk::new(escrow_desk::appdb::AppDb::open(dir).expect("db"), keychain, None).expect("desk");
    escrow_desk::wiring::Domains::new(desk).expect("domains").updates
}

#[test]
fn updates_are_off_until_a_url_is_set_and_install_needs_the_shown_version() {
    use escrow_desk::updates::commands::{check_for_update, install_update};
    use escrow_desk::updates::service::UpdateCheck;
    use tauri::Manager;
    tauri::async_runtime::block_on(async {
        let dir = tempfile::tempdir().expect("dir");
        let keys = KeyPair::generate_unencrypted_keypair().expect("keys");
        let app = app(&public_key(&keys));
        let fresh = updates(dir.path());
        assert_eq!(fresh.update_settings().expect("settings").url, "", "a new data folder never checks");
        assert!(fresh.save_update_url("ftp://updates.example/latest.json").is_err());
        app.manage(fresh);
        let handle = app.handle().clone();
        assert_eq!(check_for_update(handle.clone()).await.expect("check"), UpdateCheck::Off);

        let bytes = artifact();
        let url = serve("good.deb", sign(&keys, &bytes, VERSION), vec![("good.deb", bytes)]).await;
        let saved = app.state::<escrow_desk::updates::Updates>().save_update_url(&format!(" {url} ")).expect("save");
        assert_eq!(saved.url, url.as_str());
        let UpdateCheck::Available(shown) = check_for_update(handle.clone()).await.expect("check") else {
            panic!("the served update is offered");
        };
        assert_eq!(shown.version, VERSION);
        let refused =
            install_update(handle.clone(), "9.9.9".into()).await.expect_err("only the shown version installs");
        assert_eq!(refused.code, escrow_desk::error::ErrorCode::Validation);
        // The shown version, but this test binary is no installed package: nothing is overwritten.
        let unpackaged = install_update(handle.clone(), VERSION.into()).await.expect_err("not from a package");
        assert!(unpackaged.message.contains("not installed from a package"), "{}", unpackaged.message);
        drop(app);
        assert_eq!(
            updates(dir.path()).update_settings().expect("settings").url,
            url.as_str(),
            "the URL survives a restart"
        );
    });
}

/// What `make release` does (the pinned Tauri CLI's `signer generate` and `signer sign
/// --app-version`) produces a key and signature the app's updater accepts.
#[test]
fn a_signature_from_the_tauri_cli_is_accepted() {
    let cli = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/node_modules/.bin/tauri");
    assert!(std::path::Path::new(cli).exists(), "run `cd ui && npm ci` first (the Tauri CLI signs releases)");
    let dir = tempfile::tempdir().expect("dir");
    let key = dir.path().join("release.key");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(cli).args(args).env("CI", "true").output().expect("tauri cli");
        assert!(out.status.success(), "tauri {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    run(&["signer", "generate", "--ci", "-p", "pw", "-w", key.to_str().expect("path")]);
    let bytes = artifact();
    let deb = dir.path().join("escrow-desk_0.2.0_amd64.deb");
    std::fs::write(&deb, &bytes).expect("write");
    let private = std::fs::read_to_string(&key).expect("key");
    run(&["signer", "sign", "-k", private.trim(), "-p", "pw", "--app-version", VERSION, deb.to_str().expect("path")]);
    let signature = std::fs::read_to_string(dir.path().join("escrow-desk_0.2.0_amd64.deb.sig")).expect("sig");
    let pubkey = std::fs::read_to_string(dir.path().join("release.key.pub")).expect("pub");
    tauri::async_runtime::block_on(async {
        let url = serve("cli.deb", signature.trim().into(), vec![("cli.deb", bytes.clone())]).await;
        let app = app(pubkey.trim());
        let update =
            service::check(app.handle(), &url, Default::default()).await.expect("check").expect("an update is found");
        assert_eq!(service::download_verified(&update).await.expect("the CLI's signature is accepted"), bytes);
    });
}
