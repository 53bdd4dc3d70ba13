// Strings of the app frame: navigation, settings, command palette, notifications (English and Danish; assembled in features/shell/strings.ts).

export const en = {
  'link.unreadable': 'That link cannot be opened: it is not an Escrow Desk link this version reads.',
  'link.unknownEnvironment': 'That link is for the environment “{environment}”, which this desk does not have. Add it under Environments to open the link.',
  'app.name': 'Escrow Desk',
  'app.skipToContent': 'Skip to main content',
  'startup.title': 'Escrow Desk could not open its data',
  'startup.intro': 'Nothing was changed and nothing was sent. What went wrong, and where:',
  'startup.next': 'Fix the cause (free disk space, a writable folder, or close the other Escrow Desk window) and start Escrow Desk again. Your journal and audit log stay where they are.',
  'support.copy': 'Copy diagnostics',
  'support.openLogs': 'Open logs folder',
  'support.copied': 'Diagnostics copied. Paste them into your message to support; they contain no keys.',
  'support.copyFailed': 'Could not copy the diagnostics.',
  'support.logsFailed': 'Could not open the logs folder.',
  'startup.notice.database_moved_aside': 'Your local database was damaged. It was moved to {path}; pending actions recorded in it could not be read, and environments you added must be added again (their API keys are still in the system keychain). Nothing was deleted: keep the moved file for support. Escrow Desk started with a fresh database.',
  'startup.notice.sandbox_moved_aside': 'The built-in Sandbox\'s database was damaged. It was moved to {path}, and the Sandbox started again with fresh demo data.',
  'startup.notice.policy_unreadable': "Your organisation's policy file {path} could not be used, so none of it was applied. Ask your IT department.",
  'startup.notice.path': 'the path of the moved file',
  'startup.notice.close': 'Close this notice',

  'nav.label': 'Main navigation',
  'nav.transactions': 'Transactions',
  'nav.environments': 'Environments',
  'nav.audit': 'Audit log',

  'settings.language': 'Language',
  'settings.theme': 'Theme',

  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.system': 'System',

  'lang.en': 'English',
  'lang.da': 'Danish',

  'palette.title': 'Command palette',
  'palette.placeholder': 'Jump to a transaction (id, reference, title) or run a command…',
  'palette.goto': 'Go to {page}',
  'palette.switch': 'Switch to {name}',
  'palette.theme': 'Theme: {choice}',
  'palette.language': 'Skift til dansk / Switch to English',
  'palette.openId': 'Open transaction {id}',
  'palette.empty': 'Nothing matches.',

  'toast.region': 'Notifications',
  'toast.dismiss': 'Dismiss notification',

  'nav.users': 'Users',
};

export const da: Record<keyof typeof en, string> = {
  'link.unreadable': 'Linket kan ikke åbnes: det er ikke et Escrow Desk-link, denne version kan læse.',
  'link.unknownEnvironment': 'Linket er til miljøet “{environment}”, som dette skrivebord ikke har. Tilføj det under Miljøer for at åbne linket.',
  'app.name': 'Escrow Desk',
  'app.skipToContent': 'Gå til hovedindhold',
  'startup.title': 'Escrow Desk kunne ikke åbne sine data',
  'startup.intro': 'Intet er ændret, og intet er sendt. Hvad der gik galt, og hvor:',
  'startup.next': 'Ret årsagen (frigør diskplads, vælg en skrivbar mappe, eller luk det andet Escrow Desk-vindue), og start Escrow Desk igen. Din journal og revisionslog bliver, hvor de er.',
  'support.copy': 'Kopiér diagnosticering',
  'support.openLogs': 'Åbn logmappen',
  'support.copied': 'Diagnosticering kopieret. Indsæt den i din besked til support; den indeholder ingen nøgler.',
  'support.copyFailed': 'Diagnosticeringen kunne ikke kopieres.',
  'support.logsFailed': 'Logmappen kunne ikke åbnes.',
  'startup.notice.database_moved_aside': 'Din lokale database var beskadiget. Den er flyttet til {path}; ventende handlinger i den kunne ikke læses, og miljøer, du har tilføjet, skal tilføjes igen (deres API-nøgler ligger stadig i systemets nøglering). Intet er slettet: gem den flyttede fil til support. Escrow Desk startede med en ny database.',
  'startup.notice.sandbox_moved_aside': 'Den indbyggede Sandbox\'s database var beskadiget. Den er flyttet til {path}, og Sandboxen startede igen med nye demodata.',
  'startup.notice.policy_unreadable': 'Din organisations politikfil {path} kunne ikke bruges, så intet af den er anvendt. Spørg din IT-afdeling.',
  'startup.notice.path': 'stien til den flyttede fil',
  'startup.notice.close': 'Luk denne besked',

  'nav.label': 'Hovednavigation',
  'nav.transactions': 'Transaktioner',
  'nav.environments': 'Miljøer',
  'nav.audit': 'Revisionslog',

  'settings.language': 'Sprog',
  'settings.theme': 'Tema',

  'theme.light': 'Lyst',
  'theme.dark': 'Mørkt',
  'theme.system': 'System',

  'lang.en': 'Engelsk',
  'lang.da': 'Dansk',

  'palette.title': 'Kommandopalet',
  'palette.placeholder': 'Gå til en transaktion (id, reference, titel) eller kør en kommando…',
  'palette.goto': 'Gå til {page}',
  'palette.switch': 'Skift til {name}',
  'palette.theme': 'Tema: {choice}',
  'palette.language': 'Switch to English / Skift til dansk',
  'palette.openId': 'Åbn transaktion {id}',
  'palette.empty': 'Intet matcher.',

  'toast.region': 'Notifikationer',
  'toast.dismiss': 'Luk notifikation',

  'nav.users': 'Brugere',
};
