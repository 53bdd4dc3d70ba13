// The shape of the dictionaries: which keys `t` accepts. Each feature keeps its own strings
// (`features/<name>/i18n.ts`); the shell assembles them (features/shell/strings.ts), declares
// their keys into `Messages` and hands the dictionaries to the runtime, so nothing under
// shared/ imports a feature.

/** Every key of every part, each a string (filled in by the shell's declaration). */
export interface Messages {}

export type MessageKey = keyof Messages & string;
export type Dictionary = Record<MessageKey, string>;
