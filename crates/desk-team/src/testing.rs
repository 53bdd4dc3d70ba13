//! For other crates' tests (feature `test-support`): a team database of its own on a
//! throwaway cluster (`scripts/with-postgres.sh` names it in `ESCROW_TEST_POSTGRES_URL`),
//! made by `team init`, and staff logins in it. Each answers an error that says what is
//! missing; the test decides to fail on it.

use crate::connect::{TeamConfig, Tls, connect};
use crate::errors::from_postgres;
use crate::staff::{Group, add_staff};
use desk_core::error::AppError;

/// A fresh team database: its address without a login, and its administrator's
/// configuration.
pub async fn team_database(prefix: &str) -> Result<(String, TeamConfig), AppError> {
    let cluster = std::env::var("ESCROW_TEST_POSTGRES_URL").map_err(|_| {
        AppError::validation(
            "ESCROW_TEST_POSTGRES_URL is not set: run inside scripts/with-postgres.sh (make test does)",
        )
    })?;
    let malformed =
        || AppError::validation(format!("ESCROW_TEST_POSTGRES_URL is not postgres://user:password@host/db: {cluster}"));
    let (login, rest) = cluster.trim_start_matches("postgres://").rsplit_once('@').ok_or_else(malformed)?;
    let (user, password) = login.split_once(':').ok_or_else(malformed)?;
    let (host, _) = rest.rsplit_once('/').ok_or_else(malformed)?;
    // Lower case: the server folds the unquoted name it is created under.
    let database = format!("{}_{}", prefix.to_lowercase(), &uuid::Uuid::new_v4().simple().to_string()[..10]);
    let admin_of = |db: &str| TeamConfig {
        url: format!("postgres://{host}/{db}"),
        user: user.into(),
        password: password.into(),
        tls: Tls::SystemRoots,
    };
    let server = connect(&admin_of("postgres")).await?;
    server.batch_execute(&format!("CREATE DATABASE {database}")).await.map_err(from_postgres)?;
    let admin = admin_of(&database);
    crate::init::init(&mut connect(&admin).await?).await?;
    Ok((format!("postgres://{host}/{database}"), admin))
}

/// A staff login `name_<random>` in `group`, with `password`; answers the login.
pub async fn staff(admin: &TeamConfig, name: &str, password: &str, group: Group) -> Result<String, AppError> {
    let login = format!("{name}_{}", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    add_staff(&connect(admin).await?, &login, password, group).await?;
    Ok(login)
}
