export type Lang = 'en' | 'da';
export const LANGS: readonly Lang[] = ['en', 'da'];
const STORAGE_KEY = 'escrow-desk.lang';

export const en = {
  'app.name': 'Escrow Desk',
  'app.skipToContent': 'Skip to main content',

  'nav.label': 'Main navigation',
  'nav.transactions': 'Transactions',
  'nav.environments': 'Environments',

  'env.switcher.label': 'Environment',
  'env.switcher.loading': 'Loading environments…',
  'env.badge.sandbox': 'Sandbox',
  'env.badge.production': 'Production',
  'env.productionBanner': 'You are working with live production data.',
  'env.switched': 'Switched to {name}',

  'settings.language': 'Language',
  'settings.theme': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.system': 'System',
  'lang.en': 'English',
  'lang.da': 'Danish',

  'common.refresh': 'Refresh',
  'common.retry': 'Retry',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.copy': 'Copy',
  'common.copyValue': 'Copy {label}',
  'common.copied': 'Copied to clipboard',
  'common.copyFailed': 'Could not copy to clipboard',
  'common.loading': 'Loading…',
  'common.none': '—',
  'common.yes': 'Yes',
  'common.no': 'No',

  'error.heading': 'Something went wrong',
  'error.status': 'HTTP status',
  'error.correlationId': 'Correlation ID',
  'error.code': 'Error code',

  'tx.title': 'Transactions',
  'tx.search.label': 'Search transactions',
  'tx.search.placeholder': 'Search title, reference, party…',
  'tx.search.shortcut': 'Press / to search',
  'tx.search.clear': 'Clear search',
  'tx.count.one': '{count} transaction',
  'tx.count.other': '{count} transactions',
  'tx.range': '{from}–{to} of {total}',
  'tx.prev': 'Previous page',
  'tx.next': 'Next page',
  'tx.pagination': 'Pagination',
  'tx.table.label': 'Transactions',
  'tx.col.title': 'Title',
  'tx.col.payer': 'Payer',
  'tx.col.payee': 'Payee',
  'tx.col.amount': 'Amount',
  'tx.col.status': 'Status',
  'tx.col.created': 'Created',
  'tx.col.expected': 'Expected completion',
  'tx.untitled': 'Untitled transaction',
  'tx.empty.title': 'No transactions match “{query}”',
  'tx.empty.hint': 'Check the spelling, or search by reference, title, name or e-mail. Search matches any part of the text.',
  'tx.empty.none': 'No transactions yet',
  'tx.empty.noneHint': 'Transactions created in this environment will show up here.',
  'tx.keyboardHint': '↑ ↓ to move, Enter to open',

  'detail.back': 'Back to transactions',
  'detail.loading': 'Loading transaction…',
  'detail.reference': 'Reference',
  'detail.transactionId': 'Transaction ID',
  'detail.summary': 'Money summary',
  'detail.amount': 'Amount',
  'detail.paidIn': 'Paid in',
  'detail.paidOut': 'Paid out',
  'detail.remaining': 'Remaining to pay',
  'detail.remainingHint': 'Amount + payer fee − paid in',
  'detail.fees': 'Fees',
  'detail.fee.payee': 'Payee fee',
  'detail.fee.payer': 'Payer fee',
  'detail.fee.tenant': 'Tenant fee',
  'detail.fee.service': 'Service fee',
  'detail.parties': 'Parties',
  'detail.payer': 'Payer',
  'detail.payee': 'Payee',
  'detail.party.name': 'Name',
  'detail.party.email': 'E-mail',
  'detail.party.phone': 'Phone',
  'detail.party.reference': 'Reference',
  'detail.party.account': 'Account ID',
  'detail.party.missing': 'No details',
  'detail.vehicle': 'Vehicle',
  'detail.vehicle.brand': 'Brand',
  'detail.vehicle.model': 'Model',
  'detail.vehicle.year': 'Year',
  'detail.vehicle.mileage': 'Mileage',
  'detail.vehicle.registration': 'Registration',
  'detail.vehicle.vin': 'VIN',
  'detail.vehicle.retail': 'Retail amount',
  'detail.vehicle.firstRegistration': 'First registration',
  'detail.vehicle.billOfSale': 'Bill of sale',
  'detail.vehicle.debt': 'Debt',
  'detail.km': '{value} km',
  'detail.inbound': 'Inbound payments',
  'detail.inbound.empty': 'No inbound payments yet.',
  'detail.outbound': 'Outbound payouts',
  'detail.outbound.empty': 'No payouts yet.',
  'detail.pay.method': 'Method',
  'detail.pay.amount': 'Amount',
  'detail.pay.status': 'Status',
  'detail.pay.created': 'Created',
  'detail.pay.authorizedFailed': 'Authorized / failed',
  'detail.pay.authorized': 'Authorized {date}',
  'detail.pay.failed': 'Failed {date}',
  'detail.pay.text': 'Text',
  'detail.pay.payee': 'Payee',
  'detail.info': 'Details',
  'detail.created': 'Created',
  'detail.expected': 'Expected completion',
  'detail.description': 'Description',
  'detail.noDescription': 'No description.',
  'detail.checkoutUrl': 'Checkout link',
  'detail.paymentGuideUrl': 'Payment guide link',

  'status.CREATED': 'Created',
  'status.PAID': 'Paid',
  'status.SUCCEEDED': 'Succeeded',
  'status.CANCELLED': 'Cancelled',
  'status.INPROGRESS': 'In progress',
  'status.AUTHORIZED': 'Authorized',
  'status.FAILED': 'Failed',
  'status.RETURNED': 'Returned',
  'status.SCHEDULED': 'Scheduled',

  'envs.title': 'Environments',
  'envs.subtitle': 'Connect Escrow Desk to the escrow service. API keys are stored in the operating system keychain and are never shown again.',
  'envs.list': 'Environments',
  'envs.builtIn': 'Built-in',
  'envs.active': 'Active',
  'envs.keyStored': 'Key stored in OS keychain',
  'envs.noKey': 'No key',
  'envs.use': 'Use',
  'envs.edit': 'Edit',
  'envs.test': 'Test connection',
  'envs.testing': 'Testing…',
  'envs.delete': 'Delete',
  'envs.connected.one': 'Connected — {count} transaction',
  'envs.connected.other': 'Connected — {count} transactions',
  'envs.add': 'Add environment',
  'envs.form.addTitle': 'Add environment',
  'envs.form.editTitle': 'Edit {name}',
  'envs.form.name': 'Name',
  'envs.form.baseUrl': 'Base URL',
  'envs.form.baseUrlHint': 'For example https://api.example.com',
  'envs.form.badge': 'Badge',
  'envs.form.apiKey': 'API key',
  'envs.form.apiKeyHintNew': 'Stored in the OS keychain. It cannot be viewed after saving.',
  'envs.form.apiKeyHintEdit': 'Leave empty to keep the current key.',
  'envs.form.save': 'Save',
  'envs.form.saving': 'Saving…',
  'envs.form.cancelEdit': 'Cancel editing',
  'envs.form.errName': 'Enter a name.',
  'envs.form.errUrl': 'Enter a valid http:// or https:// URL.',
  'envs.saved': 'Environment “{name}” saved',
  'envs.keySaved': 'API key stored in OS keychain',
  'envs.deleted': 'Environment “{name}” deleted',
  'envs.confirmDelete.title': 'Delete environment?',
  'envs.confirmDelete.body': '“{name}” and its stored API key will be removed. This cannot be undone.',
  'envs.confirmDelete.ok': 'Delete',

  'toast.region': 'Notifications',
  'toast.dismiss': 'Dismiss notification',
} as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;

