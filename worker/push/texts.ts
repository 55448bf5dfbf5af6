import type { Language } from '../../app/i18n/config';
import type { PushTexts } from '../../app/core/push';

/**
 * Notification texts in the subscriber's language. Like the mail texts (worker/mail), they live in
 * the Worker, not in the page texts (app/i18n/locales): no page shows them, and the party page
 * should not load them. The type makes every language carry every text.
 */
export const PUSH_TEXTS: Record<Language, PushTexts> = {
  de: {
    photo: 'hat ein Foto geschickt',
    voice: 'hat eine Sprachnachricht geschickt',
    video: 'hat ein Video geschickt',
    audio: 'hat eine Audiodatei geschickt',
    document: 'hat ein PDF geschickt',
    profile: 'hat eine Profilkarte geschickt',
    heading: (text) => `Neuer Abschnitt: ${text}`,
    started: 'Die Party beginnt jetzt. Schau vorbei!',
    mentioned: (sender) => `${sender} hat dich erwähnt`,
    digestFrom: (count, sender) => (count === 1 ? `1 neue Nachricht von ${sender}` : `${count} neue Nachrichten von ${sender}`),
    digest: (count) => (count === 1 ? '1 neue Nachricht' : `${count} neue Nachrichten`),
  },
  en: {
    photo: 'sent a photo',
    voice: 'sent a voice message',
    video: 'sent a video',
    audio: 'sent an audio file',
    document: 'sent a PDF',
    profile: 'sent a profile card',
    heading: (text) => `New section: ${text}`,
    started: 'The party starts now. Come and join in!',
    mentioned: (sender) => `${sender} mentioned you`,
    digestFrom: (count, sender) => (count === 1 ? `1 new message from ${sender}` : `${count} new messages from ${sender}`),
    digest: (count) => (count === 1 ? '1 new message' : `${count} new messages`),
  },
  nl: {
    photo: 'heeft een foto gestuurd',
    voice: 'heeft een spraakbericht gestuurd',
    video: 'heeft een video gestuurd',
    audio: 'heeft een audiobestand gestuurd',
    document: 'heeft een pdf gestuurd',
    profile: 'heeft een profielkaart gestuurd',
    heading: (text) => `Nieuw onderdeel: ${text}`,
    started: 'De party begint nu. Kom erbij!',
    mentioned: (sender) => `${sender} heeft je genoemd`,
    digestFrom: (count, sender) => (count === 1 ? `1 nieuw bericht van ${sender}` : `${count} nieuwe berichten van ${sender}`),
    digest: (count) => (count === 1 ? '1 nieuw bericht' : `${count} nieuwe berichten`),
  },
  fr: {
    photo: 'a envoyé une photo',
    voice: 'a envoyé un message vocal',
    video: 'a envoyé une vidéo',
    audio: 'a envoyé un fichier audio',
    document: 'a envoyé un PDF',
    profile: 'a envoyé une carte de profil',
    heading: (text) => `Nouvelle partie : ${text}`,
    started: 'La soirée commence maintenant. Rejoignez-nous !',
    mentioned: (sender) => `${sender} vous a mentionné(e)`,
    digestFrom: (count, sender) => (count === 1 ? `1 nouveau message de ${sender}` : `${count} nouveaux messages de ${sender}`),
    digest: (count) => (count === 1 ? '1 nouveau message' : `${count} nouveaux messages`),
  },
  it: {
    photo: 'ha inviato una foto',
    voice: 'ha inviato un messaggio vocale',
    video: 'ha inviato un video',
    audio: 'ha inviato un file audio',
    document: 'ha inviato un PDF',
    profile: 'ha inviato un biglietto da visita',
    heading: (text) => `Nuova sezione: ${text}`,
    started: 'La festa inizia adesso. Unisciti a noi!',
    mentioned: (sender) => `${sender} ti ha menzionato`,
    digestFrom: (count, sender) => (count === 1 ? `1 nuovo messaggio da ${sender}` : `${count} nuovi messaggi da ${sender}`),
    digest: (count) => (count === 1 ? '1 nuovo messaggio' : `${count} nuovi messaggi`),
  },
};
