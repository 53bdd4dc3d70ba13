//! Bad input from a server never panics: random, truncated and hostile JSON fed to
//! every response type gives an error or a value, never a crash. And amounts parse and
//! round by the documented rule for any decimal.

use escrow_api::money;
use escrow_api::v2::*;
use proptest::prelude::*;
use rust_decimal::Decimal;
use std::str::FromStr;

/// Tries `bytes` as every response model; counts how many decodes ran.
fn decode_all(bytes: &[u8]) -> usize {
    macro_rules! each {
        ($($t:ty),+ $(,)?) => {{
            let mut n = 0;
            $( let _ = serde_json::from_slice::<$t>(bytes); n += 1; )+
            n
        }};
    }
    let _ = WebhookEvent::parse(bytes);
    let _ = escrow_api::ErrorBody::parse_for_tests(bytes);
    2 + each!(
        TransactionPage,
        Transaction,
        TransactionListItem,
        CreatedTransaction,
        SplitPayoutList,
        SplitPayout,
        CreatedSplitPayout,
        CreatedPayment,
        PaymentUrl,
        PaymentInstructions,
        WebhookExamples,
        UserEvent,
        TransactionEvent,
        escrow_api::Problem,
        // users, banks and bank accounts
        UserListItem,
        UserPage,
        User,
        BankList,
        BankAccountList,
        OnboardingResult,
        // documents and connect
        Document,
        DocumentList,
        CreatedDocument,
        ConnectStarted,
        ConnectionRecord,
        CreatedAccount,
        HostedUrl,
        // Auto
        BillOfSaleRecord,
        DebtRecord,
        // the trade API
        escrow_api::trade::models::BusinessUser,
        escrow_api::trade::models::CreatedTrade,
        escrow_api::trade::models::Trade,
        escrow_api::trade::models::TradePage,
        escrow_api::trade::models::TradeState,
        escrow_api::trade::models::TradeLink,
        escrow_api::trade::models::TradeUserDetails,
        escrow_api::trade::models::PaymentToEscrow,
    )
}

/// Valid examples of each shape, to truncate and mutate.
const SAMPLES: &[&str] = &[
    r#"{"items":[{"transactionId":"t","amount":"12.5","currency":"DKK","status":"PAID","created":"2026-01-01T00:00:00Z","payee":{"name":"A"},"fees":{"payee":1,"payer":"2.005"},"payments":{"inbound":{"amount":3,"currency":"EUR"}}}],"count":"1"}"#,
    r#"{"transactionId":"t","status":"CREATED","amount":10,"currency":"EUR","payments":{"inbound":{"amount":0,"payments":[{"paymentId":"p","amount":1,"status":"INPROGRESS","method":"PSD2"}]},"outbound":{"payments":[{"amount":1,"status":"SCHEDULED"}]}},"autoInformation":{"year":"2020","mileage":12000,"billOfSale":{"x":[1,2]}}}"#,
    r#"{"items":[{"splitPayoutId":"s","amount":5,"recipient":"TENANT","timing":"ON_CLOSE","status":"PENDING","created":"2026-01-01T00:00:00"}]}"#,
    r#"{"amount":"100.00","currency":"DKK","bankMessage":"ESC1","bban":"1","iban":"DK1","swift":"X","fik":"+71<1+2<"}"#,
    r#"{"user":[{"eventName":"user.bankaccount.missing","eventDate":"2026-01-01T00:00:00Z","webhookId":"w","serviceAccountId":"s","connections":[]}],"transaction":[]}"#,
    r#"{"type":"about:blank","title":"Invalid amount","status":400,"detail":"d"}"#,
];

const HOSTILE: &[&str] = &[
    "",
    " ",
    "null",
    "[]",
    "{}",
    "\"\"",
    "0",
    "-0",
    "1e400",
    "-1e400",
    "NaN",
    "\"NaN\"",
    "Infinity",
    "true",
    r#"{"amount":1e400,"transactionId":"t","status":"PAID"}"#,
    r#"{"amount":"1e5","transactionId":"t","status":"PAID"}"#,
    r#"{"amount":79228162514264337593543950336,"transactionId":"t","status":"PAID"}"#,
    r#"{"amount":"79228162514264337593543950336.5","transactionId":"t","status":"PAID"}"#,
    r#"{"amount":-0.0000000000000000000000000001,"transactionId":"t","status":"PAID"}"#,
    r#"{"count":2147483648,"items":[]}"#,
    r#"{"count":-2147483649,"items":[]}"#,
    r#"{"count":"007","items":[]}"#,
    r#"{"items":{"not":"an array"},"count":1}"#,
    r#"{"transactionId":7,"status":["PAID"],"amount":{"x":1}}"#,
    r#"{"transactionId":"t","status":"PAID","amount":1,"created":"yesterday","expectedCompletion":"2026-13-45T99:99:99Z"}"#,
    r#"{"transactionId":"t","status":"PAID","amount":1,"autoInformation":{"year":1e10,"mileage":"-"}}"#,
    "{\"transactionId\":\"t\u{0}\",\"status\":\"\u{feff}PAID\",\"amount\":1}",
    r#"{"eventName":"transaction.created","transactionId":null}"#,
    r#"{"eventName":12}"#,
    "\u{fffd}\u{fffd}{",
];

