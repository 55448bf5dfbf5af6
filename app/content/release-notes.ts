import type { Language } from '~/i18n/config';

/**
 * Release notes as content (version, release date, description, features, bugfix title and
 * bugfixes), written once per language. The newest comes first; its version is
 * `RELEASE_NOTES_VERSION` in `~/core/workspace`.
 */
export interface ReleaseNote {
  version: string;
  /** ISO date of the release. */
  date: string;
  description: string;
  features: { title: string; description: string }[];
  bugfixTitle: string;
  bugfixes: string[];
}

export const RELEASE_NOTES: Record<Language, ReleaseNote[]> = {
  de: [
    {
      version: '1.12.0',
      date: '2022-08-03',
      description: 'Mehr Überblick während der Party und beim Vorbereiten.',
      features: [
        { title: 'Gelesen von', description: 'Bei jeder Nachricht siehst du, wie viele Gäste sie schon gelesen haben, und mit einem Tipp auch wer.' },
        { title: 'Inhaltsverzeichnis', description: 'Überschriften im Chat erscheinen rechts als Inhaltsverzeichnis; ein Klick springt zur Stelle.' },
        { title: 'Firmenkonten', description: 'GmbH und GbR verwalten mehrere Profile und wählen für jede Party, wer sie leitet.' },
      ],
      bugfixTitle: 'Behobene Fehler',
      bugfixes: ['Lange Partys scrollen wieder flüssig.', 'Nach einem Verbindungsabbruch fehlen keine Nachrichten mehr.'],
    },
  ],
  en: [
    {
      version: '1.12.0',
      date: '2022-08-03',
      description: 'A better overview while you run a party and while you prepare one.',
      features: [
        { title: 'Seen by', description: 'Each message shows how many guests have read it, and a tap shows who.' },
        { title: 'Table of contents', description: 'Headings in the chat appear as a table of contents on the right; a click jumps there.' },
        { title: 'Company accounts', description: 'Companies manage several profiles and choose who manages each party.' },
      ],
      bugfixTitle: 'Bug fixes',
      bugfixes: ['Long parties scroll smoothly again.', 'No messages go missing after a dropped connection.'],
    },
  ],
  nl: [
    {
      version: '1.12.0',
      date: '2022-08-03',
      description: 'Meer overzicht tijdens de party en bij het voorbereiden.',
      features: [
        { title: 'Gelezen door', description: 'Bij elk bericht zie je hoeveel gasten het al hebben gelezen, en met een tik ook wie.' },
        { title: 'Inhoudsopgave', description: 'Koppen in de chat verschijnen rechts als inhoudsopgave; een klik springt ernaartoe.' },
        { title: 'Bedrijfsaccounts', description: 'Bedrijven beheren meerdere profielen en kiezen per party wie die leidt.' },
      ],
      bugfixTitle: 'Opgeloste fouten',
      bugfixes: ['Lange party’s scrollen weer soepel.', 'Na een verbroken verbinding ontbreken er geen berichten meer.'],
    },
  ],
  fr: [
    {
      version: '1.12.0',
      date: '2022-08-03',
      description: 'Plus de clarté pendant la soirée et pendant sa préparation.',
      features: [
        { title: 'Vu par', description: 'Chaque message indique combien d’invités l’ont lu, et d’un geste qui l’a lu.' },
        { title: 'Table des matières', description: 'Les titres du chat forment une table des matières à droite ; un clic y mène.' },
        { title: 'Comptes entreprise', description: 'Les entreprises gèrent plusieurs profils et choisissent qui anime chaque soirée.' },
      ],
      bugfixTitle: 'Corrections',
      bugfixes: ['Les longues soirées défilent de nouveau sans à-coups.', 'Plus aucun message ne manque après une coupure de connexion.'],
    },
  ],
  it: [
    {
      version: '1.12.0',
      date: '2022-08-03',
      description: 'Più visione d’insieme durante la festa e mentre la prepari.',
      features: [
        { title: 'Visto da', description: 'Per ogni messaggio vedi quanti ospiti l’hanno già letto e, con un tocco, chi.' },
        { title: 'Indice', description: 'I titoli nella chat compaiono a destra come indice; un clic porta al punto giusto.' },
        { title: 'Account aziendali', description: 'Le aziende gestiscono più profili e scelgono chi guida ogni festa.' },
      ],
      bugfixTitle: 'Errori corretti',
      bugfixes: ['Le feste lunghe scorrono di nuovo in modo fluido.', 'Dopo un’interruzione della connessione non manca più nessun messaggio.'],
    },
  ],
};
