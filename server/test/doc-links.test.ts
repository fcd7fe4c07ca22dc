import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Comments and docs may only point at what a reader of this repository has: docs/*.md and
// their sections (docs/ARCHITECTURE.md#folders), and files that exist. A renamed heading or
// file, or a citation of a document kept elsewhere, fails here instead of misleading a reader.
// A file and a name written as two code spans side by side in markdown (the notation of
// docs/ARCHITECTURE.md) must be a file from the repository root that exports that name.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'generated', 'data', 'artifacts', 'results', 'migrations', '.tmp']);
const TEXT_FILES = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|ya?ml|conf)$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

function repoFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP_DIRS.has(e.name)) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return repoFiles(full);
    return [path.relative(ROOT, full).split(path.sep).join('/')];
  });
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const resolution: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true };

const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

/** The names a module exports, read with TypeScript's parser; `export * from` is followed to the file TypeScript resolves. */
function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  for (const st of source.statements) {
    if (ts.isExportDeclaration(st)) {
      if (st.exportClause && ts.isNamedExports(st.exportClause)) st.exportClause.elements.forEach((e) => names.add(e.name.text));
      else if (st.exportClause) names.add(st.exportClause.name.text);
      else if (st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
        const target = ts.resolveModuleName(st.moduleSpecifier.text, file, resolution, ts.sys).resolvedModule?.resolvedFileName;
        if (!target) throw new Error(`${file}: cannot follow export * from '${st.moduleSpecifier.text}'`);
        for (const n of exportedNames(target, seen)) if (n !== 'default') names.add(n);
      }
    } else if (ts.isExportAssignment(st)) {
      names.add('default');
    } else if (hasExport(st)) {
      if (isDefault(st)) names.add('default');
      else if (ts.isVariableStatement(st)) st.declarationList.declarations.forEach((d) => bindingNames(d.name).forEach((n) => names.add(n)));
      else if ('name' in st && st.name && ts.isIdentifier(st.name as ts.Node)) names.add((st.name as ts.Identifier).text);
    }
  }
  return names;
}

const exportsCache = new Map<string, Set<string>>();
const exportsOf = (file: string) => {
  let names = exportsCache.get(file);
  if (!names) exportsCache.set(file, (names = exportedNames(path.join(ROOT, file))));
  return names;
};

/** `path/to/file.ts` `name`: two code spans side by side, on one line or across one line break. */
const FILE_AND_SYMBOL = /`((?:[\w@.-]+\/)+[\w.-]+\.(?:ts|tsx|mts|cts|js|mjs))`[ \t]*\n?[ \t]*`([A-Za-z_$][\w$]*)`/g;

/** Problems with the file-and-symbol pairs of one markdown text. */
function symbolProblems(where: string, markdown: string): string[] {
  return [...markdown.matchAll(FILE_AND_SYMBOL)].flatMap(([, file, name]) => {
    if (!allPaths.has(file!)) return [`${where}: \`${file}\` \`${name}\`: no such file from the repository root`];
    return exportsOf(file!).has(name!) ? [] : [`${where}: ${file} does not export ${name}`];
  });
}

const files = repoFiles().filter((f) => TEXT_FILES.test(f) && f !== THIS_FILE);
const allPaths = new Set(repoFiles());
const baseNames = new Set([...allPaths].map((f) => path.posix.basename(f)));
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');

const anchorCache = new Map<string, Set<string>>();
const anchorsOf = (doc: string) => {
  let a = anchorCache.get(doc);
  if (!a) anchorCache.set(doc, (a = headingAnchors(read(doc))));
  return a;
};

/** Problems with one reference to a markdown document (repo-relative) and an optional anchor. */
function checkDocRef(where: string, doc: string, anchor: string | undefined): string[] {
  if (!existsSync(path.join(ROOT, doc))) return [`${where}: ${doc} does not exist`];
  if (anchor && doc.endsWith('.md') && !anchorsOf(doc).has(anchor)) return [`${where}: ${doc} has no section #${anchor}`];
  return [];
}

describe('references in comments and docs', () => {
  it('cite no document kept outside the repository', () => {
    const outside = /(ARCHITECTURE(\.md)?|\b[Ss]pec)\s*§|(?<!RFC \d{1,5} )§\s*\d|shared\/(spec|design)\//;
    const found = files.flatMap((f) => read(f).split('\n').flatMap((line, i) => (outside.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });

  it('point at docs/*.md sections that exist', () => {
    const problems = files.flatMap((f) => [...read(f).matchAll(/\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g)]
      .flatMap((m) => checkDocRef(f, `docs/${m[1]}`, m[2])));
    expect(problems).toEqual([]);
  });

  it('link markdown files and sections that exist', () => {
    const problems = files.filter((f) => f.endsWith('.md')).flatMap((f) => [...read(f).matchAll(/\]\(([^)\s]+)\)/g)]
      .filter((m) => !/^[a-z]+:/i.test(m[1]!))
      .flatMap((m) => {
        const [target, anchor] = m[1]!.split('#');
        const doc = target ? path.posix.normalize(path.posix.join(path.posix.dirname(f), target)) : f;
        return checkDocRef(f, doc, anchor);
      }));
    expect(problems).toEqual([]);
  });

  it('name source files and documents that exist', () => {
    // A path with folders must be the end of a real path (or a file of an installed package, as
    // an import names it); a bare name must exist somewhere.
    const exists = (name: string) => (name.includes('/')
      ? allPaths.has(name) || [...allPaths].some((p) => p.endsWith(`/${name}`)) || existsSync(path.join(ROOT, 'node_modules', name))
      : baseNames.has(name));
    const problems = files.flatMap((f) => [...read(f).matchAll(/(?<![\w*./-])((?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs|md))\b/g)]
      .filter((m) => !exists(m[1]!))
      .map((m) => `${f}: names ${m[1]}, which does not exist`));
    expect([...new Set(problems)]).toEqual([]);
  });

  it('name beside a file only what that file exports', () => {
    const problems = files.filter((f) => f.endsWith('.md')).flatMap((f) => symbolProblems(f, read(f)));
    expect(problems).toEqual([]);
  });

  it('checks a file-and-symbol pair against what the file really exports', () => {
    const doc = [
      '1. `server/src/modules/alerts/alerts.service.ts` `createAlert`: a function.',
      '2. `contract/src/index.ts` `ZAlertAck`, through `export *`; `server/src/context.ts`',
      '   `AppContext`, a type, across a line break.',
      '3. `server/src/modules/alerts/alerts.service.ts` `sendAlert`: not exported.',
      '4. `server/src/modules/screens/screen-alerts.ts` `activeWhere`: declared, not exported.',
      '5. `modules/alerts/alerts.service.ts` `createAlert`: not from the root.',
    ].join('\n');
    expect(symbolProblems('doc.md', doc)).toEqual([
      'doc.md: server/src/modules/alerts/alerts.service.ts does not export sendAlert',
      'doc.md: server/src/modules/screens/screen-alerts.ts does not export activeWhere',
      'doc.md: `modules/alerts/alerts.service.ts` `createAlert`: no such file from the repository root',
    ]);
  });

  it('computes GitHub heading anchors', () => {
    expect([...headingAnchors('# How Pano is built\n## The life of a push\n```\n# not a heading\n```\n## Pushes\n## Pushes')])
      .toEqual(['how-pano-is-built', 'the-life-of-a-push', 'pushes', 'pushes-1']);
  });
});
