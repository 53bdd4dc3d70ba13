/** How long a search box waits after the last keystroke before it asks the service. */
export const SEARCH_DEBOUNCE_MS = 250;
