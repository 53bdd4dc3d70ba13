export type ThemeChoice = 'light' | 'dark' | 'system';
const STORAGE_KEY = 'escrow-desk.theme';

function initial(): ThemeChoice {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (v === 'light' || v === 'dark' || v === 'system') return v;
  } catch {
    /* ignore */
  }
  return 'system';
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme in effect: the choice, or the OS's for "system". */
export function resolve(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** Always sets `data-theme` to the resolved theme, so the CSS has one dark palette. */
function apply(choice: ThemeChoice) {
  if (typeof document === 'undefined') return;
  document.documentElement.setAttribute('data-theme', resolve(choice, systemDark()));
}

class Theme {
  choice = $state<ThemeChoice>(initial());
  set(choice: ThemeChoice) {
    this.choice = choice;
    apply(choice);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, choice);
    } catch {
      /* ignore */
    }
  }
}

export const theme = new Theme();
apply(theme.choice);
// "System" follows the OS when it switches between light and dark.
if (typeof matchMedia === 'function') {
  matchMedia(DARK_QUERY).addEventListener?.('change', () => apply(theme.choice));
}
