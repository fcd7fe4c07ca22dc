import type { RequestHandler } from 'express';

/** A handler that does nothing: the default of an optional step in a route. */
export const passOn: RequestHandler = (_req, _res, next) => next();
