// Desktop notifications for changes that need a person (sent by Rust, off until turned on).
export const en = {
  'notify.changes': 'Desktop notification when deals are paid or payments fail',
  'notify.failed': 'The setting was not saved: {message}',
};

export const da: Record<keyof typeof en, string> = {
  'notify.changes': 'Skrivebordsbesked når handler bliver betalt eller betalinger fejler',
  'notify.failed': 'Indstillingen blev ikke gemt: {message}',
};
