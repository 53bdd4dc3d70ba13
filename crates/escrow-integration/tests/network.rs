//! The corporate network, for real: the sandbox behind TLS signed by a throwaway CA (as a
//! TLS-inspecting firewall re-signs) and a local HTTP CONNECT proxy that asks for credentials.
//! Without the CA file the client refuses the service; with it, it works, directly and through
//! the proxy, which sees the tunnel and the credentials; "direct" ignores a proxy the
//! environment would name.

use escrow_api::network::{Network, Proxy};
use escrow_api::{Client, ErrorKind, ListTransactions};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// A CA and a certificate for `localhost` signed by it (PEM), as a firewall's.
fn throwaway_ca() -> (String, rustls::pki_types::CertificateDer<'static>, rustls::pki_types::PrivateKeyDer<'static>) {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.distinguished_name.push(rcgen::DnType::CommonName, "Throwaway inspection CA");
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca, ca_key);
    let leaf_key = rcgen::KeyPair::generate().unwrap();
    let leaf =
        rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap().signed_by(&leaf_key, &issuer).unwrap();
    let key = rustls::pki_types::PrivateKeyDer::try_from(leaf_key.serialize_der()).unwrap();
    (ca_cert.pem(), leaf.der().clone(), key)
}

/// TLS in front of `upstream` on a free port; answers its address.
async fn tls_front(
    upstream: SocketAddr,
    cert: rustls::pki_types::CertificateDer<'static>,
    key: rustls::pki_types::PrivateKeyDer<'static>,
) -> SocketAddr {
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .unwrap();
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut tls) = acceptor.accept(socket).await else { return };
                let Ok(mut plain) = TcpStream::connect(upstream).await else { return };
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
            });
        }
    });
    addr
}

/// What the proxy saw: each CONNECT target and its Proxy-Authorization header.
type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// An HTTP CONNECT proxy on a free port that asks for credentials (407 without them).
async fn connect_proxy(seen: Seen) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let seen = seen.clone();
            tokio::spawn(async move {
                let mut reader = BufReader::new(socket);
                let mut first = String::new();
                if reader.read_line(&mut first).await.is_err() {
                    return;
                }
                let mut auth = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).await.unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some((name, value)) = line.split_once(':')
                        && name.eq_ignore_ascii_case("proxy-authorization")
                    {
                        auth = Some(value.trim().to_owned());
                    }
                }
                let target = first.split_whitespace().nth(1).unwrap_or_default().to_owned();
                seen.lock().unwrap().push((target.clone(), auth.clone()));
                let mut socket = reader.into_inner();
                if !first.starts_with("CONNECT ") || auth.is_none() {
                    let _ = socket.write_all(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"corp\"\r\nContent-Length: 0\r\n\r\n").await;
                    return;
                }
                let Ok(mut upstream) = TcpStream::connect(&target).await else { return };
                if socket.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.is_ok() {
                    let _ = tokio::io::copy_bidirectional(&mut socket, &mut upstream).await;
                }
            });
        }
    });
    addr
}

async fn list(base: &str, network: Network) -> Result<u32, escrow_api::Error> {
    let client = Client::builder(base, escrow_sandbox::DEMO_KEY).network(network).build()?;
    Ok(client.transactions().list(&ListTransactions::default()).await?.count as u32)
}

#[tokio::test]
async fn a_firewalls_ca_and_a_corporate_proxy() {
    let dir = tempfile::tempdir().unwrap();
    let sb = escrow_sandbox::start(escrow_sandbox::SandboxConfig::demo(dir.path().join("sandbox"))).await.unwrap();
    let (ca_pem, cert, key) = throwaway_ca();
    let front = tls_front(sb.addr, cert, key).await;
    let base = format!("https://localhost:{}", front.port());
    let with_ca = |proxy| Network { proxy, extra_roots_pem: Some(ca_pem.clone().into_bytes()) };

    let refused = list(&base, Network { proxy: Proxy::Direct, extra_roots_pem: None }).await.unwrap_err();
    assert!(
        matches!(&refused.kind, ErrorKind::Connect(m) if m.contains("UnknownIssuer")),
        "refused without the CA: {refused:?}"
    );
    let direct = list(&base, with_ca(Proxy::Direct)).await.unwrap();
    assert!(direct > 0);

    let seen: Seen = Arc::default();
    let proxy = connect_proxy(seen.clone()).await;
    let through = |username: Option<&str>| Proxy::Url {
        url: format!("http://127.0.0.1:{}", proxy.port()),
        username: username.map(str::to_owned),
        password: Some("s3cret".into()),
    };
    assert_eq!(list(&base, with_ca(through(Some("anna")))).await.unwrap(), direct, "the same answer through the proxy");
    let (target, auth) = seen.lock().unwrap()[0].clone();
    assert_eq!(target, format!("localhost:{}", front.port()), "a tunnel to the service");
    assert_eq!(auth.as_deref(), Some("Basic YW5uYTpzM2NyZXQ="), "anna:s3cret");
    let no_credentials = list(&base, with_ca(through(None))).await.unwrap_err();
    assert!(matches!(no_credentials.kind, ErrorKind::Connect(_)), "the proxy's 407: {no_credentials:?}");

    let bad = list(&base, with_ca(Proxy::Url { url: "ftp://proxy".into(), username: None, password: None })).await;
    assert!(matches!(bad.unwrap_err().kind, ErrorKind::Config(_)));
    let not_pem = Network { proxy: Proxy::Direct, extra_roots_pem: Some(b"not a certificate".to_vec()) };
    assert!(matches!(list(&base, not_pem).await.unwrap_err().kind, ErrorKind::Config(_)));
    assert!(!format!("{:?}", through(Some("anna"))).contains("s3cret"), "Debug never shows the password");
}
