import { SaxesParser } from 'saxes';
import { parseFailure } from '../types';
import { traceMessage, type TraceMessage } from '../../../../schemas/trace-messages';

/** An element of a parsed XML part; names keep their prefix (`w:p`), `local()` drops it. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export interface XmlLimits {
  maxNodes: number;
  maxDepth: number;
}

/** Enough for a Word document of thousands of pages; a crafted part stops here, not at memory's end. */
export const DEFAULT_XML_LIMITS: XmlLimits = { maxNodes: 2_000_000, maxDepth: 256 };

const decode = (bytes: Uint8Array): string => {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
};

/**
 * Parses one XML part of an office file into a small tree. saxes reads no DTD: entities a document
 * declares (the XXE of hostile/nasty.odt) are never expanded nor fetched; their references stay as
 * written and a warning says so. Any other well-formedness error refuses the part.
 *
 * @example
 *   const root = parseXml(files.get('content.xml')!, 'content.xml', warnings);
 *   for (const p of descendants(root, 'p')) lines.push(textOf(p));
 */
export const parseXml = (
  bytes: Uint8Array | string,
  part: string,
  warnings: TraceMessage[],
  limits: XmlLimits = DEFAULT_XML_LIMITS,
): XmlElement => {
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  let nodes = 0;
  let entityWarned = false;
  const parser = new SaxesParser({ xmlns: false });
  parser.on('error', (error) => {
    if (error.message.endsWith('undefined entity.')) {
      if (!entityWarned) warnings.push(traceMessage('warnXmlEntitiesNotExpanded', { part }));
      entityWarned = true;
      return;
    }
    throw parseFailure('XML_MALFORMED', traceMessage('parseXmlMalformed', { part, detail: error.message }));
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) warnings.push(traceMessage('warnXmlEntitiesIgnored', { part }));
  });
  const count = () => {
    nodes += 1;
    if (nodes > limits.maxNodes) {
      throw parseFailure('XML_TOO_LARGE', traceMessage('parseXmlTooLarge', { part, max: limits.maxNodes }));
    }
  };
  parser.on('opentag', (tag) => {
    count();
    if (stack.length > limits.maxDepth) {
      throw parseFailure('XML_TOO_DEEP', traceMessage('parseXmlTooDeep', { part, max: limits.maxDepth }));
    }
    const element: XmlElement = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
    };
    stack[stack.length - 1].children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (text: string) => {
    count();
    stack[stack.length - 1].children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(typeof bytes === 'string' ? bytes : decode(bytes)).close();
  const top = root.children.find((node): node is XmlElement => typeof node !== 'string');
  if (!top) throw parseFailure('XML_MALFORMED', traceMessage('parseXmlNoElement', { part }));
  return top;
};

/** `w:p` → `p`. Office formats use fixed prefixes in practice; matching on local names is enough. */
export const local = (name: string): string => name.slice(name.indexOf(':') + 1);

export const isElement = (node: XmlNode): node is XmlElement => typeof node !== 'string';

/** Direct children with this local name (every child element when no name is given). */
export const childElements = (element: XmlElement, name?: string): XmlElement[] =>
  element.children.filter(
    (node): node is XmlElement => isElement(node) && (name === undefined || local(node.name) === name),
  );

export const firstChild = (element: XmlElement, name: string): XmlElement | undefined =>
  childElements(element, name)[0];

/** Every element below (not inside a match) with this local name, in document order. */
export const descendants = (element: XmlElement, name: string): XmlElement[] => {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (local(child.name) === name) found.push(child);
      else visit(child);
    }
  };
  visit(element);
  return found;
};

/** An attribute by local name (`r:id` and `id` both answer to 'id' when no exact name is present). */
export const attr = (element: XmlElement, name: string): string | undefined => {
  if (name in element.attributes) return element.attributes[name];
  for (const [key, value] of Object.entries(element.attributes)) if (local(key) === name) return value;
  return undefined;
};

/** The concatenated character data below an element. */
export const textOf = (element: XmlElement): string =>
  element.children.map((node) => (isElement(node) ? textOf(node) : node)).join('');

/** Lines of text with blank runs collapsed: what every office parser hands back as page text. */
export const joinLines = (lines: readonly string[]): string =>
  lines
    .map((line) => line.replace(/[ \t\u00a0]+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
