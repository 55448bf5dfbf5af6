// Demo data for local runs: the accounts the local OpenID Connect provider knows and the records
// `npm run db:seed` writes. Local only; none of this exists in a deployed environment.

export const DEMO_PASSWORD = 'salon-demo';

/** Consultants: `sub` is the subject the local provider issues; the seed links users to it. */
export const demoConsultants = [
  {
    userId: '00000000-0000-4000-8000-000000000001',
    sub: 'demo-anna',
    email: 'anna@salon.test',
    givenName: 'Anna',
    familyName: 'Becker',
    companyName: null,
    companyMode: false,
    profiles: [
      {
        id: '00000000-0000-4000-8000-000000000101',
        shortId: 'AnnaBecker12',
        firstName: 'Anna',
        lastName: 'Becker',
        email: 'anna@salon.test',
        phoneNo: '+49 170 1234567',
        biography:
          'Seit 2015 berate ich zu Naturkosmetik – am liebsten bei einer gemütlichen Party mit Freundinnen. Ich zeige dir, was deiner Haut wirklich guttut, und verrate meine Lieblingsrituale für entspannte Abende.',
        website: 'https://anna-becker.example',
      },
    ],
  },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    sub: 'demo-lumen',
    email: 'team@lumen.test',
    givenName: 'Lumen',
    familyName: 'Wellness GmbH',
    companyName: 'Lumen Wellness GmbH',
    /** A company account works as one of several profiles. */
    companyMode: true,
    profiles: [
      {
        id: '00000000-0000-4000-8000-000000000201',
        shortId: 'ClaraHoff123',
        firstName: 'Clara',
        lastName: 'Hoffmann',
        email: 'clara@lumen.test',
        phoneNo: '+49 171 2223334',
        biography:
          'Teamleitung Süd bei Lumen Wellness. Ich begleite neue Beraterinnen bei ihren ersten Partys und freue mich über jede Frage rund um Wellness, Pflege und Selbstständigkeit.',
        website: 'https://lumen-wellness.example/clara',
      },
      {
        id: '00000000-0000-4000-8000-000000000202',
        shortId: 'JonasWeber12',
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas@lumen.test',
        phoneNo: '+49 172 5556667',
        biography:
          'Spezialist für Küchenhelfer: Ich koche live auf meinen Partys und zeige, wie du mit wenigen Handgriffen gesund und schnell kochst. Rezepte gibt es für alle Gäste gratis dazu.',
        website: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000203',
        shortId: 'MiraSchulz12',
        firstName: 'Mira',
        lastName: 'Schulz',
        email: 'mira@lumen.test',
        phoneNo: '+49 173 8889990',
        biography: 'Beraterin für Wellness und Pflege. Bei mir gibt es kleine Auszeiten für zu Hause: Düfte, Massagen und Tipps für mehr Ruhe im Alltag.',
        website: 'https://lumen-wellness.example/mira',
      },
    ],
  },
  {
    userId: '00000000-0000-4000-8000-000000000003',
    sub: 'demo-kontor',
    email: 'team@kontor.test',
    givenName: 'Kontor',
    familyName: 'Beauty GbR',
    companyName: 'Kontor Beauty GbR',
    companyMode: true,
    profiles: [
      {
        id: '00000000-0000-4000-8000-000000000301',
        shortId: 'LeaKontor123',
        firstName: 'Lea',
        lastName: 'Krüger',
        email: 'lea@kontor.test',
        phoneNo: '+49 174 1112223',
        biography: 'Mitgründerin der Kontor Beauty GbR. Auf meinen Partys geht es um Make-up, das in fünf Minuten sitzt.',
        website: 'https://kontor-beauty.example/lea',
      },
      {
        id: '00000000-0000-4000-8000-000000000302',
        shortId: 'TimKontor123',
        firstName: 'Tim',
        lastName: 'Krüger',
        email: 'tim@kontor.test',
        phoneNo: null,
        biography: 'Mitgründer und für Bartpflege und Düfte zuständig.',
        website: null,
      },
    ],
  },
];

/** A party owned by the single-profile consultant, so a guest can join right after `npm start`. */
export const demoParty = {
  id: '00000000-0000-4000-8000-000000001001',
  shortId: 'DemoWellness1',
  userId: demoConsultants[0].userId,
  profileId: demoConsultants[0].profiles[0].id,
  title: 'Wellness-Party',
  host: 'Sabine',
};

/**
 * A template of the single-profile consultant, ready to be played into the demo party: a party's
 * usual course of welcome, products and the closing offer.
 */
export const demoTemplate = {
  id: '00000000-0000-4000-8000-000000002001',
  userId: demoConsultants[0].userId,
  title: 'Wellness-Abend: Ablauf',
  messages: [
    ['heading', 'Herzlich willkommen!'],
    [
      'text',
      'Schön, dass ihr da seid! Heute Abend zeige ich euch meine liebsten Produkte für eine kleine Auszeit zu Hause. Fragen könnt ihr jederzeit hier im Chat stellen.',
    ],
    ['heading2', 'Unsere Bestseller'],
    ['text', '*Das Entspannungsbad* mit Lavendel und Meersalz: ein Beutel reicht für zwei Bäder.'],
    ['text', '*Die Pflegecreme* für Hände und Füße, ohne Duftstoffe, auch für empfindliche Haut.'],
    ['heading2', 'Zum Schluss'],
    ['text', 'Nur heute: Ab 50 € Bestellwert gibt es das Entspannungsbad gratis dazu. Schreibt mir einfach, was ihr haben möchtet!'],
  ],
};
