// Types of server-folders.mjs, for the layout test (server/layout.test.ts).
import type { Rule } from 'eslint';

export type ImportGraph = Map<string, Set<string>>;
export function isServerProductFile(root: string, file: string): boolean;
export function serverPartOf(root: string, file: string): string | undefined;
export function importedPart(root: string, file: string, specifier: string): string | undefined;
export function serverImports(root: string): ImportGraph;
export function importChain(edges: ImportGraph, from: string, to: string): string[] | undefined;
export function cycles(edges: ImportGraph): string[][];
export const noFolderCycle: Rule.RuleModule;
