import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { currentAccount } from '../../http/authenticate.js';
import { successesPerMinutePerKey } from '../../http/rate-limits.js';

/**
 * Alerts sent per minute (docs/OPERATIONS.md#rate-limits), counted apart for the account's
 * people (all their sessions and template sends together) and for each API key. A hospital's
 * busiest minute is a handful of codes; 191 in 20 s was a script, and each send pushes every
 * target screen's config.
 */
export const ALERT_SENDS_PER_MINUTE = 20;

/**
 * One limiter for every route that sends (POST /api/alerts, a template's send): made once and
 * handed to both routers, as each limiter keeps its own count without Redis. A key counts on
 * its own, so neither the staff nor another key can lock a fire panel out.
 */
export const alertSendLimit = (ctx: AppContext): RequestHandler =>
  successesPerMinutePerKey(ctx.rateLimits, 'alert-send', ALERT_SENDS_PER_MINUTE,
    `Dakikada en fazla ${ALERT_SENDS_PER_MINUTE} acil duyuru gönderilebilir. Lütfen biraz bekleyip tekrar deneyin.`,
    (req) => (req.apiKey ? `key:${req.apiKey.id}` : `account:${currentAccount(req).id}`));
