import type { Role } from '../db/generated/enums.js';

export type AuthUser = { id: string; email: string; role: Role; firstName: string | null; lastName: string | null };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id?: string;
      user?: AuthUser;
      /** Set when the request came with an API key (alert routes only); `user` is then its owner. */
      apiKey?: { id: string; name: string };
    }
  }
}

export {};
