// "Save as…": what the window says when the Save dialog (shown by Rust) ends without a file.
export const en = {
  'save.cancelled': 'Nothing was saved: the Save dialog was closed without choosing a file.',
};

export const da: Record<keyof typeof en, string> = {
  'save.cancelled': 'Intet blev gemt: Gem-vinduet blev lukket uden at vælge en fil.',
};
