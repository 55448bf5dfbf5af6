import { DELETION_LINK_TTL_MS } from '../../app/core/account-deletion';
import type { Language } from '../../app/i18n/config';
import { linkMail } from './html';
import type { Mail } from './sender';

interface DeletionTexts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  expiry: (hours: number) => string;
  notYou: string;
}

/**
 * The confirmation mail in the language of the request that asked for it. Mail texts live here, not
 * in the page texts (app/i18n/locales): no page shows them, and the browser should not load them.
 * The type makes every language carry every text.
 */
const TEXTS: Record<Language, DeletionTexts> = {
  de: {
    subject: 'Salon: Löschung deines Kontos bestätigen',
    greeting: 'Hallo,',
    body: 'jemand hat die Löschung des Salon-Kontos zu dieser E-Mail-Adresse beantragt. Wenn du das warst, öffne diesen Link und bestätige die Löschung:',
    action: 'Löschung bestätigen',
    expiry: (hours) => `Der Link gilt ${hours} Stunden und nur einmal.`,
    notYou: 'Wenn du das nicht warst, ignoriere diese E-Mail einfach: Dein Konto bleibt bestehen.',
  },
  en: {
    subject: 'Salon: confirm the deletion of your account',
    greeting: 'Hello,',
    body: 'someone asked to delete the Salon account with this e-mail address. If that was you, open this link and confirm the deletion:',
    action: 'Confirm deletion',
    expiry: (hours) => `The link works for ${hours} hours and only once.`,
    notYou: 'If that was not you, simply ignore this e-mail: your account stays as it is.',
  },
  nl: {
    subject: 'Salon: bevestig het verwijderen van je account',
    greeting: 'Hallo,',
    body: 'iemand heeft gevraagd het Salon-account met dit e-mailadres te verwijderen. Was jij dat, open dan deze link en bevestig het verwijderen:',
    action: 'Verwijderen bevestigen',
    expiry: (hours) => `De link werkt ${hours} uur en maar één keer.`,
    notYou: 'Was jij dat niet, negeer deze e-mail dan gewoon: je account blijft bestaan.',
  },
  fr: {
    subject: 'Salon : confirmez la suppression de votre compte',
    greeting: 'Bonjour,',
    body: "quelqu'un a demandé la suppression du compte Salon associé à cette adresse e-mail. Si c'était vous, ouvrez ce lien et confirmez la suppression :",
    action: 'Confirmer la suppression',
    expiry: (hours) => `Le lien est valable ${hours} heures et une seule fois.`,
    notYou: "Si ce n'était pas vous, ignorez simplement cet e-mail : votre compte reste tel quel.",
  },
  it: {
    subject: "Salon: conferma l'eliminazione del tuo account",
    greeting: 'Ciao,',
    body: "qualcuno ha chiesto di eliminare l'account Salon con questo indirizzo e-mail. Se sei stato tu, apri questo link e conferma l'eliminazione:",
    action: "Conferma l'eliminazione",
    expiry: (hours) => `Il link è valido ${hours} ore e una sola volta.`,
    notYou: "Se non sei stato tu, ignora semplicemente questa e-mail: il tuo account resta com'è.",
  },
};

/** The mail with the confirmation link, as plain text and as HTML. */
export function accountDeletionMail(language: Language, to: string, link: string): Mail {
  const texts = TEXTS[language];
  const expiry = texts.expiry(Math.round(DELETION_LINK_TTL_MS / 3_600_000));
  return linkMail({
    language,
    to,
    subject: texts.subject,
    greeting: texts.greeting,
    body: texts.body,
    action: texts.action,
    link,
    after: [expiry, texts.notYou],
  });
}
