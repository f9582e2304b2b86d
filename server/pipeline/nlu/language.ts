/**
 * Language detection for the NLU step (DESIGN.md: "detected per document unless the context fixes
 * it"). It runs on every document, so it is a cheap vote rather than a model: the writing system
 * first, then the most frequent function words of each Latin-script language, helped by letters
 * only a few of those languages use.
 */
import { NLU_LANGUAGES } from '../../../schemas/environment.schema';

/** A language code of spec §3 (gb = English, cz = Czech, se = Swedish, dk = Danish, rs = Serbian…). */
export type NluLanguage = Exclude<(typeof NLU_LANGUAGES)[number], 'auto'>;

export const NLU_LANGUAGE_CODES: readonly NluLanguage[] = NLU_LANGUAGES.filter(
  (code): code is NluLanguage => code !== 'auto',
);

type LatinLanguage = Exclude<NluLanguage, 'cn' | 'ru' | 'jp' | 'kr'>;

/** The beginning of a document says what language it is in; reading more only costs time. */
const SAMPLE_LENGTH = 3000;
const WORD_SAMPLE_LENGTH = 1200;
const MIN_WORDS = 3;
/** Letters of Cyrillic text (about three words), or CJK characters (each one a word or a syllable). */
const MIN_ALPHABET_LETTERS = 10;
const MIN_CJK_CHARACTERS = 3;
/** A diacritic hint helps but never outvotes the words: its total per language is capped. */
const HINT_WEIGHT = 0.5;
const HINT_CAP = 3;

// Lowercase, as written; apostrophes split words, so French keeps its elided l', d', j', qu'.
const STOP_WORDS: Record<LatinLanguage, string> = {
  fr:
    'le la les de des du un une et est en que qui dans pour pas par sur au aux ce cette ces il elle ils nous ' +
    'vous je ne se sont avec plus mais ou où son sa ses leur être avoir été comme très aussi votre vos notre ' +
    'merci bonjour cordialement madame monsieur qu j l d n suis avons',
  gb:
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we she ' +
    'or an will my one all would there their what so if about who which me is are was were been has had ' +
    'please thank thanks your can could should our',
  de:
    'der die das und ist nicht ein eine zu den dem mit sich des auf für im von dass es auch sie ich wir er ' +
    'wird werden sind an als bei oder aber noch wie nach hat haben kann nur einen einer zum zur über wenn ' +
    'bitte danke grüße freundlichen',
  es:
    'el la de que y en los las del se por un una con no es para lo al como más pero sus le ya este sí ' +
    'porque esta entre cuando muy sin sobre también me hasta hay donde todo nos yo ella usted gracias hola ' +
    'saludos está',
  it:
    'il di che e la per un una in è non sono da del della dei delle al alla nel nella con si le lo gli ma ' +
    'come più anche questo questa mi ci ho ha hanno essere stato molto grazie buongiorno cordiali saluti ' +
    'dell all nell sul perché io',
  pt:
    'o a os as de do da dos das um uma e é em no na nos nas que não com para por pelo pela ao se mais mas ' +
    'como foi são está ser ter tem muito também já você eu ele ela isso este esta obrigado obrigada olá ' +
    'atenciosamente seu sua',
  nl:
    'de het een en van ik te dat die in is niet op aan met voor zijn er maar om ook als dan bij of uit nog ' +
    'wat hij we wij je u naar heeft worden wordt werd kan zal geen deze dit door over hebben was mijn uw ' +
    'bedankt groeten vriendelijke',
  cz:
    'a se na je že v s z do o k to ve pro jsem jako ale by jak po tak jsou které který která také už než ' +
    'jeho její nebo bude byl byla bylo při mezi však jen co dobrý den děkuji prosím pozdravem vážený ' +
    'můžete není máme',
  sk:
    'a sa na je že v s z do o k to vo pre som ako ale by po tak sú ktoré ktorý ktorá tiež už než jeho jej ' +
    'alebo bude bol bola bolo pri medzi však len čo dobrý deň ďakujem prosím pozdravom vážený môžete nie ' +
    'máme aj ešte veľmi sme ste',
  pl:
    'i w z na się nie do to że jest o jak a co ale po od tak za jego jej są czy przez tylko już lub oraz ' +
    'być był była było może które który która dla pan pani dziękuję proszę pozdrawiam dzień dobry bardzo ' +
    'też jestem mam ten',
  hu:
    'a az és hogy nem is egy meg van volt de csak már még mint el ki be fel ez azt ezt amely vagy lesz ' +
    'kell minden nagyon után között szerint által pedig sem mert ha lehet köszönöm üdvözlettel tisztelt ' +
    'kérem jó napot vannak ahol amikor',
  ro:
    'și şi si în in de la a cu pe nu este să sa că ca din pentru se o un care mai sunt sau ce al ale fost ' +
    'au dar lui ei acest această fi am ai foarte vă mulțumesc multumesc bună ziua stimă',
  se:
    'och att det som en på är av för med till den har de inte om ett han men var jag sig från vi så kan ' +
    'man när år hon nu efter under också detta vad eller vara blir bara skulle mycket hej tack vänliga ' +
    'hälsningar någon här där',
  dk:
    'og i at det en den til er som på de med han af for ikke der var mig sig men et har om vi min havde ' +
    'ham hun nu over da fra du ud sin dem os op man hvor eller hvad skal selv her alle vil blev kunne ind ' +
    'når være noget ville jo deres efter ned skulle denne også hej tak venlig hilsen meget jeg',
  no:
    'og i jeg det at en et den til er som på de med han av ikke der så var meg seg men har om vi min ha ' +
    'hadde hun nå over da fra du ut sin dem oss opp man kan hvor eller hva skal selv her alle vil ble ' +
    'blitt kunne inn når være noen noe ville etter ned skulle denne også hei takk hilsen mye å deg',
  rs:
    'i je da u na se za od su koji koja koje što ali sa kao ili nije će može sve sam smo ste bio bila bilo ' +
    'treba ovo ovaj kada kad gde gdje zbog posle pre veoma već jer hvala pozdrav molim dobar dan srdačan ' +
    'poštovani biti samo iz ima',
  tr:
    've bir bu da de için ile çok ne o ama gibi daha en var yok olarak olan kadar sonra ben sen biz siz ' +
    'onlar mi mı mu mü değil her şey ki diye ya veya çünkü teşekkür teşekkürler ederim merhaba ' +
    'saygılarımla lütfen iyi günler nasıl neden şimdi bunu zaman',
};

