import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the packages module's work.
export function packageRoutes(_ctx: AppContext): Router {
  return Router();
}
