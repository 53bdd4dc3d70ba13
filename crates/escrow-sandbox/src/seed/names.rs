//! Names, cars, items and texts the seeds draw from, and their small deterministic
//! random number generator.

/// splitmix64: small, deterministic, good enough for synthetic data.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

pub(crate) fn registration(rng: &mut Rng) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNPRSTUVXYZ";
    let a = LETTERS[rng.below(LETTERS.len() as u64) as usize] as char;
    let b = LETTERS[rng.below(LETTERS.len() as u64) as usize] as char;
    format!("{a}{b} {:02} {:03}", 10 + rng.below(90), rng.below(1000))
}

pub(crate) fn vin(rng: &mut Rng, prefix: &str) -> String {
    const CHARS: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
    let mut v = prefix.to_owned();
    while v.len() < 17 {
        v.push(CHARS[rng.below(CHARS.len() as u64) as usize] as char);
    }
    v
}

pub(crate) const FIRST: &[&str] = &[
    "Mette",
    "Lars",
    "Anne",
    "Søren",
    "Camilla",
    "Henrik",
    "Line",
    "Jesper",
    "Louise",
    "Mads",
    "Sofie",
    "Rasmus",
    "Ida",
    "Thomas",
    "Julie",
    "Kasper",
    "Emma",
    "Frederik",
    "Maria",
    "Niels",
    "Karen",
    "Peter",
    "Hanne",
    "Jens",
    "Freja",
    "Oliver",
    "Astrid",
    "Magnus",
    "Signe",
    "Anders",
    "Birgitte",
    "Christian",
    "Dorthe",
    "Emil",
    "Gitte",
    "Jakob",
    "Kirsten",
    "Lotte",
    "Morten",
    "Nanna",
    "Ole",
    "Pia",
    "Rikke",
    "Simon",
    "Tina",
    "Ulrik",
    "Vibeke",
    "Aksel",
];
pub(crate) const LAST: &[&str] = &[
    "Nielsen",
    "Jensen",
    "Hansen",
    "Pedersen",
    "Andersen",
    "Christensen",
    "Larsen",
    "Sørensen",
    "Rasmussen",
    "Jørgensen",
    "Petersen",
    "Madsen",
    "Kristensen",
    "Olsen",
    "Thomsen",
    "Kjær",
    "Poulsen",
    "Johansen",
    "Møller",
    "Mortensen",
    "Knudsen",
    "Jakobsen",
    "Mikkelsen",
    "Frederiksen",
    "Lund",
    "Holm",
    "Schmidt",
    "Eriksen",
    "Bach",
    "Dam",
];
pub(crate) const DEALER_TOWNS: &[&str] = &[
    "Vejle",
    "Aarhus",
    "Odense",
    "Aalborg",
    "Esbjerg",
    "Randers",
    "Kolding",
    "Horsens",
    "Herning",
    "Roskilde",
    "Silkeborg",
    "Næstved",
    "Fredericia",
    "Viborg",
    "Køge",
    "Holstebro",
    "Slagelse",
    "Hillerød",
    "Svendborg",
    "Hjørring",
    "Holbæk",
    "Frederikshavn",
    "Haderslev",
    "Skive",
    "Ringsted",
    "Nykøbing F",
    "Sønderborg",
    "Thisted",
    "Helsingør",
    "Middelfart",
];
pub(crate) const DEALER_KINDS: &[&str] =
    &["Bilhus ApS", "Autocenter A/S", "Bilcenter ApS", "Bilsalg ApS", "Auto A/S", "Bilimport ApS"];
