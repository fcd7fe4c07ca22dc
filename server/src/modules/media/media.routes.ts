import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the media module's work.
export function mediaRoutes(_ctx: AppContext): Router {
  return Router();
}
