import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Punctuation and numbers a person reads belong to the reader's language: a colon or a "、"
 * glued on in code shows Chinese punctuation inside English and Vietnamese text, and a number
 * written with toFixed or toLocaleString() shows "7.1" to a Vietnamese reader, for whom it
 * reads 71. Texts go into messages (Trans, t, msg, Plural) with their punctuation, lists through
 * formatList and numbers through src/ui/format.ts. This reads the portal's code, not its types:
 * cheap, and it catches the habit, not every raw number (the screens' tests do the rest).
 */
const root = join(process.cwd(), 'src');
const CHINESE_PUNCTUATION = /[：，、。；（）“”‘’！？\u3000「」]/;
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);
const MESSAGE_TAGS = new Set(['t', 'msg', 'defineMessage', 'plural', 'select', 'selectOrdinal']);
const RAW_NUMBER_METHODS = new Set(['toFixed', 'toPrecision', 'toLocaleString']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

function problemsOf(path: string): string[] {
  const file = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const problems: string[] = [];
  const at = (node: ts.Node, what: string) =>
    problems.push(`${relative(process.cwd(), path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`);
  const visit = (node: ts.Node, inMessage: boolean): void => {
    const tag = ts.isJsxElement(node) ? node.openingElement.tagName : ts.isJsxSelfClosingElement(node) ? node.tagName : null;
    const callee = ts.isTaggedTemplateExpression(node) ? node.tag : ts.isCallExpression(node) ? node.expression : null;
    const message =
      inMessage ||
      (tag !== null && MESSAGE_ELEMENTS.has(tag.getText())) ||
      (callee !== null && ts.isIdentifier(callee) && MESSAGE_TAGS.has(callee.text));
    const text =
      ts.isJsxText(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
        ? node.text
        : null;
    if (!message && text !== null && CHINESE_PUNCTUATION.test(text))
      at(node, `punctuation outside a message: ${node.getText().trim().slice(0, 60)}`);
    // In components (what they render): toFixed and toPrecision know no locale, toLocaleString() takes the device's.
    if (path.endsWith('.tsx') && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (RAW_NUMBER_METHODS.has(method) && (method !== 'toLocaleString' || node.arguments.length === 0))
        at(node, `a number written without the reader's locale: ${node.getText().slice(0, 60)}`);
    }
    ts.forEachChild(node, (child) => visit(child, message));
  };
  visit(file, false);
  return problems;
}

describe('texts in the portal code', () => {
  const files = sources(root);

  it('reads the portal', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('puts punctuation only inside messages, and writes numbers through the locale formatters', () => {
    expect(files.flatMap(problemsOf)).toEqual([]);
  });
});
