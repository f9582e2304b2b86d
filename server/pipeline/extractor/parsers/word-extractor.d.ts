// word-extractor 1.0.4 ships no types; this is the part of its API the DOC parser uses.
declare module 'word-extractor' {
  interface TextOptions {
    /** True by default: turns typographic quotes and dashes into ASCII. */
    filterUnicode?: boolean;
  }
  export interface WordDocument {
    getBody(options?: TextOptions): string;
    getFootnotes(options?: TextOptions): string;
    getEndnotes(options?: TextOptions): string;
    getHeaders(options?: TextOptions & { includeFooters?: boolean }): string;
    getFooters(options?: TextOptions): string;
    getAnnotations(options?: TextOptions): string;
    getTextboxes(
      options?: TextOptions & { includeHeadersAndFooters?: boolean; includeBody?: boolean },
    ): string;
  }
  export default class WordExtractor {
    extract(source: Buffer | string): Promise<WordDocument>;
  }
}
