// The page the window opens on: the overview (#13). In its own module so the unit tests of
// other pages can start on theirs (src/test/setup.ts); the end-to-end tests see the real one.
export const FIRST_PAGE = 'overview' as const;

// The performance mark set once the first page has data on screen (App.svelte); `make bench`
// reads it to time a cold start from the app process's own start.
export const FIRST_PAGE_MARK = 'escrow-desk:first-page';
