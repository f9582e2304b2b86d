import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ARCHETYPE_NAMES,
  BUILTIN_ARCHETYPES,
  isBuiltinArchetype,
  type BuiltinArchetypeName,
} from './builtins';

const patternOf = (name: BuiltinArchetypeName): RegExp => {
  const archetype = BUILTIN_ARCHETYPES.find((a) => a.name === name);
  if (!archetype) throw new Error(`no built-in archetype ${name}`);
  return archetype.pattern;
};
const matches = (name: BuiltinArchetypeName, text: string): string[] =>
  [...text.matchAll(patternOf(name))].map((m) => m[0]);

/** [archetype, sentence, the exact substring it must find] */
const POSITIVES: [BuiltinArchetypeName, string, string][] = [
  ['date', 'Le rendez-vous du 12 mars 2024 est confirmé', '12 mars 2024'],
  ['date', 'Facture émise le 12/03/2024, à régler sous 30 jours', '12/03/2024'],
  ['date', 'Livraison prévue le 12-03-24 au matin', '12-03-24'],
  ['date', 'Contrat signé le 1er janvier 2025.', '1er janvier 2025'],
  ['date', 'Échéance : 2024-03-12', '2024-03-12'],
  ['date', 'Le relevé de févr. 2024 est joint', 'févr. 2024'],
  ['date', 'The meeting on March 12, 2024 is confirmed', 'March 12, 2024'],
  ['date', 'Delivered 12 March 2024 by courier', '12 March 2024'],
  ['date', 'Due Mar 12th 2024, thanks.', 'Mar 12th 2024'],
  ['date', 'See you on the 3rd of May', '3rd of May'],
  ['time', 'Rendez-vous à 14h30 devant la mairie', '14h30'],
  ['time', 'Ouvert dès 14 h le samedi', '14 h'],
  ['time', 'Départ à 9 heures précises', '9 heures'],
  ['time', 'The call starts at 14:30 sharp', '14:30'],
  ['time', 'Pick-up at 2:30 pm tomorrow', '2:30 pm'],
  ['time', 'Breakfast is served until 10am.', '10am'],
  ['time', 'Doors open at 9 a.m. sharp', '9 a.m.'],
  ['number', 'Il reste 42 places', '42'],
  ['number', 'Un total de 1 234 dossiers', '1 234'],
  ['number', 'Pi vaut environ 3,14 ici', '3,14'],
  ['number', 'La température est de -12 degrés', '-12'],
  ['number', 'A total of 1,234.5 units', '1,234.5'],
  ['number', 'Version 2 shipped', '2'],
  ['amount', 'Le montant est de 1 234,56 € TTC', '1 234,56 €'],
  ['amount', 'Un café à 12€, vraiment ?', '12€'],
  ['amount', 'Virement de EUR 100 reçu', 'EUR 100'],
  ['amount', 'Il a payé 100 euros comptant', '100 euros'],
  ['amount', 'The invoice totals $1,234.56 net', '$1,234.56'],
  ['amount', 'It costs £20 a month', '£20'],
  ['amount', 'We charged 250 USD for it', '250 USD'],
  ['amount', 'Lend me 15 dollars please', '15 dollars'],
  ['percentage', 'Une remise de 12 % sur tout', '12 %'],
  ['percentage', 'Un taux de 12,5 % par an', '12,5 %'],
  ['percentage', 'Hausse de 10 pour cent', '10 pour cent'],
  ['percentage', 'A 12% discount', '12%'],
  ['percentage', 'Growth of 12.5 percent this year', '12.5 percent'],
  ['email', 'Écrivez à jean.dupont@example.fr pour toute question.', 'jean.dupont@example.fr'],
  ['email', 'Contact support+billing@mail.example.co.uk today', 'support+billing@mail.example.co.uk'],
  ['phone', 'Appelez le 01 23 45 67 89 en semaine', '01 23 45 67 89'],
  ['phone', 'Tél. 01.23.45.67.89', '01.23.45.67.89'],
  ['phone', 'Portable : 0123456789.', '0123456789'],
  ['phone', 'Depuis l’étranger : +33 1 23 45 67 89', '+33 1 23 45 67 89'],
  ['phone', 'Standard +33 (0)1 23 45 67 89 (9h-18h)', '+33 (0)1 23 45 67 89'],
  ['phone', 'Call (555) 123-4567 now', '(555) 123-4567'],
  ['phone', 'Call 555-123-4567 now', '555-123-4567'],
  ['phone', 'London office: +44 20 7946 0958.', '+44 20 7946 0958'],
  ['phone', 'US desk +1 555 123 4567', '+1 555 123 4567'],
  ['url', 'Voir https://www.example.fr/aide?q=1.', 'https://www.example.fr/aide?q=1'],
  ['url', 'Le site (www.example.com/path) est en ligne', 'www.example.com/path'],
  ['url', 'Go to http://example.org, then log in', 'http://example.org'],
  ['iban', 'Mon IBAN : FR76 3000 6000 0112 3456 7890 189, merci', 'FR76 3000 6000 0112 3456 7890 189'],
  ['iban', 'Please pay to GB82WEST12345698765432 by Friday', 'GB82WEST12345698765432'],
  ['iban', 'Account DE89 3704 0044 0532 0130 00 then confirm', 'DE89 3704 0044 0532 0130 00'],
];

