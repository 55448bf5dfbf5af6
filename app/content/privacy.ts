import type { Jurisdiction } from '~/core/data-location';
import type { LegalConfig } from '~/core/site-config';

/**
 * The privacy notice, in German only (app/routes/privacy.tsx says why). It describes what this code
 * base stores and why, so a change to what Salon keeps (worker/db/schema/, the party room's
 * storage, the cookies in worker/auth/cookies.ts) must change this text too. The controller's
 * details come from the configuration; everything else is the same for every operator of this code.
 */

export const PRIVACY_AS_OF = 'Dezember 2026';

export type PrivacyBlock = { kind: 'p'; text: string } | { kind: 'list'; items: string[] } | { kind: 'table'; head: string[]; rows: string[][] };
export type PrivacySection = { heading: string; blocks: PrivacyBlock[] };

const p = (text: string): PrivacyBlock => ({ kind: 'p', text });
const list = (...items: string[]): PrivacyBlock => ({ kind: 'list', items });

/**
 * Where the data lives (ADR 050), by the deployment's DATA_JURISDICTION: in the EU, D1, R2 and the
 * parties' rooms are made in Cloudflare's EU jurisdiction; without one Cloudflare chooses.
 */
function dataLocation(jurisdiction: Jurisdiction | null): PrivacyBlock[] {
  const cached = p(
    'Die Seiten selbst liefert das Cloudflare-Rechenzentrum in Ihrer Nähe aus, auch außerhalb der EU. Öffentliche Seiten (die Startseite, die Hilfe und die öffentlichen Profilseiten von Beraterinnen und Beratern) hält es dafür kurz zwischengespeichert: höchstens zehn Minuten, Profilseiten höchstens eine Minute. Seiten, die Sie angemeldet oder als Gast einer Party sehen, werden nie zwischengespeichert.',
  );
  const videos = p('Videos wandelt Cloudflare Stream um und gibt sie wieder; Stream lässt sich nicht auf die EU beschränken.');
  if (jurisdiction === 'eu')
    return [
      p(
        'Ihre Daten werden in der Europäischen Union gespeichert und verarbeitet: die Datenbank (D1) samt ihrer Lesekopien, die Dateien (R2) und jede Party mit ihrem Chat (Durable Objects) liegen im Rechtsraum „EU“ von Cloudflare, der sie nur in Rechenzentren in der EU ausführt und speichert.',
      ),
      videos,
      cached,
    ];
  return [p('Wo Cloudflare die Datenbank, die Dateien und die Partys speichert, wählt Cloudflare; sie können auch außerhalb der EU liegen.'), videos, cached];
}

