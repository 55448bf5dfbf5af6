import { GUEST_CODE } from '../../app/core/guest-account';
import type { Language } from '../../app/i18n/config';
import type { CodePurpose } from '../db/guest-codes';
import { escapeHtml } from './html';
import type { Mail } from './sender';

interface CodeTexts {
  subject: Record<CodePurpose, string>;
  greeting: string;
  body: Record<CodePurpose, string>;
  expiry: (minutes: number) => string;
  notYou: string;
}

/**
 * The mail with a sign-in, claim or deletion code, in the language the request asked in (texts here, not in
 * the page texts: no page shows them). The code is in the body only, not in the subject, which
 * lock screens and mail lists show to anyone nearby.
 */
const TEXTS: Record<Language, CodeTexts> = {
  de: {
    subject: { login: 'Salon: dein Anmeldecode', claim: 'Salon: bestätige deine E-Mail-Adresse', delete: 'Salon: dein Code zum Löschen des Gastkontos' },
    greeting: 'Hallo,',
    body: {
      login: 'mit diesem Code meldest du dich als Gast bei Salon an:',
      claim: 'mit diesem Code verbindest du diese E-Mail-Adresse mit deinem Gastkonto bei Salon:',
      delete: 'mit diesem Code löschst du dein Gastkonto bei Salon endgültig:',
    },
    expiry: (minutes) => `Der Code gilt ${minutes} Minuten und nur einmal.`,
    notYou: 'Wenn du das nicht warst, ignoriere diese E-Mail einfach. Gib den Code niemandem weiter.',
  },
  en: {
    subject: { login: 'Salon: your sign-in code', claim: 'Salon: confirm your e-mail address', delete: 'Salon: your code to delete your guest account' },
    greeting: 'Hello,',
    body: {
      login: 'use this code to sign in to Salon as a guest:',
      claim: 'use this code to connect this e-mail address to your Salon guest account:',
      delete: 'use this code to delete your Salon guest account for good:',
    },
    expiry: (minutes) => `The code works for ${minutes} minutes and only once.`,
    notYou: "If that wasn't you, simply ignore this e-mail. Never share the code with anyone.",
  },
  nl: {
    subject: { login: 'Salon: je inlogcode', claim: 'Salon: bevestig je e-mailadres', delete: 'Salon: je code om je gastaccount te verwijderen' },
    greeting: 'Hallo,',
    body: {
      login: 'met deze code log je als gast in bij Salon:',
      claim: 'met deze code koppel je dit e-mailadres aan je gastaccount bij Salon:',
      delete: 'met deze code verwijder je je gastaccount bij Salon definitief:',
    },
    expiry: (minutes) => `De code werkt ${minutes} minuten en maar één keer.`,
    notYou: 'Was jij dat niet, negeer deze e-mail dan gewoon. Geef de code aan niemand door.',
  },
  fr: {
    subject: {
      login: 'Salon : votre code de connexion',
      claim: 'Salon : confirmez votre adresse e-mail',
      delete: 'Salon : votre code pour supprimer votre compte invité',
    },
    greeting: 'Bonjour,',
    body: {
      login: 'voici le code pour vous connecter à Salon en tant qu’invité :',
      claim: 'voici le code pour associer cette adresse e-mail à votre compte invité Salon :',
      delete: 'voici le code pour supprimer définitivement votre compte invité Salon :',
    },
    expiry: (minutes) => `Le code est valable ${minutes} minutes et une seule fois.`,
    notYou: "Si ce n'était pas vous, ignorez simplement cet e-mail. Ne communiquez ce code à personne.",
  },
  it: {
    subject: {
      login: 'Salon: il tuo codice di accesso',
      claim: 'Salon: conferma il tuo indirizzo e-mail',
      delete: 'Salon: il codice per eliminare il tuo account ospite',
    },
    greeting: 'Ciao,',
    body: {
      login: 'usa questo codice per accedere a Salon come ospite:',
      claim: 'usa questo codice per collegare questo indirizzo e-mail al tuo account ospite di Salon:',
      delete: 'usa questo codice per eliminare definitivamente il tuo account ospite di Salon:',
    },
    expiry: (minutes) => `Il codice è valido ${minutes} minuti e una sola volta.`,
    notYou: 'Se non sei stato tu, ignora semplicemente questa e-mail. Non comunicare il codice a nessuno.',
  },
};

/** The mail with the code, as plain text and as HTML. */
export function guestCodeMail(language: Language, purpose: CodePurpose, to: string, code: string): Mail {
  const texts = TEXTS[language];
  const expiry = texts.expiry(Math.round(GUEST_CODE.ttlMs / 60_000));
  const text = [texts.greeting, '', texts.body[purpose], '', code, '', expiry, '', texts.notYou, '', 'Salon'].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; color: #0f172a; line-height: 1.5">
<p>${escapeHtml(texts.greeting)}</p>
<p>${escapeHtml(texts.body[purpose])}</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; font-family: monospace">${escapeHtml(code)}</p>
<p>${escapeHtml(expiry)}</p>
<p>${escapeHtml(texts.notYou)}</p>
<p>Salon</p>
</body></html>`;
  return { to, subject: texts.subject[purpose], text, html };
}
