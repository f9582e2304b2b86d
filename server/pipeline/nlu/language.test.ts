import { describe, expect, it } from 'vitest';
import { NLU_LANGUAGES } from '../../../schemas/environment.schema';
import { detectLanguage, NLU_LANGUAGE_CODES, type NluLanguage } from './language';

const SENTENCES: [NluLanguage, string][] = [
  [
    'fr',
    "Bonjour, je vous écris pour confirmer le rendez-vous de demain. Merci de me rappeler si l'horaire ne vous convient pas.",
  ],
  ['fr', 'Suite à notre échange, vous trouverez ci-joint la facture du mois dernier.'],
  [
    'gb',
    'Hello, I am writing to confirm our meeting tomorrow. Please call me back if the time does not suit you.',
  ],
  [
    'de',
    'Guten Tag, ich schreibe Ihnen, um unseren Termin morgen zu bestätigen. Bitte rufen Sie mich an, wenn die Zeit nicht passt.',
  ],
  [
    'es',
    'Hola, le escribo para confirmar nuestra cita de mañana. Por favor, llámeme si la hora no le conviene.',
  ],
  [
    'it',
    "Buongiorno, le scrivo per confermare il nostro appuntamento di domani. La prego di richiamarmi se l'orario non le va bene.",
  ],
  [
    'pt',
    'Olá, escrevo para confirmar a nossa reunião de amanhã. Por favor, ligue-me se o horário não for conveniente para você.',
  ],
  [
    'nl',
    'Goedendag, ik schrijf u om onze afspraak van morgen te bevestigen. Bel mij alstublieft terug als het tijdstip niet uitkomt.',
  ],
  [
    'pl',
    'Dzień dobry, piszę, aby potwierdzić nasze jutrzejsze spotkanie. Proszę do mnie zadzwonić, jeśli godzina nie pasuje.',
  ],
  [
    'cz',
    'Dobrý den, píšu vám, abych potvrdil naši zítřejší schůzku. Prosím, zavolejte mi, pokud vám čas nevyhovuje.',
  ],
  [
    'sk',
    'Dobrý deň, píšem vám, aby som potvrdil naše zajtrajšie stretnutie. Prosím, zavolajte mi, ak vám čas nevyhovuje.',
  ],
  [
    'hu',
    'Jó napot, azért írok, hogy megerősítsem a holnapi találkozónkat. Kérem, hívjon vissza, ha az időpont nem megfelelő.',
  ],
  [
    'ro',
    'Bună ziua, vă scriu pentru a confirma întâlnirea noastră de mâine. Vă rog să mă sunați dacă ora nu vă convine.',
  ],
  ['se', 'Hej, jag skriver för att bekräfta vårt möte i morgon. Ring mig gärna om tiden inte passar dig.'],
  [
    'dk',
    'Hej, jeg skriver for at bekræfte vores møde i morgen. Ring venligst til mig, hvis tidspunktet ikke passer dig.',
  ],
  [
    'no',
    'Hei, jeg skriver for å bekrefte møtet vårt i morgen. Ring meg gjerne hvis tidspunktet ikke passer for deg.',
  ],
  [
    'tr',
    'Merhaba, yarınki toplantımızı teyit etmek için yazıyorum. Saat size uygun değilse lütfen beni arayın.',
  ],
  [
    'rs',
    'Poštovani, pišem vam da potvrdim naš sastanak sutra. Molim vas da me pozovete ako vam vreme ne odgovara.',
  ],
  [
    'rs',
    'Поштовани, пишем вам да потврдим наш састанак сутра. Молим вас да ме позовете ако вам време не одговара, јер ћу бити у Београду.',
  ],
  [
    'ru',
    'Здравствуйте, пишу вам, чтобы подтвердить нашу завтрашнюю встречу. Пожалуйста, перезвоните мне, если время вам не подходит.',
  ],
  ['cn', '您好，我写信是为了确认我们明天的会议。如果时间不合适，请给我回电话。'],
  ['jp', 'こんにちは、明日の打ち合わせを確認するためにご連絡しました。時間が合わない場合はお電話ください。'],
  ['kr', '안녕하세요, 내일 회의를 확인하기 위해 연락드립니다. 시간이 맞지 않으면 전화해 주세요.'],
];

describe('detectLanguage', () => {
  it.each(SENTENCES)('reads %s in %j', (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it.each(['', '   ', 'ok', 'Hello', 'Bonjour Mark', '12/03/2024 14:30', '你好'])(
    'says nothing of a text too short to tell: %j',
    (text) => {
      expect(detectLanguage(text)).toBeNull();
    },
  );

  it('reads an English email as English despite its French signature', () => {
    const email = [
      'Hi Mark,',
      '',
      'Thanks for sending the report. I have reviewed the figures and they look good to me.',
      'Could you please send the final version to the board before Friday? Let me know if you need anything else.',
      '',
      'Best regards,',
      '',
      'Jean Dupont',
      'Directeur financier de la Société Générale',
      '12 rue de la Paix, 75002 Paris',
      'Envoyé de mon iPhone',
    ].join('\n');
    expect(detectLanguage(email)).toBe('gb');
  });

  it('reads Japanese by its kana even when kanji outnumber them', () => {
    expect(detectLanguage('本日の定例会議は午後三時から第二会議室で行います。')).toBe('jp');
    expect(detectLanguage('本次定例会议于下午三点在第二会议室举行。')).toBe('cn');
  });

  it('reads text whose accents are decomposed (NFD), as some mail clients send it', () => {
    for (const [language, text] of SENTENCES) expect(detectLanguage(text.normalize('NFD'))).toBe(language);
  });

  it('reads only the beginning of a long document', () => {
    const french = SENTENCES[0][1];
    const english = SENTENCES[2][1];
    const text = `${french} `.repeat(30) + `${english} `.repeat(10_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(detectLanguage(text)).toBe('fr');
    expect(detectLanguage(`${french} ${english} `.repeat(20).slice(0, 4096))).not.toBeNull();
  });

  it('knows every NLU language of the spec except automatic detection', () => {
    expect(NLU_LANGUAGE_CODES).toEqual(NLU_LANGUAGES.filter((code) => code !== 'auto'));
    expect(NLU_LANGUAGE_CODES).toHaveLength(21);
  });
});
