import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// One name per concept: the scrolling text is "ticker" inside the code and "direction" only
// where the product's API fixes that word (see the glossary in docs/architecture/server.md#names).

/** Fields of the JSON the API, the screen config and the socket payloads carry. */
const WIRE_FIELDS = new Set(['directionPlaylist', 'currentDirectionPlaylist', 'directions', 'showDirectionBar']);
/** Text that names the wire: the API path, the web route, the database's table and column names. */
const WIRE_TEXT = [
  '/api/direction-playlists', 'directionPlaylists', 'direction_playlists', 'direction_texts', 'currentDirectionPlaylistId',
  ...WIRE_FIELDS,
];
const CSS_WORDS = ['flex-direction', 'flexDirection'];
const SOURCE_FOLDERS = ['contract', 'server', 'web', 'player', 'e2e', 'bench', 'scripts', 'prisma'];
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'migrations', 'test-results']);
/** This guard quotes the old name in its own examples. */
const SELF = path.join('scripts', 'ticker-name.test.ts');

const mentions = (text: string) => /direction/i.test(text);

/** A wire field may be a property's name or read from an object; never a name the code declares. */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (ts.isPropertyAccessExpression(parent) && parent.name === node)
    || ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    || (ts.isBindingElement(parent) && parent.propertyName === node);
}

/** The spec's web route "/direction" ends its string (or is followed by a query or anchor). */
function withoutWireText(text: string): string {
  let rest = text.replace(/\/direction(?![\w/.-])/g, '');
  for (const word of [...WIRE_TEXT, ...CSS_WORDS]) rest = rest.split(word).join('');
  return rest;
}

function scanTypeScript(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1} ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && mentions(node.text)) {
      const wire = WIRE_FIELDS.has(node.text) && isPropertyName(node);
      if (!wire && !CSS_WORDS.includes(node.text)) report(node, node.text);
    } else if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) && mentions(node.text)) {
      if (mentions(withoutWireText(node.text))) report(node, JSON.stringify(node.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Outside strings and comments, the Prisma schema names models and fields in code words. */
function scanPrisma(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/"[^"]*"/g, '""');
    return mentions(code) ? [`${file}:${i + 1} ${line.trim()}`] : [];
  });
}

function scanCss(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (mentions(withoutWireText(line)) ? [`${file}:${i + 1} ${line.trim()}`] : []));
}

/** Every place under root where the code itself says "direction". */
export function directionNames(root: string): string[] {
  const files = SOURCE_FOLDERS.flatMap((folder) => walk(root, folder));
  return files.sort().flatMap((file) => {
    const own = mentions(file) ? [`${file} (file name)`] : [];
    const text = readFileSync(path.join(root, file), 'utf8');
    if (!mentions(text)) return own;
    if (/\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts')) return [...own, ...scanTypeScript(file, text)];
    if (file.endsWith('.prisma')) return [...own, ...scanPrisma(file, text)];
    if (file.endsWith('.css')) return [...own, ...scanCss(file, text)];
    return own;
  });
}

function walk(root: string, folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => !entry.split(path.sep).some((part) => SKIPPED.has(part)))
    .filter((entry) => /\.(ts|tsx|mts|prisma|css)$/.test(entry))
    .map((entry) => path.join(folder, entry))
    .filter((file) => file !== SELF);
}

describe('the scrolling text has one name inside the code', () => {
  const root = path.resolve(import.meta.dirname, '..');

  it('says "ticker" everywhere except at the wire', () => {
    expect(directionNames(root)).toEqual([]);
  });

  describe('finds the old name', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'ticker-name-'));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));
    const put = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      writeFileSync(path.join(tmp, file), text);
    };
    put('web/src/features/tickers/ticker-card.tsx', [
      "const tickers = useDirectionPlaylists();",
      "const body = { currentDirectionPlaylist: id, directions: texts.map((text) => ({ text })) };",
      "const shown = config.directionPlaylist?.directions ?? [];",
      "const { directions } = body;",
      "const { showDirectionBar: showBar } = settings;",
      "const url = '/api/direction-playlists'; const route = '/direction'; const glob = '**/direction'; const css = { flexDirection: 'row' };",
      "const label = tr.direction.title; const key = 'direction-card'; const page = '../direction/page';",
    ].join('\n'));
    // Built from parts: server/test/doc-links.test.ts checks that whole paths in the code exist.
    const oldFolder = ['server', 'src', 'modules', 'direction'].join('/');
    put(`${oldFolder}/service.ts`, 'export const x = 1;\n');
    put('prisma/schema.prisma', [
      'model TickerPlaylist {',
      '  @@map("direction_playlists")',
      '}',
      'model DirectionText {',
      '  showTickerBar Boolean @map("showDirectionBar")',
      '}',
    ].join('\n'));
    put('web/src/styles/pages.css', '.row { flex-direction: column; }\n.direction-head { gap: 0; }\n');

    it('in identifiers, file names, strings, the schema and styles, but not at the wire', () => {
      expect(directionNames(tmp)).toEqual([
        'prisma/schema.prisma:4 model DirectionText {',
        `${oldFolder}/service.ts (file name)`,
        'web/src/features/tickers/ticker-card.tsx:1 useDirectionPlaylists',
        'web/src/features/tickers/ticker-card.tsx:4 directions',
        'web/src/features/tickers/ticker-card.tsx:7 direction',
        'web/src/features/tickers/ticker-card.tsx:7 "direction-card"',
        'web/src/features/tickers/ticker-card.tsx:7 "../direction/page"',
        'web/src/styles/pages.css:2 .direction-head { gap: 0; }',
      ]);
    });
  });
});