/// Brand, model, new price in DKK, VIN manufacturer prefix.
pub(crate) const CARS: &[(&str, &str, i64, &str)] = &[
    ("Volkswagen", "ID.4 Pro", 289_900, "WVG"),
    ("Volkswagen", "Golf 1.5 eTSI", 219_900, "WVW"),
    ("Volkswagen", "Passat Variant", 329_900, "WVW"),
    ("Tesla", "Model Y Long Range", 339_990, "5YJ"),
    ("Tesla", "Model 3", 299_990, "5YJ"),
    ("Skoda", "Enyaq 85", 339_000, "TMB"),
    ("Skoda", "Octavia Combi", 289_900, "TMB"),
    ("Toyota", "Yaris Hybrid", 179_900, "JTD"),
    ("Toyota", "RAV4 Plug-in", 409_900, "JTM"),
    ("Toyota", "Corolla Touring Sports", 259_900, "SB1"),
    ("Peugeot", "208 PureTech", 189_900, "VF3"),
    ("Peugeot", "e-2008", 269_900, "VR3"),
    ("Kia", "EV6 GT-Line", 399_900, "KNA"),
    ("Kia", "Niro EV", 299_900, "KNA"),
    ("Hyundai", "Ioniq 5", 379_900, "KMH"),
    ("Hyundai", "Kona Electric", 289_900, "KMH"),
    ("BMW", "i4 eDrive40", 469_900, "WBA"),
    ("BMW", "X1 sDrive18i", 389_900, "WBA"),
    ("Audi", "Q4 e-tron", 449_900, "WAU"),
    ("Audi", "A4 Avant", 419_900, "WAU"),
    ("Volvo", "XC40 Recharge", 399_000, "YV1"),
    ("Volvo", "V60 B4", 469_000, "YV1"),
    ("Ford", "Kuga PHEV", 339_900, "WF0"),
    ("Ford", "Mustang Mach-E", 419_900, "WF0"),
    ("MG", "MG4 Electric", 229_990, "LSJ"),
    ("Polestar", "2 Long Range", 399_900, "LPS"),
    ("Renault", "Zoe R135", 169_900, "VF1"),
    ("Renault", "Megane E-Tech", 279_900, "VF1"),
    ("Mercedes-Benz", "EQA 250", 429_900, "W1N"),
    ("Mercedes-Benz", "C 300 e", 549_900, "W1K"),
    ("Citroën", "C3 PureTech", 149_900, "VF7"),
    ("Nissan", "Leaf e+", 159_900, "SJN"),
    ("Nissan", "Qashqai e-Power", 299_900, "SJN"),
    ("Opel", "Corsa-e", 199_900, "W0V"),
    ("Fiat", "500e", 189_900, "ZFA"),
    ("Cupra", "Born 58 kWh", 299_900, "VSS"),
    ("Mazda", "CX-30 Skyactiv-G", 279_900, "JMZ"),
    ("Suzuki", "Vitara Hybrid", 229_900, "TSM"),
    ("Dacia", "Spring Electric", 139_900, "UU1"),
    ("BYD", "Atto 3", 269_900, "LGX"),
];
/// Marketplace item, typical price in DKK.
pub(crate) const ITEMS: &[(&str, i64)] = &[
    ("Christiania ladcykel", 9_500),
    ("Sofa fra BoConcept", 7_800),
    ("iPhone 15 Pro 256 GB", 6_200),
    ("iPhone 14 128 GB", 3_900),
    ("Samsung Galaxy S24", 4_800),
    ("Spisebord i massiv eg", 4_500),
    ("Barnevogn Emmaljunga", 3_200),
    ("Arne Jacobsen Ægget, original", 38_000),
    ("Arne Jacobsen Syveren, 6 stk.", 6_000),
    ("Canon EOS R6 kamerahus", 11_500),
    ("Sony A7 IV med objektiv", 14_000),
    ("PlayStation 5 med to controllere", 3_100),
    ("Nintendo Switch OLED", 1_900),
    ("Trek Domane racercykel", 14_900),
    ("Specialized mountainbike", 8_900),
    ("Louis Poulsen PH5 lampe", 5_400),
    ("Wegner CH24 Y-stol, 4 stk.", 12_000),
    ("Bang & Olufsen Beosound A9", 16_500),
    ("Bang & Olufsen Beoplay H95", 4_200),
    ("MacBook Pro 14\" M3", 13_500),
    ("Vitra Eames loungestol", 42_000),
    ("Kähler vase, stor", 900),
    ("Royal Copenhagen Musselmalet stel", 7_500),
    ("Lego Technic samling", 2_400),
    ("Vinterdæk på fælge, 17\"", 3_600),
    ("Kajak med pagaj", 5_200),
    ("Havetraktor Stiga", 11_000),
    ("Weber grill Genesis", 6_800),
];
pub(crate) const AUTO_TEXTS: &[&str] = &[
    "Handel via forhandler. Bilen leveres klargjort med nysyn.",
    "Bilen sælges med servicebog og to sæt dæk.",
    "Leveres med 12 måneders garanti fra forhandleren.",
    "Privat salg formidlet af forhandler. Synet uden anmærkninger.",
    "Demobil med fuld fabriksgaranti.",
];
pub(crate) const MARKET_TEXTS: &[&str] = &[
    "Privat handel via markedspladsen. Afhentes hos sælger.",
    "Sendes med GLS efter betaling.",
    "Som ny, kvittering haves.",
    "Brugt men velholdt. Kan afhentes i weekenden.",
    "Afhentning eller levering efter aftale.",
];