/** Letters that only one or a few of the Latin-script languages write (lowercase; capitals are added). */
const DIACRITIC_HINTS: Record<string, readonly LatinLanguage[]> = {
  ř: ['cz'],
  ů: ['cz'],
  ě: ['cz'],
  ő: ['hu'],
  ű: ['hu'],
  ș: ['ro'],
  ț: ['ro'],
  ţ: ['ro'],
  ă: ['ro'],
  ł: ['pl'],
  ą: ['pl'],
  ę: ['pl'],
  ś: ['pl'],
  ź: ['pl'],
  ż: ['pl'],
  ğ: ['tr'],
  ı: ['tr'],
  ş: ['tr', 'ro'],
  ñ: ['es'],
  ã: ['pt'],
  õ: ['pt'],
  å: ['se', 'dk', 'no'],
  ø: ['dk', 'no'],
  æ: ['dk', 'no'],
  ß: ['de'],
  ľ: ['sk'],
  ĺ: ['sk'],
  ŕ: ['sk'],
  đ: ['rs'],
};
// The Latin letters with diacritics span U+00C0–U+024F; an array indexed by code is the cheapest
// lookup in the scan's hot loop, and never builds a one-letter string.
const LATIN_EXTENDED_START = 0xc0;
const LATIN_EXTENDED_END = 0x24f;
const HINTS_BY_CODE: (readonly LatinLanguage[] | undefined)[] = [];
for (const [letter, languages] of Object.entries(DIACRITIC_HINTS)) {
  // Only a capital of its own: 'ı' would give the ASCII 'I', 'ß' would give 'SS'.
  for (const form of [letter, letter.toUpperCase()]) {
    if (form.length === 1 && form.charCodeAt(0) >= LATIN_EXTENDED_START) {
      HINTS_BY_CODE[form.charCodeAt(0) - LATIN_EXTENDED_START] = languages;
    }
  }
}

const WORD_LANGUAGES = new Map<string, LatinLanguage[]>();
for (const [language, words] of Object.entries(STOP_WORDS) as [LatinLanguage, string][]) {
  for (const word of new Set(words.split(' '))) {
    const languages = WORD_LANGUAGES.get(word);
    if (languages) languages.push(language);
    else WORD_LANGUAGES.set(word, [language]);
  }
}

// Letters unique to Serbian Cyrillic, and letters Russian has but Serbian does not.
const codes = (letters: string): ReadonlySet<number> => new Set([...letters].map((l) => l.charCodeAt(0)));
const SERBIAN_CYRILLIC = codes('ђјљњћџЂЈЉЊЋЏ');
const RUSSIAN_ONLY_CYRILLIC = codes('йщъыьэюяёЙЩЪЫЬЭЮЯЁ');

