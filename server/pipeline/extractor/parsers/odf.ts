import { parseFailure, type ParsedPage, type Parser } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';
import { blockLines, MAX_TABLE_CELLS, type OdfCollector } from './odf-text';
import { pageLimitWarning } from './page-limit';
import { unzipBounded } from './zip';
import { attr, childElements, firstChild, joinLines, parseXml, textOf, type XmlElement } from './xml-text';

const PARTS = new Set(['mimetype', 'content.xml', 'meta.xml']);

/** Title, author, generator and page count from meta.xml. */
const metaOf = (meta: XmlElement | undefined): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  const office = meta && firstChild(meta, 'meta');
  if (!office) return out;
  const text = (name: string) => childElements(office, name).map(textOf).join('').trim();
  const strings = {
    title: text('title'),
    author: text('initial-creator') || text('creator'),
    application: text('generator').split('$')[0],
  };
  for (const [key, value] of Object.entries(strings)) if (value) out[key] = value;
  const statistic = firstChild(office, 'document-statistic');
  const pages = Number(statistic && attr(statistic, 'page-count'));
  if (statistic && attr(statistic, 'page-count') !== undefined && Number.isFinite(pages))
    out.pageCount = pages;
  return out;
};

const extraPages = (collected: OdfCollector): ParsedPage[] =>
  (
    [
      ['notes', collected.notes],
      ['comments', collected.comments],
    ] as const
  ).flatMap(([label, lines]) => (lines.length > 0 ? [{ text: joinLines(lines), ocr: false, label }] : []));

/** One page per draw:page, labelled 'slide N', each followed by its speaker notes as 'notes N'. */
const presentationPages = (
  body: XmlElement,
  collected: OdfCollector,
  maxPages: number,
  warnings: TraceMessage[],
): { pages: ParsedPage[]; slideCount: number } => {
  const slides = childElements(body, 'page');
  const limit = pageLimitWarning(slides.length, maxPages, 'slides');
  if (limit) warnings.push(limit);
  const pages = slides.slice(0, maxPages).flatMap((slide, i): ParsedPage[] => {
    const text = joinLines(blockLines(slide, collected));
    const notes = joinLines(childElements(slide, 'notes').flatMap((n) => blockLines(n, collected)));
    return [
      { text, ocr: false, label: `slide ${i + 1}` },
      ...(notes ? [{ text: notes, ocr: false, label: `notes ${i + 1}` }] : []),
    ];
  });
  return { pages, slideCount: slides.length };
};

/**
 * OpenDocument text and presentations. content.xml is read with saxes, which expands no entity a
 * document declares and fetches nothing (hostile/nasty.odt carries an XXE). ODT: one page for the
 * body (paragraphs, headings, list items indented per level, tables row by row), then 'notes'
 * (footnotes) and 'comments'. ODP: 'slide N' pages with their 'notes N'.
 */
export const odfParser: Parser<'document'> = {
  family: 'document',
  extensions: ['odt', 'odp'],
  async parse(input, context) {
    const warnings: TraceMessage[] = [];
    const files = unzipBounded(input.bytes, (name) => PARTS.has(name));
    const content = files.get('content.xml');
    if (!content) throw parseFailure('ODF_NO_CONTENT', traceMessage('parseOdfNoContent'));
    const root = parseXml(content, 'content.xml', warnings);
    const meta = files.get('meta.xml');
    const metadata: Record<string, string | number> = meta
      ? metaOf(parseXml(meta, 'meta.xml', warnings))
      : {};
    const body = firstChild(root, 'body');
    const flow = body && childElements(body)[0];
    if (!flow) throw parseFailure('ODF_NO_BODY', traceMessage('parseOdfNoBody'));
    const collected: OdfCollector = { notes: [], comments: [], tables: 0, cells: 0, truncated: false };
    let pages: ParsedPage[];
    if (flow.name.endsWith('presentation') || flow.name.endsWith('drawing')) {
      const read = presentationPages(flow, collected, context.options.maxPages, warnings);
      pages = read.pages;
      metadata.slideCount = read.slideCount;
    } else {
      pages = [{ text: joinLines(blockLines(flow, collected)), ocr: false }];
    }
    pages.push(...extraPages(collected));
    if (collected.truncated) warnings.push(traceMessage('warnTablesCut', { max: MAX_TABLE_CELLS }));
    metadata.tableCount = collected.tables;
    return { pages, attachments: [], metadata, warnings };
  },
};
