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

function apply(choice: ThemeChoice) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
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
