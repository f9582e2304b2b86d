import type { SupportedLocale } from '../../i18n/locale';

type Loader = () => Promise<{ default: string }>;

/**
 * The pages of docs/ the console shows, each in both languages (`X.fr.md` beside `X.md`). Each is
 * its own chunk: a page loads only the language the user reads, and only when it is shown.
 */
export const userDocumentation = {
  nlu: {
    fr: () => import('../../../docs/nlu.fr.md?raw'),
    en: () => import('../../../docs/nlu.md?raw'),
  },
  replies: {
    fr: () => import('../../../docs/replies.fr.md?raw'),
    en: () => import('../../../docs/replies.md?raw'),
  },
} satisfies Record<string, Record<SupportedLocale, Loader>>;

export type UserDocumentationPage = keyof typeof userDocumentation;

/** The pages loaded so far, by page and language: a page shown again, or loaded ahead, shows at once. */
const loadedPages = new Map<string, string>();

/** The page in that language if it is loaded already, else undefined. */
export const loadedDocumentation = (page: UserDocumentationPage, lang: SupportedLocale) =>
  loadedPages.get(`${page}.${lang}`);

/** Loads a page in one language (its own chunk) and keeps it for the next time it is shown. */
export const loadDocumentation = async (
  page: UserDocumentationPage,
  lang: SupportedLocale,
): Promise<string> => {
  const source = (await userDocumentation[page][lang]()).default;
  loadedPages.set(`${page}.${lang}`, source);
  return source;
};

/** A level-2 heading's title in each language: which section of a page to show. */
export type SectionHeading = Record<SupportedLocale, string>;

/** The information extraction part of docs/nlu.md (and nlu.fr.md), shown on the extraction page. */
export const informationExtractionSection: SectionHeading = {
  en: 'Information extraction',
  fr: "Extraction d'informations",
};

/**
 * The level-2 section titled `heading` — its heading line down to the next heading of level 1 or 2
 * (its level-3 subsections included) — or undefined when the page has no such section. Lines
 * inside fenced code blocks are never headings.
 */
export const markdownSection = (source: string, heading: string): string | undefined => {
  const lines = source.split('\n');
  let inCode = false;
  let start = -1;
  let end = lines.length;
  for (const [i, line] of lines.entries()) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    if (start < 0) {
      if (line === `## ${heading}`) start = i;
    } else if (/^#{1,2} /.test(line)) {
      end = i;
      break;
    }
  }
  return start < 0 ? undefined : lines.slice(start, end).join('\n').trim();
};

/** The headings of a Markdown page, outside fenced code blocks: level and title, in order. */
export const markdownHeadings = (source: string): { level: number; title: string }[] => {
  let inCode = false;
  const headings: { level: number; title: string }[] = [];
  for (const line of source.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = inCode ? null : /^(#{1,6}) (.*)$/.exec(line);
    if (heading) headings.push({ level: heading[1].length, title: heading[2] });
  }
  return headings;
};
