import type { Language } from '../../app/i18n/config';
import { EXPORT_LINK_TTL_MS } from '../../app/core/export';
import { formatBytes } from '../../app/core/media-library';
import { linkMail } from './html';
import type { Mail } from './sender';

interface ExportMailTexts {
  subject: string;
  greeting: string;
  body: (size: string) => string;
  action: string;
  expiry: (hours: number) => string;
  notYou: string;
}

/** The export's mail in the language it was asked in (mail texts live with the mails: account-deletion-mail.ts says why). */
const TEXTS: Record<Language, ExportMailTexts> = {
  de: {
    subject: 'Salon: Dein Datenexport ist fertig',
    greeting: 'Hallo,',
    body: (size) => `dein Archiv mit deinen Salon-Daten ist fertig (${size}). Mit diesem Link lädst du es herunter:`,
    action: 'Archiv herunterladen',
    expiry: (hours) => `Der Link gilt ${hours} Stunden und nur einmal. Einen neuen bekommst du auf der Exportseite.`,
    notYou: 'Wenn du keinen Export angefordert hast, antworte bitte auf diese E-Mail.',
  },
  en: {
    subject: 'Salon: your data export is ready',
    greeting: 'Hello,',
    body: (size) => `the archive of your Salon data is ready (${size}). Download it with this link:`,
    action: 'Download archive',
    expiry: (hours) => `The link works for ${hours} hours and only once. You can get a new one on the export page.`,
    notYou: 'If you did not ask for an export, please reply to this e-mail.',
  },
  nl: {
    subject: 'Salon: je gegevensexport is klaar',
    greeting: 'Hallo,',
    body: (size) => `het archief met je Salon-gegevens is klaar (${size}). Download het met deze link:`,
    action: 'Archief downloaden',
    expiry: (hours) => `De link werkt ${hours} uur en maar één keer. Een nieuwe krijg je op de exportpagina.`,
    notYou: 'Heb je geen export aangevraagd, beantwoord deze e-mail dan alsjeblieft.',
  },
  fr: {
    subject: 'Salon : votre export de données est prêt',
    greeting: 'Bonjour,',
    body: (size) => `l’archive de vos données Salon est prête (${size}). Téléchargez-la avec ce lien :`,
    action: 'Télécharger l’archive',
    expiry: (hours) => `Le lien est valable ${hours} heures et une seule fois. Vous pouvez en obtenir un nouveau sur la page d’export.`,
    notYou: 'Si vous n’avez pas demandé d’export, merci de répondre à cet e-mail.',
  },
  it: {
    subject: 'Salon: la tua esportazione dei dati è pronta',
    greeting: 'Ciao,',
    body: (size) => `l’archivio con i tuoi dati di Salon è pronto (${size}). Scaricalo con questo link:`,
    action: 'Scarica l’archivio',
    expiry: (hours) => `Il link vale ${hours} ore e una sola volta. Puoi averne uno nuovo nella pagina di esportazione.`,
    notYou: 'Se non hai chiesto un’esportazione, rispondi a questa e-mail.',
  },
};

export function exportMail(language: Language, to: string, link: string, bytes: number): Mail {
  const texts = TEXTS[language];
  const expiry = texts.expiry(Math.round(EXPORT_LINK_TTL_MS / 3_600_000));
  const body = texts.body(formatBytes(bytes, language));
  return linkMail({ language, to, subject: texts.subject, greeting: texts.greeting, body, action: texts.action, link, after: [expiry, texts.notYou] });
}
