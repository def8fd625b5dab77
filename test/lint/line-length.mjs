#!/usr/bin/env node
/**
 * The line limit the formatter cannot keep by itself: Biome wraps code at 120 columns but never
 * breaks a comment, and a long string, template or regular expression literal cannot be broken
 * without changing it. A line over the limit passes only when its literals are what make it long
 * (ESLint's max-len with ignoreStrings, ignoreTemplateLiterals and ignoreRegExpLiterals).
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const LIMIT = 120;
const files = execFileSync('git', ['ls-files', '*.ts', '*.mjs'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const literal = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
]);

const problems = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (!lines.some((l) => l.length > LIMIT)) continue;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  // Characters of each line that belong to literals.
  const inLiterals = new Array(lines.length).fill(0);
  const visit = (node) => {
    if (literal.has(node.kind) || ts.isTemplateExpression(node)) {
      const start = node.getStart(sf);
      const { line: first } = sf.getLineAndCharacterOfPosition(start);
      const { line: last } = sf.getLineAndCharacterOfPosition(node.end);
      if (first === last) inLiterals[first] += node.end - start;
      else for (let l = first; l <= last; l++) inLiterals[l] = lines[l].length;
      if (!ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  lines.forEach((line, i) => {
    if (line.length > LIMIT && line.length - inLiterals[i] > LIMIT)
      problems.push(`${file}:${i + 1}: ${line.length} columns`);
  });
}
if (problems.length) {
  console.error(`${problems.length} lines over ${LIMIT} columns, not counting literals:\n${problems.join('\n')}`);
  process.exit(1);
}
