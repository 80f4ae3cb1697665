import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every visible text is a translation key: this fails on JSX text containing letters and on string
 * literals in the props that users see or hear (title, label, placeholder, aria-label, alt, helperText).
 */
const SRC = join(import.meta.dirname, '..');
const USER_FACING_PROPS = new Set(['title', 'label', 'placeholder', 'aria-label', 'alt', 'helperText', 'aria-valuetext', 'subtitle', 'message']);
const LETTERS = /\p{L}/u;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : files(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

export function findLiterals(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => `${relative(SRC, fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && USER_FACING_PROPS.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : undefined;
      if (literal && LETTERS.test(literal.text)) found.push(`${where(node)} ${node.name.getText(sf)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no literal user-facing strings in JSX', () => {
  it('the checker catches text and labelled props', () => {
    const found = findLiterals('x.tsx', 'const a = <div title="Hello"><span>Sign in</span><b aria-label={"Close"}>{t("ok")}</b><i>123</i></div>;');
    expect(found).toHaveLength(3);
  });

  it('covers the operator console too', () => {
    expect(files(SRC).some((file) => relative(SRC, file).startsWith(join('operator', 'features')))).toBe(true);
  });

  it('web/src has none', () => {
    const problems = files(SRC).flatMap((file) => findLiterals(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });
});
