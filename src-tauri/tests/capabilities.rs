//! The main window's capability grants exactly the declared commands, and nothing
//! else (no core or plugin permissions, no remote URLs).

use escrow_desk::ipc::NAMES;

#[test]
fn capability_grants_exactly_the_declared_commands() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/capabilities/main.json")).unwrap();
    let cap: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(cap["windows"], serde_json::json!(["main"]));
    assert!(cap.get("remote").is_none(), "no remote capability");
    let mut granted: Vec<String> =
        cap["permissions"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
    let mut expected: Vec<String> = NAMES.iter().map(|n| format!("allow-{}", n.replace('_', "-"))).collect();
    granted.sort();
    expected.sort();
    assert_eq!(granted, expected);
}

#[test]
fn csp_is_strict() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tauri.conf.json")).unwrap();
    let conf: serde_json::Value = serde_json::from_str(&text).unwrap();
    let csp = &conf["app"]["security"]["csp"];
    assert_eq!(csp["script-src"], "'self'");
    assert_eq!(csp["default-src"], "'self'");
    assert_eq!(csp["connect-src"], "ipc: http://ipc.localhost");
    assert!(!csp.to_string().contains("unsafe-eval"));
    assert_eq!(conf["app"]["withGlobalTauri"], false);
}
