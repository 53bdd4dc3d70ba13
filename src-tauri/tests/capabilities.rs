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
    // Vehicle photos (`imageUrls`) load from https only: no http:, no wildcard, nowhere else.
    assert_eq!(csp["img-src"], "'self' data: https:");
    for (name, value) in csp.as_object().unwrap() {
        if name != "img-src" {
            assert!(!value.as_str().unwrap().contains("https:"), "{name} must not allow https:");
        }
    }
    assert!(!csp.to_string().contains("unsafe-eval"));
    assert_eq!(conf["app"]["withGlobalTauri"], false);
}

/// Every `#[tauri::command]` in the app is in the one command list (`src/ipc/list.rs`),
/// and the list names nothing else: a command written but not registered fails here.
#[test]
fn every_command_function_is_in_the_command_list() {
    fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let mut lines = text.lines();
                while let Some(line) = lines.next() {
                    if line.trim() != "#[tauri::command]" {
                        continue;
                    }
                    let signature = lines.find(|l| l.contains("fn ")).unwrap_or_default();
                    let name = signature.split("fn ").nth(1).unwrap_or_default();
                    found.push(name.split(['(', '<']).next().unwrap_or_default().trim().to_owned());
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")), &mut found);
    found.sort();
    let mut listed: Vec<String> = NAMES.iter().map(|n| (*n).to_owned()).collect();
    listed.sort();
    assert_eq!(found, listed, "a #[tauri::command] is missing from src/ipc/list.rs (or the list names a removed one)");
}