/** [archetype, text where it must find nothing] */
const NEGATIVES: [BuiltinArchetypeName, string][] = [
  ['date', 'Bonjour, merci pour votre message'],
  ['date', 'Mars is a planet; 45/67/2024 is no date'],
  ['time', 'Nous sommes 14 habitants'],
  ['time', 'Score 25:70 and 14 hours ago'],
  ['number', 'abc123def'],
  ['number', 'Aucun chiffre ici'],
  ['amount', 'Il a 100 ans et 3 livres'],
  ['amount', 'Europe 2024'],
  ['percentage', 'Cent pour 12 personnes'],
  ['email', 'jean.dupont at example dot fr, @home, x@y.z'],
  ['phone', 'Code 123, boîte 45'],
  ['phone', 'Ref 12 34'],
  ['url', 'Le fichier rapport.pdf et example.com sans préfixe'],
  ['iban', 'AB12 CDEF GHIJ KLMN'],
  ['iban', 'FR76 is a code'],
];

describe('the built-in archetypes', () => {
  it('are exactly the product’s nine, in order', () => {
    expect(BUILTIN_ARCHETYPES.map((a) => a.name)).toEqual([...BUILTIN_ARCHETYPE_NAMES]);
    for (const a of BUILTIN_ARCHETYPES) expect(a.pattern.flags).toBe('giu');
  });

  it.each(POSITIVES)('%s finds its form in %j', (name, text, expected) => {
    expect(matches(name, text)).toContain(expected);
  });

  it.each(NEGATIVES)('%s finds nothing in %j', (name, text) => {
    expect(matches(name, text)).toEqual([]);
  });

  it('match each of their console examples whole', () => {
    for (const a of BUILTIN_ARCHETYPES) {
      expect(a.examples.length, a.name).toBeGreaterThan(0);
      for (const example of a.examples) expect(matches(a.name, example), a.name).toEqual([example]);
    }
  });

  it('do not cut a number out of a word, in any script', () => {
    expect(matches('number', 'abc123def café42 42é')).toEqual([]);
    expect(matches('number', 'x 7 y')).toEqual(['7']);
  });

  it('keep trailing punctuation out of a URL', () => {
    expect(matches('url', 'See https://example.com/a?b=1.')).toEqual(['https://example.com/a?b=1']);
    expect(matches('url', '(https://example.com)')).toEqual(['https://example.com']);
    expect(matches('url', 'Voir www.example.fr.')).toEqual(['www.example.fr']);
  });

  it('scan 1 MB of hostile text in well under a second each', () => {
    const hostile = [
      '1 '.repeat(500_000),
      'a@'.repeat(300_000),
      '+'.repeat(1_000_000),
      '1'.repeat(1_000_000),
      'a.'.repeat(500_000),
      '1 234 '.repeat(170_000),
      'www.'.repeat(250_000),
      'AA11'.repeat(250_000),
      '+1 1'.repeat(250_000),
      '01 '.repeat(330_000),
      `x@${'a-'.repeat(500_000)}`,
    ];
    for (const a of BUILTIN_ARCHETYPES) {
      for (const text of hostile) {
        const regex = new RegExp(a.pattern.source, a.pattern.flags);
        const started = performance.now();
        while (regex.exec(text));
        expect(performance.now() - started, `${a.name} on ${JSON.stringify(text.slice(0, 8))}…`).toBeLessThan(
          1000,
        );
      }
    }
  });
});

describe('isBuiltinArchetype', () => {
  it('tells built-in names from user archetypes', () => {
    expect(BUILTIN_ARCHETYPE_NAMES.every(isBuiltinArchetype)).toBe(true);
    expect(isBuiltinArchetype('car')).toBe(false);
    expect(isBuiltinArchetype('Date')).toBe(false);
  });
});
