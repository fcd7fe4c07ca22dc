import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the direction module's work.
export function directionRoutes(_ctx: AppContext): Router {
  return Router();
}
