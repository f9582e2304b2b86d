/** The nodes of a parsed template (parser.ts) and of its expressions, each with its line. */
export type Expr =
  | { type: 'literal'; value: unknown }
  | { type: 'name'; name: string; line: number }
  | { type: 'attr'; object: Expr; key: Expr; line: number }
  | { type: 'filter'; name: string; input: Expr; args: Expr[]; line: number }
  | { type: 'unary'; op: 'not' | '-'; expr: Expr }
  | { type: 'binary'; op: string; left: Expr; right: Expr; line: number }
  | { type: 'test'; expr: Expr; test: string; negated: boolean; line: number }
  | { type: 'cond'; cond: Expr; then: Expr; otherwise: Expr }
  | { type: 'array'; items: Expr[] }
  | { type: 'hash'; entries: [Expr, Expr][] };

export type Node =
  | { type: 'text'; value: string; line: number }
  | { type: 'print'; expr: Expr; line: number }
  | { type: 'if'; branches: { cond: Expr; body: Node[] }[]; otherwise: Node[]; line: number }
  | {
      type: 'for';
      key?: string;
      value: string;
      iterable: Expr;
      body: Node[];
      otherwise: Node[];
      line: number;
    }
  | { type: 'set'; name: string; expr: Expr; line: number }
  | { type: 'include'; template: string; with?: Expr; only: boolean; line: number };
