//! A team store of its own for each test: a fresh database on the throwaway cluster that
//! `scripts/with-postgres.sh` started, made by `team init`, and staff roles in it.

#![allow(dead_code)]

pub mod deal;

use desk_team::{Connection, Group, TeamConfig, TeamJournal, Tls};
use tokio_postgres::{Client, NoTls};

/// The throwaway cluster's superuser URL (`scripts/with-postgres.sh` sets it).
pub fn cluster_url() -> String {
    std::env::var("ESCROW_TEST_POSTGRES_URL").unwrap_or_else(|_| {
        panic!(
            "ESCROW_TEST_POSTGRES_URL is not set: run the team store's tests inside scripts/with-postgres.sh \
             (make test does), which starts a throwaway PostgreSQL cluster"
        )
    })
}

pub async fn connect_url(url: &str) -> Client {
    let (client, connection) =
        tokio_postgres::connect(url, NoTls).await.unwrap_or_else(|e| panic!("connecting to {url}: {e}"));
    tokio::spawn(connection);
    client
}

/// One team's database, made by `team init` as the cluster's administrator.
pub struct Team {
    /// `postgres://127.0.0.1:port/<database>` (no user: each desk brings its own).
    pub url: String,
    /// The administrator, connected to the team's database.
    pub admin: Client,
    /// Names this test's staff roles apart from other tests' on the same cluster.
    tag: String,
}

impl Team {
    pub async fn new() -> Team {
        let cluster = cluster_url();
        let tag = uuid::Uuid::new_v4().simple().to_string()[..10].to_owned();
        let database = format!("team_{tag}");
        connect_url(&cluster).await.batch_execute(&format!("CREATE DATABASE {database}")).await.unwrap();
        let base = cluster.rsplit_once('/').unwrap().0;
        let mut admin = connect_url(&format!("{base}/{database}")).await;
        let report = desk_team::init(&mut admin).await.unwrap();
        assert_eq!(report.applied, (1..=report.version).collect::<Vec<_>>(), "a fresh database gets every step");
        let host = base.rsplit_once('@').unwrap().1;
        Team { url: format!("postgres://{host}/{database}"), admin, tag }
    }

    /// A staff member's login role in `group`: their name and desk configuration.
    pub async fn staff(&self, first_name: &str, group: Group) -> (String, TeamConfig) {
        let name = format!("{first_name}_{}", self.tag);
        let password = uuid::Uuid::new_v4().to_string();
        desk_team::add_staff(&self.admin, &name, &password, group).await.unwrap();
        let config = TeamConfig { url: self.url.clone(), user: name.clone(), password, tls: Tls::SystemRoots };
        (name, config)
    }

    /// A staff member's raw SQL session (to try what their role may do).
    pub async fn session(&self, config: &TeamConfig) -> Client {
        let host_and_database = self.url.trim_start_matches("postgres://");
        connect_url(&format!("postgres://{}:{}@{host_and_database}", config.user, config.password)).await
    }

    /// A desk's journal as `config`'s staff member.
    pub async fn journal(&self, config: &TeamConfig) -> TeamJournal {
        TeamJournal::new(self.connection(config).await)
    }

    /// A desk's connection as `config`'s staff member.
    pub async fn connection(&self, config: &TeamConfig) -> Connection {
        Connection::open(config.clone()).await.unwrap()
    }
}
