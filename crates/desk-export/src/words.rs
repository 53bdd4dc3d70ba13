//! The service's codes in the words people read, in English and Danish, as the window says
//! them (`ui/src/shared/i18n/common.ts`): for what is written for people (a workbook, paper).

/// A status of a deal, a payment, a payout or a split payout in words, as the window says it
/// (`ui/src/shared/i18n/common.ts`); an unknown one as the service sent it.
pub fn status(status: &str, da: bool) -> String {
    let (en, dk) = match status {
        "CREATED" => ("Created", "Oprettet"),
        "INPROGRESS" => ("In progress", "I gang"),
        "PAID" => ("Paid", "Betalt"),
        "SUCCEEDED" => ("Paid out", "Udbetalt"),
        "CANCELLED" => ("Cancelled", "Annulleret"),
        "AUTHORIZED" => ("Authorized", "Godkendt"),
        "FAILED" => ("Failed", "Fejlet"),
        "RETURNED" => ("Returned", "Returneret"),
        "SCHEDULED" => ("Scheduled", "Planlagt"),
        "PENDING" => ("Pending", "Afventer"),
        other => (other, other),
    };
    (if da { dk } else { en }).to_owned()
}

/// A payment method in words, as the window says it.
pub fn method(method: &str, da: bool) -> String {
    let (en, dk) = match method {
        "PSD2" => ("Bank payment (PSD2)", "Bankbetaling (PSD2)"),
        "BANK" => ("Bank transfer", "Bankoverførsel"),
        "MOBILEWALLET" => ("Mobile wallet", "Mobilbetaling"),
        "TRANSFER" => ("Transfer", "Overførsel"),
        other => (other, other),
    };
    (if da { dk } else { en }).to_owned()
}