fn nested(depth: usize) -> String {
    format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
}

#[test]
fn hostile_and_truncated_bodies_never_panic() {
    let mut inputs: Vec<Vec<u8>> = HOSTILE.iter().map(|s| s.as_bytes().to_vec()).collect();
    inputs.push(nested(100_000).into_bytes());
    inputs.push(format!("{{\"items\":{},\"count\":1}}", nested(5_000)).into_bytes());
    inputs.push(vec![b'9'; 100_000]);
    for sample in SAMPLES {
        assert!(decode_all(sample.as_bytes()) > 10);
        for cut in 0..sample.len() {
            inputs.push(sample.as_bytes()[..cut].to_vec());
        }
    }
    let mut tried = 0;
    for input in &inputs {
        tried += decode_all(input);
    }
    println!("hostile inputs: {} bodies × models = {tried} decodes", inputs.len());
}

#[test]
fn samples_decode_to_the_right_values() {
    let page: TransactionPage = serde_json::from_str(SAMPLES[0]).unwrap();
    assert_eq!(page.count, 1);
    assert_eq!(page.items[0].amount.to_string(), "12.50");
    assert_eq!(page.items[0].fees.as_ref().unwrap().payer.unwrap().to_string(), "2.01");
    let t: Transaction = serde_json::from_str(SAMPLES[1]).unwrap();
    assert_eq!(t.auto_information.unwrap().year, Some(2020));
    assert!(serde_json::from_str::<TransactionPage>(r#"{"count":2147483648,"items":[]}"#).is_err());
    assert!(serde_json::from_str::<Transaction>(r#"{"amount":1e400,"transactionId":"t","status":"PAID"}"#).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        decode_all(&bytes);
    }

    #[test]
    fn mutated_samples_never_panic(idx in 0..SAMPLES.len(), pos in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut s = SAMPLES[idx].as_bytes().to_vec();
        let i = pos.index(s.len());
        s[i] = byte;
        decode_all(&s);
    }

    #[test]
    fn amounts_round_half_away_from_zero(units in -10_000_000_000i64..10_000_000_000, scale in 0u32..8) {
        let exact = Decimal::new(units, scale);
        let text = exact.to_string();
        let parsed = money::parse(&text).unwrap();
        prop_assert_eq!(parsed.scale(), 2);
        prop_assert!((parsed - exact).abs() <= Decimal::new(5, 3));
        prop_assert_eq!(parsed, exact.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero));
        prop_assert_eq!(money::parse(&parsed.to_string()).unwrap(), parsed, "rounding is idempotent");
        // The same value as a JSON string or a JSON number reads the same when it fits a double exactly.
        if scale <= 2 && units.abs() < (1i64 << 50) {
            #[derive(serde::Deserialize)]
            struct A { #[serde(with = "escrow_api::money::amount")] a: Decimal }
            let as_number: A = serde_json::from_str(&format!("{{\"a\":{text}}}")).unwrap();
            let as_string: A = serde_json::from_str(&format!("{{\"a\":\"{text}\"}}")).unwrap();
            prop_assert_eq!(as_number.a, as_string.a);
        }
    }

    #[test]
    fn amount_text_that_breaks_the_pattern_is_refused(s in "[0-9eE+. -]{0,12}") {
        let valid = regex_lite_match(&s);
        prop_assert_eq!(money::parse(&s).is_ok(), valid && Decimal::from_str(s.trim_start_matches('-')).is_ok(), "{}", s);
    }
}

/// `^-?(?:0|[1-9]\d*)(?:\.\d+)?$` without a regex crate.
fn regex_lite_match(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = body.split_once('.').map_or((body, None), |(i, f)| (i, Some(f)));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && (int == "0" || !int.starts_with('0'))
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}
