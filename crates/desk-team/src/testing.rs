//! For other crates' tests (feature `test-support`): a team database of its own on a
//! throwaway cluster (`scripts/with-postgres.sh` names it in `ESCROW_TEST_POSTGRES_URL`),
//! made by `team init`, and staff logins in it.

use crate::connect::{TeamConfig, Tls, connect};
use crate::staff::{Group, add_staff};

/// A fresh team database: its address without a login, and its administrator's
/// configuration. Panics with what to do when the cluster is not there.
pub async fn team_database(prefix: &str) -> (String, TeamConfig) {
    let cluster = std::env::var("ESCROW_TEST_POSTGRES_URL")
        .expect("ESCROW_TEST_POSTGRES_URL: run inside scripts/with-postgres.sh (make test does)");
    let (login, rest) = cluster.trim_start_matches("postgres://").rsplit_once('@').expect("a URL with a login");
    let (user, password) = login.split_once(':').expect("a login with a password");
    let host = rest.rsplit_once('/').expect("a URL with a database").0;
    let database = format!("{prefix}_{}", &uuid::Uuid::new_v4().simple().to_string()[..10]);
    let admin_of = |db: &str| TeamConfig {
        url: format!("postgres://{host}/{db}"),
        user: user.into(),
        password: password.into(),
        tls: Tls::SystemRoots,
    };
    let server = connect(&admin_of("postgres")).await.expect("the cluster");
    server.batch_execute(&format!("CREATE DATABASE {database}")).await.expect("a database");
    let admin = admin_of(&database);
    crate::init::init(&mut connect(&admin).await.expect("the database")).await.expect("team init");
    (format!("postgres://{host}/{database}"), admin)
}

/// A staff login `name_<random>` in `group`, with `password`; answers the login.
pub async fn staff(admin: &TeamConfig, name: &str, password: &str, group: Group) -> String {
    let login = format!("{name}_{}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    add_staff(&connect(admin).await.expect("the database"), &login, password, group).await.expect("a staff login");
    login
}