interface Scan {
  latin: number;
  cyrillic: number;
  serbian: number;
  russian: number;
  han: number;
  kana: number;
  hangul: number;
  hints: Map<LatinLanguage, number>;
}

const addHint = (hints: Map<LatinLanguage, number>, language: LatinLanguage): void => {
  hints.set(language, Math.min(HINT_CAP, (hints.get(language) ?? 0) + HINT_WEIGHT));
};

/** One pass over UTF-16 units, counting scripts and diacritic hints: far cheaper than a regex each. */
const scan = (sample: string): Scan => {
  const counts: Scan = {
    latin: 0,
    cyrillic: 0,
    serbian: 0,
    russian: 0,
    han: 0,
    kana: 0,
    hangul: 0,
    hints: new Map(),
  };
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 0x80) {
      if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) counts.latin++;
    } else if (c >= LATIN_EXTENDED_START && c <= LATIN_EXTENDED_END) {
      counts.latin++;
      const hinted = HINTS_BY_CODE[c - LATIN_EXTENDED_START];
      if (hinted) for (const language of hinted) addHint(counts.hints, language);
    } else if (c >= 0x400 && c <= 0x4ff) {
      counts.cyrillic++;
      if (SERBIAN_CYRILLIC.has(c)) counts.serbian++;
      else if (RUSSIAN_ONLY_CYRILLIC.has(c)) counts.russian++;
    } else if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0xff66 && c <= 0xff9f)) counts.kana++;
    else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff))
      counts.han++;
    else if ((c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f))
      counts.hangul++;
  }
  return counts;
};

/** The language the writing system decides, null when there is too little text, undefined for Latin. */
const byScript = (counts: Scan): NluLanguage | null | undefined => {
  const cjk = counts.han + counts.kana + counts.hangul;
  // A CJK character carries about as much as a short Latin word: weigh it against a few letters.
  if (cjk >= MIN_CJK_CHARACTERS && cjk * 3 >= counts.latin) {
    if (counts.hangul >= counts.han + counts.kana) return 'kr';
    // Japanese writes its grammar in kana; Chinese has none.
    return counts.kana * 10 >= counts.han + counts.kana ? 'jp' : 'cn';
  }
  if (counts.cyrillic >= MIN_ALPHABET_LETTERS && counts.cyrillic > counts.latin) {
    return counts.serbian > counts.russian ? 'rs' : 'ru';
  }
  if (counts.latin < MIN_ALPHABET_LETTERS) return null;
  return undefined;
};

const LATIN_WORD_SEPARATORS = /[^a-z\u00c0-\u024f]+/;

const byStopWords = (sample: string, hints: Map<LatinLanguage, number>): NluLanguage | null => {
  const scores = new Map<LatinLanguage, number>();
  let recognised = 0;
  // Splitting is most of the cost: a few hundred words are a clear enough vote, and a plain
  // character class over the Latin ranges splits several times faster on accented text than \p{L}
  // with the u flag. NFC first, so a decomposed "é" stays inside its word.
  const words = sample
    .slice(0, WORD_SAMPLE_LENGTH)
    .normalize('NFC')
    .toLowerCase()
    .split(LATIN_WORD_SEPARATORS);
  for (const word of words) {
    const languages = WORD_LANGUAGES.get(word);
    if (!languages) continue;
    recognised++;
    for (const language of languages) scores.set(language, (scores.get(language) ?? 0) + 1);
  }
  if (recognised < MIN_WORDS) return null;
  for (const [language, hint] of hints) scores.set(language, (scores.get(language) ?? 0) + hint);

  let best: LatinLanguage | null = null;
  let bestScore = 0;
  let secondScore = 0;
  for (const [language, score] of scores) {
    if (score > bestScore) {
      secondScore = bestScore;
      bestScore = score;
      best = language;
    } else if (score > secondScore) secondScore = score;
  }
  // A tie, or a lead of half a hint, is no evidence either way.
  return bestScore - secondScore >= 1 ? best : null;
};

/**
 * The language of a text, or null when it is too short or too mixed to tell. Reads only the first
 * 3,000 characters (scripts and accents), and of those the first 1,200 for the word vote.
 *
 * @example
 *   detectLanguage('Bonjour, je vous écris pour confirmer le rendez-vous de demain.'); // 'fr'
 *   detectLanguage('ok'); // null
 */
export const detectLanguage = (text: string): NluLanguage | null => {
  const sample = text.length > SAMPLE_LENGTH ? text.slice(0, SAMPLE_LENGTH) : text;
  const counts = scan(sample);
  const scripted = byScript(counts);
  return scripted === undefined ? byStopWords(sample, counts.hints) : scripted;
};
