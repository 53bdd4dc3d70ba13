// The page the window opens on: the overview (#13). In its own module so the unit tests of
// other pages can start on theirs (src/test/setup.ts); the end-to-end tests see the real one.
export const FIRST_PAGE = 'overview' as const;