export const da: Dictionary = {
  'app.name': 'Escrow Desk',
  'app.skipToContent': 'Gå til hovedindhold',

  'nav.label': 'Hovednavigation',
  'nav.transactions': 'Transaktioner',
  'nav.environments': 'Miljøer',

  'env.switcher.label': 'Miljø',
  'env.switcher.loading': 'Indlæser miljøer…',
  'env.badge.sandbox': 'Sandbox',
  'env.badge.production': 'Produktion',
  'env.productionBanner': 'Du arbejder med rigtige produktionsdata.',
  'env.switched': 'Skiftet til {name}',

  'settings.language': 'Sprog',
  'settings.theme': 'Tema',
  'theme.light': 'Lyst',
  'theme.dark': 'Mørkt',
  'theme.system': 'System',
  'lang.en': 'Engelsk',
  'lang.da': 'Dansk',

  'common.refresh': 'Opdater',
  'common.retry': 'Prøv igen',
  'common.cancel': 'Annuller',
  'common.close': 'Luk',
  'common.copy': 'Kopiér',
  'common.copyValue': 'Kopiér {label}',
  'common.copied': 'Kopieret til udklipsholderen',
  'common.copyFailed': 'Kunne ikke kopiere til udklipsholderen',
  'common.loading': 'Indlæser…',
  'common.none': '—',
  'common.yes': 'Ja',
  'common.no': 'Nej',

  'error.heading': 'Noget gik galt',
  'error.status': 'HTTP-status',
  'error.correlationId': 'Korrelations-ID',
  'error.code': 'Fejlkode',

  'tx.title': 'Transaktioner',
  'tx.search.label': 'Søg i transaktioner',
  'tx.search.placeholder': 'Søg på titel, reference, part…',
  'tx.search.shortcut': 'Tryk / for at søge',
  'tx.search.clear': 'Ryd søgning',
  'tx.count.one': '{count} transaktion',
  'tx.count.other': '{count} transaktioner',
  'tx.range': '{from}–{to} af {total}',
  'tx.prev': 'Forrige side',
  'tx.next': 'Næste side',
  'tx.pagination': 'Sidenavigation',
  'tx.table.label': 'Transaktioner',
  'tx.col.title': 'Titel',
  'tx.col.payer': 'Betaler',
  'tx.col.payee': 'Modtager',
  'tx.col.amount': 'Beløb',
  'tx.col.status': 'Status',
  'tx.col.created': 'Oprettet',
  'tx.col.expected': 'Forventet afslutning',
  'tx.untitled': 'Transaktion uden titel',
  'tx.empty.title': 'Ingen transaktioner matcher “{query}”',
  'tx.empty.hint': 'Tjek stavningen, eller søg på reference, titel, navn eller e-mail. Søgningen matcher enhver del af teksten.',
  'tx.empty.none': 'Ingen transaktioner endnu',
  'tx.empty.noneHint': 'Transaktioner oprettet i dette miljø vises her.',
  'tx.keyboardHint': '↑ ↓ for at flytte, Enter for at åbne',

  'detail.back': 'Tilbage til transaktioner',
  'detail.loading': 'Indlæser transaktion…',
  'detail.reference': 'Reference',
  'detail.transactionId': 'Transaktions-ID',
  'detail.summary': 'Beløbsoversigt',
  'detail.amount': 'Beløb',
  'detail.paidIn': 'Indbetalt',
  'detail.paidOut': 'Udbetalt',
  'detail.remaining': 'Mangler at blive betalt',
  'detail.remainingHint': 'Beløb + betalergebyr − indbetalt',
  'detail.fees': 'Gebyrer',
  'detail.fee.payee': 'Modtagergebyr',
  'detail.fee.payer': 'Betalergebyr',
  'detail.fee.tenant': 'Lejergebyr',
  'detail.fee.service': 'Servicegebyr',
  'detail.parties': 'Parter',
  'detail.payer': 'Betaler',
  'detail.payee': 'Modtager',
  'detail.party.name': 'Navn',
  'detail.party.email': 'E-mail',
  'detail.party.phone': 'Telefon',
  'detail.party.reference': 'Reference',
  'detail.party.account': 'Konto-ID',
  'detail.party.missing': 'Ingen oplysninger',
  'detail.vehicle': 'Køretøj',
  'detail.vehicle.brand': 'Mærke',
  'detail.vehicle.model': 'Model',
  'detail.vehicle.year': 'Årgang',
  'detail.vehicle.mileage': 'Kilometertal',
  'detail.vehicle.registration': 'Registreringsnummer',
  'detail.vehicle.vin': 'Stelnummer (VIN)',
  'detail.vehicle.retail': 'Handelspris',
  'detail.vehicle.firstRegistration': 'Første registrering',
  'detail.vehicle.billOfSale': 'Slutseddel',
  'detail.vehicle.debt': 'Gæld',
  'detail.km': '{value} km',
  'detail.inbound': 'Indbetalinger',
  'detail.inbound.empty': 'Ingen indbetalinger endnu.',
  'detail.outbound': 'Udbetalinger',
  'detail.outbound.empty': 'Ingen udbetalinger endnu.',
  'detail.pay.method': 'Metode',
  'detail.pay.amount': 'Beløb',
  'detail.pay.status': 'Status',
  'detail.pay.created': 'Oprettet',
  'detail.pay.authorizedFailed': 'Godkendt / fejlet',
  'detail.pay.authorized': 'Godkendt {date}',
  'detail.pay.failed': 'Fejlet {date}',
  'detail.pay.text': 'Tekst',
  'detail.pay.payee': 'Modtager',
  'detail.info': 'Detaljer',
  'detail.created': 'Oprettet',
  'detail.expected': 'Forventet afslutning',
  'detail.description': 'Beskrivelse',
  'detail.noDescription': 'Ingen beskrivelse.',
  'detail.checkoutUrl': 'Betalingslink',
  'detail.paymentGuideUrl': 'Link til betalingsvejledning',

  'status.CREATED': 'Oprettet',
  'status.PAID': 'Betalt',
  'status.SUCCEEDED': 'Gennemført',
  'status.CANCELLED': 'Annulleret',
  'status.INPROGRESS': 'I gang',
  'status.AUTHORIZED': 'Godkendt',
  'status.FAILED': 'Fejlet',
  'status.RETURNED': 'Returneret',
  'status.SCHEDULED': 'Planlagt',

  'envs.title': 'Miljøer',
  'envs.subtitle': 'Forbind Escrow Desk med escrow-tjenesten. API-nøgler gemmes i styresystemets nøglering og vises aldrig igen.',
  'envs.list': 'Miljøer',
  'envs.builtIn': 'Indbygget',
  'envs.active': 'Aktivt',
  'envs.keyStored': 'Nøgle gemt i styresystemets nøglering',
  'envs.noKey': 'Ingen nøgle',
  'envs.use': 'Brug',
  'envs.edit': 'Rediger',
  'envs.test': 'Test forbindelse',
  'envs.testing': 'Tester…',
  'envs.delete': 'Slet',
  'envs.connected.one': 'Forbundet — {count} transaktion',
  'envs.connected.other': 'Forbundet — {count} transaktioner',
  'envs.add': 'Tilføj miljø',
  'envs.form.addTitle': 'Tilføj miljø',
  'envs.form.editTitle': 'Rediger {name}',
  'envs.form.name': 'Navn',
  'envs.form.baseUrl': 'Basis-URL',
  'envs.form.baseUrlHint': 'For eksempel https://api.example.com',
  'envs.form.badge': 'Mærkat',
  'envs.form.apiKey': 'API-nøgle',
  'envs.form.apiKeyHintNew': 'Gemmes i styresystemets nøglering. Den kan ikke ses efter gemning.',
  'envs.form.apiKeyHintEdit': 'Lad feltet være tomt for at beholde den nuværende nøgle.',
  'envs.form.save': 'Gem',
  'envs.form.saving': 'Gemmer…',
  'envs.form.cancelEdit': 'Annuller redigering',
  'envs.form.errName': 'Angiv et navn.',
  'envs.form.errUrl': 'Angiv en gyldig http://- eller https://-URL.',
  'envs.saved': 'Miljøet “{name}” er gemt',
  'envs.keySaved': 'API-nøglen er gemt i styresystemets nøglering',
  'envs.deleted': 'Miljøet “{name}” er slettet',
  'envs.confirmDelete.title': 'Slet miljø?',
  'envs.confirmDelete.body': '“{name}” og den gemte API-nøgle fjernes. Det kan ikke fortrydes.',
  'envs.confirmDelete.ok': 'Slet',

  'toast.region': 'Notifikationer',
  'toast.dismiss': 'Luk notifikation',
};

