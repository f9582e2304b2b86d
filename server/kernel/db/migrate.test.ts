import { describe, expect, it } from 'vitest';
import { splitStatements } from './migrate';

describe('splitStatements', () => {
  it('splits at semicolons, without comments', () => {
    expect(splitStatements('CREATE TABLE a (x int); -- a; comment\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });

  it('keeps the semicolons of a function body', () => {
    const body = 'BEGIN\n  INSERT INTO t VALUES (1);\n  RETURN NULL;\nEND';
    expect(
      splitStatements(`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;\nSELECT 1;`),
    ).toEqual([`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$`, 'SELECT 1']);
  });
});
