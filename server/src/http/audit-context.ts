import { AsyncLocalStorage } from 'node:async_hooks';
import type { Request, RequestHandler } from 'express';

/** Who made a change (docs/architecture/audit.md#events). */
export type AuditActor = { type: 'user' | 'apiKey' | 'device' | 'system'; id: string | null; name: string };

/**
 * The request a change came with: set once per request, its actor once it is authenticated.
 * `clock`: the app's (AppContext's), which dates its events.
 */
export type AuditRequest = { actor?: AuditActor; ip: string | null; userAgent: string | null; requestId: string | null; clock?: () => Date };

const store = new AsyncLocalStorage<AuditRequest>();

/** Work that no request asked for: a background job, a command-line tool, a test's fixture. */
export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, name: 'Sistem' };

/**
 * Opens the request's audit context, read by audit() inside the services: mounted right after
 * the request id is set (app.ts), so every route runs in it without passing it along.
 */
export const auditRequestContext = (clock: () => Date): RequestHandler => (req, _res, next) => {
  const ua = req.headers['user-agent'];
  store.run({ ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null, requestId: req.id ?? null, clock }, next);
};

/** Called by each authentication (person, API key, device) once it knows who acts. */
export function setAuditActor(_req: Request, actor: AuditActor): void {
  const current = store.getStore();
  if (current) current.actor = actor;
}

export const personName = (u: { email: string; firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

/**
 * The current request's context, or a system one outside requests; outside any context (a
 * command-line tool, a test's fixture) events are dated by the wall clock.
 */
export function auditRequest(): AuditRequest & { actor: AuditActor; clock: () => Date } {
  const current = store.getStore();
  return { ip: null, userAgent: null, requestId: null, ...current, actor: current?.actor ?? SYSTEM_ACTOR, clock: current?.clock ?? (() => new Date()) };
}

/** Runs `fn` as `actor` (jobs, tests), its events dated by `clock` (the wall clock without one). */
export const runAsActor = <T>(actor: AuditActor, fn: () => T, clock?: () => Date): T =>
  store.run({ actor, ip: null, userAgent: null, requestId: null, ...(clock ? { clock } : {}) }, fn);
