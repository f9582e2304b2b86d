import { traceList, traceMessage, type TraceMessage } from '../../../schemas/trace-messages';
import {
  PAGE_SEPARATOR,
  type Extraction,
  type MatchedValue,
  NLU_LABELS_MAX,
  type NluInteraction,
  type NluLabel,
  type TextSource,
} from '../../../schemas/analysis-result';
import { textOf } from '../../../schemas/analysis-result';
import type { Stage, StageContext, StageText } from '../stage';
import { analyseText } from './analyse';
import { onePerWord, type Hit } from './archetype-matches';
import type { Occurrence } from './occurrences';
import type { CompiledNlu } from './compile';
import { detectLanguage } from './language';
import { loadServer } from './servers';

/** The texts of an extraction the NLU reads, with the blocks cut from each. */
export const nluSources = (
  extraction: Extraction,
): { source: TextSource; blocks: { start: number; end: number }[] }[] => {
  const sources: { source: TextSource; blocks: { start: number; end: number }[] }[] = [];
  const subject = extraction.message?.subject;
  if (subject) sources.push({ source: 'subject', blocks: [{ start: 0, end: subject.length }] });
  const bySource = new Map<TextSource, { start: number; end: number }[]>();
  for (const b of extraction.blocks) {
    const list = bySource.get(b.source);
    if (list) list.push(b);
    else bySource.set(b.source, [b]);
  }
  for (const [source, blocks] of bySource) sources.push({ source, blocks });
  return sources;
};

/** The language of the analysis: fixed by the environment, or detected among its languages. */
export const analysisLanguage = (extraction: Extraction, languages: string[], fallback: string): string => {
  const fixed = languages.filter((l) => l !== 'auto');
  if (!languages.includes('auto') && fixed.length === 1) return fixed[0];
  const text = `${extraction.message?.subject ?? ''}\n${textOf(extraction, 'message')}`;
  const detected = detectLanguage(text);
  if (detected && (languages.includes('auto') || fixed.includes(detected))) return detected;
  return fixed[0] ?? fallback;
};

/** 1-based page of an offset in an attachment's joined pages; null for single-page sources. */
const pageAt = (extraction: Extraction, source: TextSource, offset: number): number | null => {
  if (typeof source !== 'number') return null;
  const pages = extraction.attachments.find((a) => a.index === source)?.pages ?? [];
  if (pages.length < 2) return null;
  let end = 0;
  for (let p = 0; p < pages.length; p++) {
    end += pages[p].text.length + PAGE_SEPARATOR.length;
    if (offset < end) return p + 1;
  }
  return pages.length;
};

/**
 * An archetype match as results show it: the words, where they are, what matched them. `value`
 * is given when the caller already cut those words (an occurrence of one match is its words).
 */
export const matchedValue = (
  nlu: CompiledNlu,
  text: string,
  h: Hit,
  value = text.slice(h.start, h.end),
): MatchedValue => ({
  value,
  start: h.start,
  end: h.end,
  archetype: nlu.archetypes[h.owner].name,
  via: h.via,
  approximate: h.approximate,
});

/** An occurrence as results show it (the analysis's, the NLU test page's). */
export const nluInteraction = (
  nlu: CompiledNlu,
  o: Occurrence,
  text: string,
  source: TextSource,
  page: number | null,
): NluInteraction => {
  const whole = text.slice(o.start, o.end);
  const parameters: NluInteraction['parameters'] = {};
  for (const name in o.parameters)
    parameters[name] = o.parameters[name].map((h) =>
      matchedValue(nlu, text, h, h.start === o.start && h.end === o.end ? whole : undefined),
    );
  if (o.copied) for (const name in o.copied) parameters[name] = [o.copied[name]];
  return {
    name: o.interaction.name,
    context: o.interaction.context,
    server: nlu.server.name,
    source,
    page,
    start: o.start,
    end: o.end,
    text: whole,
    parameters,
  };
};

/**
 * Runs one compiled server over every source of the extraction. A server with the labeling flag
 * reads every archetype, and the words they matched become labels, up to `labelRoom` of them
 * (`labelsFound` counts them all).
 */
export const runServer = (
  nlu: CompiledNlu,
  extraction: Extraction,
  language: string | null,
  labelRoom = 0,
) => {
  const interactions: NluInteraction[] = [];
  const warnings: TraceMessage[] = [];
  const labels: NluLabel[] = [];
  let labelsFound = 0;
  const labeling = nlu.server.labeling;
  for (const { source, blocks } of nluSources(extraction)) {
    const text = textOf(extraction, source);
    const analysis = analyseText(nlu, text, { language, blocks, allArchetypes: labeling });
    warnings.push(...analysis.warnings);
    for (const o of analysis.occurrences)
      interactions.push(nluInteraction(nlu, o, text, source, pageAt(extraction, source, o.start)));
    if (!labeling) continue;
    const hits = analysis.own.flatMap((own) => onePerWord(own ?? [])).sort((a, b) => a.start - b.start);
    labelsFound += hits.length;
    for (const h of hits.slice(0, Math.max(0, labelRoom - labels.length))) {
      const { value, ...match } = matchedValue(nlu, text, h);
      labels.push({
        ...match,
        server: nlu.server.name,
        source,
        page: pageAt(extraction, source, h.start),
        text: value,
      });
    }
  }
  return { interactions, warnings, labels, labelsFound };
};

/**
 * The NLU step: every NLU server of the environment reads the analysis's texts. A stopped server
 * starts for it (its configuration is compiled), and the trace says so.
 */
export const nluStage: Stage = {
  step: 'nlu',
  skipReason: ({ config, result }: StageContext) =>
    config.nlu.servers.length === 0
      ? traceMessage('noNluServer')
      : !result.extraction
        ? traceMessage('noExtractedText')
        : null,
  run: async ({ config, result }) => {
    const extraction = result.extraction!;
    const warnings: StageText[] = [];
    const summaries: TraceMessage[] = [];
    result.language = analysisLanguage(
      extraction,
      config.languages,
      config.nlu.servers[0].definitions.server.defaultLanguage,
    );
    for (const server of config.nlu.servers) {
      const { compiled, compiledNow, compileMs } = loadServer(server);
      const startedForThisAnalysis = server.state !== 'started';
      if (startedForThisAnalysis)
        warnings.push(traceMessage('nluStartingUp', { server: server.definitions.server.name }));
      else if (compiledNow)
        warnings.push(traceMessage('nluLoaded', { server: server.definitions.server.name, ms: compileMs }));
      const labels = result.nlu.labels ?? [];
      const out = runServer(compiled, extraction, result.language, NLU_LABELS_MAX - labels.length);
      if (compiled.server.labeling) {
        for (const label of out.labels) labels.push(label);
        result.nlu.labels = labels;
        if (out.labelsFound > out.labels.length)
          warnings.push(
            traceMessage('nluLabelsCut', {
              kept: labels.length,
              found: labels.length - out.labels.length + out.labelsFound,
            }),
          );
      }
      result.nlu.servers.push({
        name: server.definitions.server.name,
        language: result.language,
        startedForThisAnalysis,
      });
      // A loop, not a spread: a large text's interactions are more than a call's arguments may be.
      for (const interaction of out.interactions) result.nlu.interactions.push(interaction);
      warnings.push(...out.warnings);
      summaries.push(
        traceMessage('nluServerRead', {
          server: server.definitions.server.name,
          smart_count: out.interactions.length,
        }),
      );
    }
    return {
      summary: traceMessage('nluRead', { language: result.language, servers: traceList(summaries, '; ') }),
      warnings,
    };
  },
};
