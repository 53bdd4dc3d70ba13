// Strings of documents and file upload (English and Danish; assembled in shared/i18n/messages.ts).

export const en = {
  'docs.title': 'Documents',
  'docs.unfiltered': 'The service does not say which transaction a document belongs to: all documents are listed.',
  'docs.empty': 'No documents on this transaction.',
  'docs.docTitle': 'Title',
  'docs.file': 'File',
  'docs.signed': 'Signed',
  'docs.signer': 'Signer',
  'docs.signLink': 'Signing link',
  'docs.downloadLink': 'Download link',
  'docs.delete': 'Delete',
  'docs.deleteTitle': 'Delete this document?',
  'docs.deleteBody': '“{title}” and its signed versions are deleted.',
  'docs.deleted': 'Document deleted',
  'docs.upload': 'Upload a document',
  'docs.uploadButton': 'Upload',
  'docs.uploaded': 'Document uploaded',
  'docs.signersRequired': 'Signers required',
  'docs.signersInvalid': 'Signers required is a whole number from 1 to 20, or empty.',
  'docs.chooseFile': 'Document file',

  'files.dropHint': 'Choose a file or drop it here (at most 10 MB).',
};

export const da: Record<keyof typeof en, string> = {
  'docs.title': 'Dokumenter',
  'docs.unfiltered': 'Tjenesten oplyser ikke hvilken transaktion et dokument hører til: alle dokumenter vises.',
  'docs.empty': 'Ingen dokumenter på denne transaktion.',
  'docs.docTitle': 'Titel',
  'docs.file': 'Fil',
  'docs.signed': 'Underskrevet',
  'docs.signer': 'Underskriver',
  'docs.signLink': 'Underskriftslink',
  'docs.downloadLink': 'Downloadlink',
  'docs.delete': 'Slet',
  'docs.deleteTitle': 'Slet dette dokument?',
  'docs.deleteBody': '“{title}” og dets underskrevne versioner slettes.',
  'docs.deleted': 'Dokument slettet',
  'docs.upload': 'Upload et dokument',
  'docs.uploadButton': 'Upload',
  'docs.uploaded': 'Dokument uploadet',
  'docs.signersRequired': 'Antal underskrivere',
  'docs.signersInvalid': 'Antal underskrivere er et helt tal fra 1 til 20, eller tomt.',
  'docs.chooseFile': 'Dokumentfil',

  'files.dropHint': 'Vælg en fil eller slip den her (højst 10 MB).',
};
