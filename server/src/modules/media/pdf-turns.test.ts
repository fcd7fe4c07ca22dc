import { describe, expect, it } from 'vitest';
import { inPdfTurn, PDF_RENDERS_AT_ONCE } from './upload-pdf.js';

/*
 * docs/architecture/storage.md#pdf-documents: PDFs are drawn two at a time per process, one per
 * customer, in arrival order. Each render here is a promise the test ends by hand, so which
 * ones have started is read at each step, without timing.
 */

type Render = { name: string; started: Promise<void>; finish: () => void };

function render(log: string[], name: string): Render & { run: () => Promise<string> } {
  let start!: () => void;
  let finish!: () => void;
  const started = new Promise<void>((r) => { start = r; });
  const done = new Promise<void>((r) => { finish = r; });
  return {
    name, started, finish,
    run: async () => {
      log.push(name);
      start();
      await done;
      return name;
    },
  };
}

/** Lets every turn that can start do so (p-limit starts the next in a microtask after a finish). */
const settle = () => new Promise<void>((r) => setImmediate(r));

describe('inPdfTurn', () => {
  it("runs two at once, one per customer: a customer's pile waits behind itself, others go past it", async () => {
    expect(PDF_RENDERS_AT_ONCE).toBe(2);
    const log: string[] = [];
    const a1 = render(log, 'a1'); const a2 = render(log, 'a2'); const a3 = render(log, 'a3');
    const b1 = render(log, 'b1'); const c1 = render(log, 'c1');
    const results = [a1, a2, a3, b1, c1].map((r) => inPdfTurn(r.name[0]!, r.run));
    await Promise.all([a1.started, b1.started]);
    await settle();
    expect(log).toEqual(['a1', 'b1']); // a2, a3 wait for a1; c1 for a free slot

    a1.finish();
    await c1.started;
    await settle();
    expect(log).toEqual(['a1', 'b1', 'c1']); // c1 came before a2 reached the shared queue

    b1.finish();
    await a2.started;
    await settle();
    expect(log).toEqual(['a1', 'b1', 'c1', 'a2']);
    c1.finish();
    await settle();
    expect(log).toHaveLength(4); // a3 still behind a2, though a slot is free
    a2.finish();
    await a3.started;
    a3.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'b1', 'c1']);
  });

  it('a failed render frees its turn for the next', async () => {
    const log: string[] = [];
    const failing = inPdfTurn('d', async () => { log.push('d1'); throw new Error('bozuk'); });
    const next = render(log, 'd2');
    const second = inPdfTurn('d', next.run);
    await expect(failing).rejects.toThrow('bozuk');
    await next.started;
    next.finish();
    expect(await second).toBe('d2');
    expect(log).toEqual(['d1', 'd2']);
  });
});