export function privacyNotice(legal: LegalConfig, jurisdiction: Jurisdiction | null): PrivacySection[] {
  const controller = [legal.company, ...legal.address].join(', ');
  return [
    {
      heading: '1. Wer ist verantwortlich?',
      blocks: [
        p(`Verantwortlich für die Verarbeitung personenbezogener Daten in Salon im Sinne der Datenschutz-Grundverordnung (DSGVO) ist: ${controller}, E-Mail: ${legal.email}.`),
        p(
          legal.privacyEmail
            ? `Unsere Datenschutzbeauftragte oder unseren Datenschutzbeauftragten erreichen Sie unter ${legal.privacyEmail}.`
            : `Fragen zum Datenschutz richten Sie bitte an ${legal.email}.`,
        ),
      ],
    },
    {
      heading: '2. Worum es geht',
      blocks: [
        p(
          'Salon ist ein Party-Chat: Beraterinnen und Berater im Direktvertrieb laden Gäste per Link zu einer Online-Party ein und chatten dort mit ihnen. Wir verarbeiten nur die Daten, die dafür nötig sind. Wir setzen keine Werbung, keine Analyse- oder Tracking-Werkzeuge und keine Cookies von Dritten zu solchen Zwecken ein, und wir verkaufen keine Daten.',
        ),
      ],
    },
    {
      heading: '3. Wenn Sie als Gast an einer Party teilnehmen',
      blocks: [
        p('Für die Teilnahme brauchen Sie kein Konto. Wir speichern:'),
        list(
          'den Vor- und Nachnamen, den Sie beim Beitritt angeben; die Gastgeberin oder der Gastgeber und die anderen Gäste der Party sehen ihn,',
          'eine zufällige Gast-Kennung und einen geheimen Schlüssel, der Sie bei Ihrem nächsten Besuch wiedererkennt; wir speichern den Schlüssel nur als Hash, er selbst liegt nur in einem Cookie in Ihrem Browser (siehe Abschnitt 8),',
          'zu welchen Partys Sie gehören, wann Sie beigetreten sind und ob Sie eine Party verlassen haben oder entfernt wurden,',
          'Ihre Nachrichten einschließlich Antworten, Änderungen und Löschungen, die Fotos und Sprachnachrichten, die Sie senden, und welche Nachrichten Sie gesehen haben (Lesebestätigungen). Solange Sie die Party geöffnet haben, sehen die anderen, dass Sie online sind; das speichern wir nicht dauerhaft,',
          'auf Produktkarten, ob Sie „Das möchte ich“ getippt haben, und bei Umfragen und Quiz Ihre Antworten, jeweils mit dem Zeitpunkt. Die Beraterin oder der Berater sieht dabei Ihren Namen (die Nachfass-Liste der Party, mit der sie oder er sich nach der Party bei Ihnen meldet); die anderen Gäste sehen nur, wie viele. Das wird mit der Party gelöscht,',
          'wenn die Beraterin oder der Berater eine Verlosung zieht: unter wem gelost wurde (alle Gäste der Party, alle, die bei einer Umfrage abgestimmt haben, oder alle, die ein Produkt möchten) und wer gewonnen hat, mit dem Zeitpunkt. Den Namen der Gewinnerin oder des Gewinners sehen alle in der Party, und er steht in der Nachfass-Liste. Auch das wird mit der Party gelöscht,',
          'wenn Sie für eine Party mit Passwort ein falsches Passwort eingeben: Ihre IP-Adresse und die Zahl der Fehlversuche, höchstens 15 Minuten lang, damit niemand Passwörter durchprobieren kann. Das Passwort selbst speichern wir nur als Hash.',
        ),
        p(
          'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (die Teilnahme an der Party, zu der Sie eingeladen wurden), für den Schutz vor Passwort-Rateversuchen Art. 6 Abs. 1 lit. f DSGVO (unser berechtigtes Interesse an einem sicheren Dienst). Die Nachrichten einer Party bleiben gespeichert, solange die Beraterin oder der Berater die Party in Salon hat; das gilt auch nach ihrem Ablauf, damit alle den Chat noch nachlesen können. Das gilt auch, wenn Sie eine Party verlassen oder daraus entfernt werden: Ihre Nachrichten bleiben dann mit dem Namen, unter dem Sie sie geschrieben haben, im Chat der Party, bis die Party gelöscht wird. Einzelne eigene Nachrichten können Sie jederzeit selbst löschen, solange Sie in der Party sind; eine Moderatorin oder ein Moderator der Party kann Ihre Nachrichten ebenfalls löschen.',
        ),
      ],
    },
    {
      heading: '4. Wenn Sie ein Gastkonto haben',
      blocks: [
        p(
          'Ein Gastkonto ist freiwillig: Sie hinterlegen Ihre E-Mail-Adresse, um Ihre Partys auf jedem Gerät wiederzufinden. Dann speichern wir zusätzlich zu Abschnitt 3:',
        ),
        list(
          'Ihre E-Mail-Adresse und, wenn Sie eines hochladen, Ihr Profilbild; Ihr Name und Bild sind für die Beraterinnen und Berater und die anderen Gäste Ihrer Partys sichtbar,',
          'für jedes Gerät, auf dem Sie angemeldet sind, einen Schlüssel, nur als Hash,',
          'die Anmeldecodes, die wir Ihnen per E-Mail schicken: nur als Hash, zusammen mit einem Hash Ihrer Adresse, höchstens 10 Minuten gültig und nur einmal; verbrauchte und abgelaufene löschen wir täglich,',
          'damit niemand über das Anmeldeformular Postfächer füllt, eine Stunde lang, wie oft Codes an eine Adresse und von einer IP-Adresse angefordert wurden, beides nur als Hash (Art. 6 Abs. 1 lit. f DSGVO).',
        ),
        p(
          'Melden Sie sich auf einem Gerät an, auf dem Sie einer Party nur mit Ihrem Namen beigetreten sind, gehören diese Partys danach zu Ihrem Gastkonto, mit Ihren Nachrichten darin. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (das Gastkonto, das Sie angelegt haben).',
        ),
        p(
          'Ihr Gastkonto löschen Sie selbst: unter „Meine Partys“ → „Profil bearbeiten“ → „Gastkonto löschen“. Sie bestätigen mit einem Code, den wir an Ihre E-Mail-Adresse schicken (ohne hinterlegte Adresse mit einer Rückfrage auf Ihrem Gerät). Wir löschen dann sofort Ihre E-Mail-Adresse, Ihren Namen, Ihr Profilbild, die Schlüssel aller Ihrer Geräte, Ihre Benachrichtigungen und Ihre Mitgliedschaften in allen Partys samt dem Namen, den Sie dort verwendet haben; Ihre geöffneten Party-Seiten werden geschlossen. Ihre Nachrichten bleiben wie die einer Teilnehmerin oder eines Teilnehmers, die eine Party verlassen haben oder entfernt wurden, im Chat der Party stehen (Abschnitt 3); möchten Sie das nicht, löschen Sie einzelne Nachrichten vorher selbst.',
        ),
      ],
    },
    {
      heading: '5. Wenn Sie Salon als Beraterin oder Berater nutzen',
      blocks: [
        p(
          'Sie melden sich über das Partnerkonto Ihres Vertriebsunternehmens an (Single Sign-on nach OpenID Connect). Dabei erhalten wir von dort eine dauerhafte Kennung Ihres Kontos, Ihren Namen, Ihre E-Mail-Adresse und gegebenenfalls Ihren Firmennamen. Ihr Passwort sehen wir nie.',
        ),
        p('Wir speichern außerdem, was Sie in Salon anlegen:'),
        list(
          'Ihre Anmeldesitzungen: Zugangsschlüssel nur als Hash, ihre Gültigkeit (bis zu 30 Tage ohne Nutzung) und das ID-Token des Partnerkontos, damit die Abmeldung auch dort wirkt; abgelaufene Sitzungen löschen wir täglich,',
          'Ihre Profile (Visitenkarten): Name, E-Mail-Adresse, Telefonnummer, Website, Shop-Link, Geburtstag, Kurzbeschreibung und Foto. Ein Profil ist über seinen Link öffentlich abrufbar und erscheint in Partys, in die Sie es als Profilkarte senden,',
          'Ihre Partys mit Titel, Gastgeberin oder Gastgeber, Beginn, Ablauf, Einstellungen und dem Chat (siehe Abschnitt 3), Ihre Einstellungen sowie wann Sie eine Party und die Versionshinweise zuletzt geöffnet haben,',
          'Ihre Mediathek (Fotos, Videos, Audiodateien, PDFs mit Vorschaubildern) und Ihre Nachrichtenvorlagen, jeweils mit Ordnern; was Sie in den Papierkorb legen, löschen wir nach 30 Tagen endgültig, sofern es nicht noch in einer Party oder Vorlage gezeigt wird. Vorlagen, die Sie per Link teilen, können andere Beraterinnen und Berater hinzufügen, solange Sie das Teilen nicht beenden.',
        ),
        p(
          'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (die Bereitstellung von Salon für Sie). Ihre Daten bleiben gespeichert, bis Sie sie löschen oder Ihr Konto löschen lassen: Über die Seite „Konto löschen“ bestätigen Sie die Löschung per E-Mail; danach löschen wir Ihr Konto mit Profilen, Partys samt Chats, Medien, Vorlagen und Sitzungen innerhalb von 48 Stunden. Damit das Formular niemandes Postfach füllen kann, geht an eine Adresse höchstens ein Link in zehn Minuten; dafür speichern wir zu jeder dort angegebenen Adresse, ob sie zu einem Konto gehört oder nicht, zehn Minuten lang nur einen Hash der Adresse und den Zeitpunkt (Art. 6 Abs. 1 lit. f DSGVO, unser berechtigtes Interesse am Schutz vor Missbrauch).',
        ),
      ],
    },
    {
      heading: '6. Hosting und Dienstleister',
      blocks: [
        p(
          'Salon läuft bei der Cloudflare, Inc., 101 Townsend St., San Francisco, CA 94107, USA: die Anwendung (Cloudflare Workers und Durable Objects), die Datenbank (D1), die Dateien (R2) sowie die Umwandlung und Wiedergabe von Videos (Cloudflare Stream). Cloudflare verarbeitet die Daten in unserem Auftrag nach Art. 28 DSGVO. Cloudflare ist nach dem EU-US Data Privacy Framework zertifiziert; zusätzlich gelten die Standardvertragsklauseln der EU-Kommission.',
        ),
        ...dataLocation(jurisdiction),
        p(
          'Beim Aufruf jeder Seite verarbeitet Cloudflare technisch notwendig Ihre IP-Adresse, Datum und Uhrzeit sowie die Angaben Ihres Browsers, um die Seite auszuliefern und Angriffe abzuwehren (Art. 6 Abs. 1 lit. f DSGVO). Wir werten diese Angaben nicht zu Analysezwecken aus.',
        ),
        p('Für die Anmeldung von Beraterinnen und Beratern ist das Partnerkonto Ihres Vertriebsunternehmens eigenständig verantwortlich; es gelten dessen Datenschutzhinweise.'),
      ],
    },
    {
      heading: '7. Wer Ihre Daten sieht',
      blocks: [
        p(
          'Ihr Name, Ihre Nachrichten und Medien in einer Party sind für deren Beraterin oder Berater und alle Gäste dieser Party sichtbar. Ein Profil sieht jede Person, die seinen Link hat. Darüber hinaus geben wir Daten nur an die oben genannten Dienstleister weiter, oder wenn wir gesetzlich dazu verpflichtet sind.',
        ),
      ],
    },
    {
      heading: '8. Cookies und lokale Speicherung',
      blocks: [
        p(
          'Salon setzt nur Cookies, die für den Dienst technisch notwendig sind (§ 25 Abs. 2 Nr. 2 TDDDG); eine Einwilligung ist dafür nicht erforderlich. Die Cookies werden nur an Salon selbst gesendet:',
        ),
        {
          kind: 'table',
          head: ['Name', 'Zweck', 'Dauer'],
          rows: [
            ['salon_at, salon_rt', 'Anmeldung von Beraterinnen und Beratern (Zugangs- und Erneuerungsschlüssel)', '30 Tage'],
            ['salon_signin', 'Schutz des Anmeldevorgangs', '10 Minuten'],
            ['salon_guest', 'Gastzugang: erkennt Sie in Ihren Partys wieder', '1 Jahr'],
            ['salon_code', 'Schutz der Anmeldung als Gast: verbindet einen Code mit der Anfrage, für die er geschickt wurde', '10 Minuten'],
            ['lng', 'die von Ihnen gewählte Sprache', '1 Jahr'],
            ['salon_cookies_noted', 'merkt sich, dass Sie den Cookie-Hinweis geschlossen haben', '1 Jahr'],
            ['salon_in_browser', 'merkt sich, dass Sie Salon im Browser statt in der App nutzen', '1 Jahr'],
            ['salon_bm', 'ein Lesezeichen der Datenbank nach Ihrer letzten Änderung, damit Sie Ihre eigenen Änderungen sofort sehen', '1 Tag'],
          ],
        },
        p(
          'Zum Schutz vor Angriffen kann Cloudflare eigene, ebenfalls technisch notwendige Cookies setzen (etwa __cf_bm, 30 Minuten). Wenn Sie eine große Datei hochladen, merkt sich Ihr Browser im lokalen Speicher, wohin sie hochgeladen wird, damit ein abgebrochener Upload fortgesetzt werden kann.',
        ),
      ],
    },
    {
      heading: '9. Ihre Rechte',
      blocks: [
        p(
          'Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch gegen eine Verarbeitung auf Grundlage berechtigter Interessen (Art. 21). Schreiben Sie uns dazu an die oben genannte Adresse. Sie können sich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), insbesondere in dem Land, in dem Sie leben oder arbeiten.',
        ),
        p('Wir treffen keine automatisierten Entscheidungen im Sinne von Art. 22 DSGVO.'),
      ],
    },
  ];
}
