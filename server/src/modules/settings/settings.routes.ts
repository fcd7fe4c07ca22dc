import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the settings module's work.
export function settingsRoutes(_ctx: AppContext): Router {
  return Router();
}
