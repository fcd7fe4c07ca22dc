import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_MESSAGE } from '@pano/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { classifyDbError } from './db-errors.js';
import { errorHandler } from './error-handler.js';

// docs/architecture/server.md#errors: what PostgreSQL refuses because of the input is a 400, not a 500.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** A year PostgreSQL has no such day for (there is no year 0), as a date that passed validation once would. */
const yearZero = () => t.ctx.db.screen.findMany({ where: { createdAt: { lt: new Date('0000-01-01T00:00:00Z') } } });

describe('a date PostgreSQL refuses (22008, datetime field overflow)', () => {
  it('is bad input: 400 in Turkish, not a 500', async () => {
    const err: unknown = await yearZero().then(() => null, (e: unknown) => e);
    expect(classifyDbError(err)).toBe('invalid-date');

    const app = express();
    app.get('/x', async () => { await yearZero(); });
    app.use(errorHandler(t.ctx.logger));
    const res = await supertest(app).get('/x');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400, body: { code: 'VALIDATION_ERROR', message: DATE_RANGE_MESSAGE },
    });
  });
});
