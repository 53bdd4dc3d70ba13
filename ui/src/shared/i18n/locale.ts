// The window's language follows the OS locale until the user picks one (like the theme).
//
// What "the OS locale" is here: the web view's preferred languages (`navigator.languages`).
// WebKitGTK makes them from the process's LANG / LC_ALL / LC_MESSAGES when it starts, WebView2
// and WKWebView from the OS's language list. A change while running is followed whenever the
// web view reports it (the `languagechange` event). On Linux a running process's environment
// cannot change, so a language picked in the desktop's settings after the app started shows at
// its next start; the pick made in the app itself is followed at once and kept.
export type Lang = 'en' | 'da';
export const LANGS: readonly Lang[] = ['en', 'da'];

/** A language the user picked, or "follow the OS". */
export type LangChoice = Lang | 'system';

const STORAGE_KEY = 'escrow-desk.lang';

/** The first supported language among the OS's preferred ones (`da-DK`, `en_GB` …); English otherwise. */
export function systemLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const base = tag.trim().toLowerCase().split(/[-_.@]/)[0];
    if (base === 'da' || base === 'en') return base;
  }
  return 'en';
}

/** The web view's preferred languages, most preferred first. */
export function preferredLanguages(): readonly string[] {
  const nav = globalThis.navigator;
  if (!nav) return [];
  if (nav.languages && nav.languages.length > 0) return nav.languages;
  return nav.language ? [nav.language] : [];
}

/** The stored pick; "system" when there is none (or storage is unavailable). */
export function savedChoice(): LangChoice {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'da' || saved === 'en') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'system';
}

export function saveChoice(choice: LangChoice): void {
  try {
    if (choice === 'system') globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, choice);
  } catch {
    /* ignore */
  }
}

/** Calls `onChange` whenever the web view reports new preferred languages; answers the unsubscribe. */
export function onSystemLanguageChange(onChange: () => void): () => void {
  if (typeof globalThis.addEventListener !== 'function') return () => {};
  globalThis.addEventListener('languagechange', onChange);
  return () => globalThis.removeEventListener('languagechange', onChange);
}
