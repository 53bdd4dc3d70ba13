//! End-to-end: the real app window, driven through tauri-driver and WebKitWebDriver,
//! on the built-in Sandbox with demo data. Run by `make test` (under Xvfb and a
//! private D-Bus session with a throwaway keyring; see scripts/with-session.sh).

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// tauri-driver with its WebKitWebDriver, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn app_binary() -> PathBuf {
    let path = std::env::var_os("ESCROW_DESK_BIN").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/debug/escrow-desk")
    });
    assert!(path.exists(), "app binary {} missing: run `cargo build -p escrow-desk` first (make test does)", path.display());
    path.canonicalize().unwrap()
}

fn artifacts() -> PathBuf {
    let dir = std::env::var_os("ESCROW_DESK_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("artifacts"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start_driver(data_dir: &std::path::Path) -> Driver {
    let port = free_port();
    let native = free_port();
    let child = Command::new("tauri-driver")
        .args(["--port", &port.to_string(), "--native-port", &native.to_string()])
        .env("ESCROW_DESK_DATA_DIR", data_dir)
        .env("LANG", "C.UTF-8")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tauri-driver on PATH (make test installs it)");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "tauri-driver did not start listening");
        std::thread::sleep(Duration::from_millis(100));
    }
    Driver { child, port }
}

async fn open_app(driver: &Driver) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("wry"));
    caps.insert("tauri:options".into(), json!({ "application": app_binary() }));
    ClientBuilder::native()
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("WebDriver session with the app")
}

async fn text(c: &Client, css: &str) -> String {
    c.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).text().await.unwrap()
}

/// Waits until `css` matches exactly `n` elements.
async fn wait_count(c: &Client, css: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let found = c.find_all(Locator::Css(css)).await.map(|v| v.len()).unwrap_or(0);
        if found == n {
            return;
        }
        assert!(Instant::now() < deadline, "{css}: expected {n}, found {found}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// WebKit may paint a DOM change a frame late: wait two animation frames, then shoot.
async fn screenshot(c: &Client, name: &str) {
    c.execute_async("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));", vec![])
        .await
        .unwrap();
    let png = c.screenshot().await.unwrap();
    std::fs::write(artifacts().join(name), png).unwrap();
}

#[tokio::test]
async fn search_then_open_a_transaction_and_read_its_detail() {
    let data = tempfile::tempdir().unwrap();
    let driver = start_driver(data.path());
    let c = open_app(&driver).await;
    let result = async {
        c.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-ready='true']")).await.expect("first page rendered");
        assert!(c.find_all(Locator::Css("[data-testid='transaction-row']")).await.unwrap().len() >= 10);
        assert!(text(&c, "[data-testid='result-count']").await.contains("200"));
        assert_eq!(text(&c, "[data-testid='env-badge']").await.to_lowercase(), "sandbox");
        screenshot(&c, "transactions.png").await;

        let search = c.find(Locator::Css("[data-testid='search-input']")).await.unwrap();
        search.send_keys("ev 48 2").await.unwrap();
        wait_count(&c, "[data-testid='transaction-row']", 1).await;
        c.find(Locator::Css("[data-testid='transaction-row']")).await.unwrap().click().await.unwrap();

        assert!(text(&c, "[data-testid='detail-title']").await.contains("Tesla Model Y Long Range"));
        assert_eq!(text(&c, "[data-testid='detail-reference']").await, "DEAL-2026-0042");
        let amount = text(&c, "[data-testid='detail-amount']").await;
        assert!(amount.contains("289") && amount.contains("500"), "amount shown: {amount}");
        assert_eq!(text(&c, "[data-testid='detail-payer-name']").await, "Mette Kjær Nielsen");
        assert_eq!(text(&c, "[data-testid='detail-payee-name']").await, "Bilhuset Vejle ApS");
        assert_eq!(text(&c, "[data-testid='detail-vehicle-registration']").await, "EV 48 213");
        assert_eq!(text(&c, "[data-testid='detail-vehicle-vin']").await, "5YJYGDEE8PF482131");
        assert!(text(&c, "[data-testid='detail-status']").await.to_uppercase().contains("PAID"));
        screenshot(&c, "transaction-detail.png").await;

        c.find(Locator::Css("[data-testid='back-button']")).await.unwrap().click().await.unwrap();
        wait_count(&c, "[data-testid='transaction-row']", 1).await;
    }
    .await;
    let _ = c.close().await;
    result
}
