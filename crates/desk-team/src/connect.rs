//! One desk's connection to the team store: its staff member's own login role, TLS to any
//! host but this machine, and a new connection when the old one has dropped.

use crate::errors::from_postgres;
use desk_core::error::{AppError, ErrorCode};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::{Mutex, MutexGuard, mpsc};
use tokio_postgres::config::Host;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls, Notification};

/// How a desk reaches the team store.
#[derive(Clone)]
pub struct TeamConfig {
    /// `postgres://host[:port]/database`; a user name or password in it is replaced by
    /// [`TeamConfig::user`] and [`TeamConfig::password`].
    pub url: String,
    /// The staff member's PostgreSQL login role: the actor of every row they write.
    pub user: String,
    /// From the OS keychain; never written to a file.
    pub password: String,
    pub tls: Tls,
}

impl std::fmt::Debug for TeamConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamConfig").field("url", &self.url).field("user", &self.user).finish_non_exhaustive()
    }
}

/// TLS to the team store. A host other than this machine always gets TLS with the server's
/// certificate and name checked (`verify-full`); what it is checked against is the choice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tls {
    /// The system's trust store (a managed PostgreSQL with a public certificate).
    SystemRoots,
    /// The CA certificates (PEM) in this file (a company's own CA).
    CaFile(PathBuf),
}

/// A desk's connection, made again on first use after it dropped.
#[derive(Clone)]
pub struct Connection {
    config: Arc<TeamConfig>,
    client: Arc<Mutex<Option<Client>>>,
}

impl Connection {
    pub fn new(config: TeamConfig) -> Self {
        Self { config: Arc::new(config), client: Arc::new(Mutex::new(None)) }
    }

    /// Connects now, to report a wrong address, password or certificate at once.
    pub async fn open(config: TeamConfig) -> Result<Self, AppError> {
        let conn = Self::new(config);
        drop(conn.client().await?);
        Ok(conn)
    }

    /// The live client, connected first when there is none or it has dropped. Held for one
    /// call or transaction at a time.
    pub async fn client(&self) -> Result<MutexGuard<'_, Option<Client>>, AppError> {
        let mut held = self.client.lock().await;
        if held.as_ref().is_none_or(Client::is_closed) {
            *held = Some(connect(&self.config).await?);
        }
        Ok(held)
    }

    pub fn user(&self) -> &str {
        &self.config.user
    }
}

/// Connects as the configured staff member.
pub async fn connect(config: &TeamConfig) -> Result<Client, AppError> {
    connect_with(config, None).await
}

/// [`connect`], with the server's notifications on this connection sent to `notices` (a
/// listener's; `None`: dropped).
pub(crate) async fn connect_with(
    config: &TeamConfig,
    notices: Option<mpsc::UnboundedSender<Notification>>,
) -> Result<Client, AppError> {
    let mut pg: Config = config.url.parse().map_err(|e| {
        AppError::new(ErrorCode::Validation, format!("The team store's address is not a PostgreSQL URL: {e}"))
    })?;
    pg.user(&config.user).password(&config.password).application_name("escrow-desk");
    pg.connect_timeout(std::time::Duration::from_secs(10));
    if pg.get_hosts().iter().all(is_this_machine) {
        let (client, connection) = pg.connect(NoTls).await.map_err(from_postgres)?;
        tokio::spawn(drive(connection, notices));
        return Ok(client);
    }
    pg.ssl_mode(tokio_postgres::config::SslMode::Require);
    let tls = tokio_postgres_rustls::MakeRustlsConnect::new(tls_config(&config.tls)?);
    let (client, connection) = pg.connect(tls).await.map_err(from_postgres)?;
    tokio::spawn(drive(connection, notices));
    Ok(client)
}

/// Runs a connection until it ends, handing its notifications on.
async fn drive<S, T>(
    mut connection: tokio_postgres::Connection<S, T>,
    notices: Option<mpsc::UnboundedSender<Notification>>,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let mut messages = futures::stream::poll_fn(move |cx| connection.poll_message(cx));
    while let Some(message) = futures::StreamExt::next(&mut messages).await {
        match message {
            Ok(AsyncMessage::Notification(n)) => {
                if let Some(to) = &notices {
                    // The listener may be gone; the connection still serves its client.
                    let _ = to.send(n);
                }
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(error = %e, "the connection to the team store ended");
                return;
            }
        }
    }
}

/// Loopback and a local socket: the one place a connection may go without TLS.
pub fn is_this_machine(host: &Host) -> bool {
    match host {
        Host::Tcp(name) => name == "localhost" || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()),
        #[cfg(unix)]
        Host::Unix(_) => true,
    }
}

fn tls_config(tls: &Tls) -> Result<rustls::ClientConfig, AppError> {
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| AppError::new(ErrorCode::Internal, format!("TLS set-up: {e}")))?;
    match tls {
        Tls::SystemRoots => {
            let verifier = rustls_platform_verifier::Verifier::new(provider)
                .map_err(|e| AppError::new(ErrorCode::Internal, format!("The system's trust store: {e}")))?;
            Ok(builder.dangerous().with_custom_certificate_verifier(Arc::new(verifier)).with_no_client_auth())
        }
        Tls::CaFile(path) => {
            use rustls::pki_types::CertificateDer;
            use rustls::pki_types::pem::PemObject;
            let unreadable = |e: &dyn std::fmt::Display| {
                AppError::new(ErrorCode::Validation, format!("The CA file {} cannot be read: {e}", path.display()))
            };
            let mut roots = rustls::RootCertStore::empty();
            for cert in CertificateDer::pem_file_iter(path).map_err(|e| unreadable(&e))? {
                roots.add(cert.map_err(|e| unreadable(&e))?).map_err(|e| unreadable(&e))?;
            }
            if roots.is_empty() {
                return Err(unreadable(&"no certificate in it"));
            }
            Ok(builder.with_root_certificates(roots).with_no_client_auth())
        }
    }
}