export const dictionaries: Record<Lang, Dictionary> = { en, da };

function initialLang(): Lang {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'da' || saved === 'en') return saved;
  } catch {
    /* storage unavailable */
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('da') ? 'da' : 'en';
}

class I18n {
  lang = $state<Lang>(initialLang());

  set(lang: Lang) {
    this.lang = lang;
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, lang);
    } catch {
      /* ignore */
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  }
}

export const i18n = new I18n();
if (typeof document !== 'undefined') document.documentElement.lang = i18n.lang;

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  let s: string = dictionaries[lang][key] ?? en[key] ?? key;
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  }
  return s;
}

/** Reactive translate: reads the current language (re-renders when it changes). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(i18n.lang, key, params);
}

/** Plural helper for keys with `.one` / `.other` variants. */
export function tn(base: 'tx.count' | 'envs.connected', count: number, params?: Record<string, string | number>): string {
  const key = `${base}.${count === 1 ? 'one' : 'other'}` as MessageKey;
  const formatted = new Intl.NumberFormat(i18n.lang === 'da' ? 'da-DK' : 'en-GB').format(count);
  return t(key, { count: formatted, ...params });
}

export function statusLabel(status: string): string {
  const key = `status.${status}` as MessageKey;
  return key in en ? t(key) : status;
}
