import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the screens module's work.
export function screenRoutes(_ctx: AppContext): Router {
  return Router();
}
