import { Router } from 'express';
import type { AppContext } from '../../context.js';

// Filled in by the playlists module's work.
export function playlistRoutes(_ctx: AppContext): Router {
  return Router();
}
