/**
 * Whether a command answered that Escrow Desk's local database is damaged: once it has,
 * the window says so above every page until the app restarts (the next start moves the
 * database aside), whichever call found it — a page load, an action, a background poll.
 */
class StorageDamage {
  seen = $state(false);
}

export const storageDamage = new StorageDamage();
