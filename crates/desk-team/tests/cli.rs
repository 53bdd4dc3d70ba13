//! `escrow-desk team init` and `team add-staff`, as the IT person runs them.

mod common;

use std::ffi::OsString;

fn team_cli(args: &[&str], password: &str) -> (i32, String) {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let mut out = Vec::new();
    let code = desk_team::cli::run(&args, &mut format!("{password}\n").as_bytes(), &mut out);
    (code, String::from_utf8(out).unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn init_makes_the_schema_once_and_add_staff_makes_a_login_of_a_group() {
    let cluster = common::cluster_url();
    let (scheme_and_login, rest) = cluster.rsplit_once('@').unwrap();
    let admin_password = scheme_and_login.rsplit_once(':').unwrap().1.to_owned();
    let database = format!("cli_{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    common::connect_url(&cluster).await.batch_execute(&format!("CREATE DATABASE {database}")).await.unwrap();
    let url = format!("postgres://{}/{database}", rest.rsplit_once('/').unwrap().0);
    let admin = ["--url", url.as_str(), "--admin", "postgres"];
    let cli = |args: Vec<&str>, password: String| {
        let args: Vec<String> = args.into_iter().map(str::to_owned).collect();
        tokio::task::spawn_blocking(move || team_cli(&args.iter().map(String::as_str).collect::<Vec<_>>(), &password))
    };

    let (code, text) = cli([&["init"][..], &admin].concat(), admin_password.clone()).await.unwrap();
    assert_eq!(code, 0, "{text}");
    let every: Vec<i32> = (1..=desk_team::schema_version()).collect();
    assert!(text.contains(&format!("applied now: {every:?}")), "{text}");
    let (code, text) = cli([&["init"][..], &admin].concat(), admin_password.clone()).await.unwrap();
    let up_to_date = format!("the team schema is up to date (step {})", desk_team::schema_version());
    assert_eq!((code, text.trim()), (0, up_to_date.as_str()));

    let name = format!("anna_{database}");
    let add = [&["add-staff", name.as_str(), "--group", "operator"][..], &admin].concat();
    let (code, text) = cli(add, admin_password.clone()).await.unwrap();
    assert_eq!(code, 0, "{text}");
    let password = text.lines().last().unwrap().to_owned();
    assert_eq!(password.len(), 24, "{text}");
    let anna =
        common::connect_url(&format!("postgres://{name}:{password}@{}/{database}", rest.rsplit_once('/').unwrap().0))
            .await;
    let member: bool =
        anna.query_one("SELECT pg_has_role(session_user, 'escrow_operator', 'MEMBER')", &[]).await.unwrap().get(0);
    assert!(member, "{name} is an operator");

    let (code, text) = cli([&["init"][..], &admin].concat(), "wrong".into()).await.unwrap();
    assert_eq!(code, 1, "a refused login: {text}");
    assert!(text.contains("refused the login"), "{text}");
    let (code, text) = cli(vec!["init", "--url", url.as_str()], admin_password.clone()).await.unwrap();
    assert_eq!(code, 2, "no --admin: {text}");
    let (code, _) = cli([&["add-staff", "bo", "--group", "owner"][..], &admin].concat(), admin_password).await.unwrap();
    assert_eq!(code, 2, "an unknown group");
}
