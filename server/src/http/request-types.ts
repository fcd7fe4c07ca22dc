import type { Role } from '../db/generated/enums.js';

export type AuthUser = { id: string; email: string; role: Role; firstName: string | null; lastName: string | null };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      id?: string;
      user?: AuthUser;
    }
  }
}

export {};
