import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@pano/contract';

/*
 * The contract lists every action the server writes (AUDIT_ACTIONS; docs/architecture/audit.md),
 * and the dashboard's Turkish labels are typed by that list. An action written here but missing
 * from the list would show untranslated on 'Etkinlik Geçmişi'; one listed but never written is a
 * stale label. Audit events are written as `audit(tx, { action: '…' })` or through
 * `auditPurchase(tx, '…', …)`, `auditPerson(tx, userId, '…')`, `replacePassword(tx, userId,
 * hash, '…')` or `auditOutcome(tx, target, '…')`; the server's `audit()` takes only a listed action (TAuditAction), so typecheck
 * catches the other direction too.
 */

const SRC = path.resolve(import.meta.dirname, '../src');
const ACTION = "'([a-zA-Z]+\\.[a-zA-Z]+)'";
const WRITTEN = [
  new RegExp(`\\baction: ${ACTION}`, 'g'),
  // One of two actions: `action: before ? 'x.update' : 'x.create'`.
  new RegExp(`\\baction: [^,?]+\\? ${ACTION} : ${ACTION}`, 'g'),
  new RegExp(`\\bauditPurchase\\(tx, ${ACTION}`, 'g'),
  new RegExp(`\\bauditPerson\\(tx, [^,]+, ${ACTION}`, 'g'),
  new RegExp(`\\breplacePassword\\(tx, [^,]+, [^,]+, ${ACTION}`, 'g'),
  new RegExp(`\\bauditOutcome\\(tx, [^,]+, ${ACTION}`, 'g'),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|\.fixtures\.ts$/.test(e.name) ? [full] : [];
  });
}

describe('audit actions', () => {
  it('the contract lists exactly the actions the server writes', () => {
    const written = new Set<string>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const re of WRITTEN) for (const m of text.matchAll(re)) for (const action of m.slice(1)) if (action) written.add(action);
    }
    expect([...written].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
