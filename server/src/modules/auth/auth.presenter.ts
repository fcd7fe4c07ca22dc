import type { TUser } from '@pano/contract';

export const presentUser = (u: { id: string; email: string; firstName: string | null; lastName: string | null; role: 'customer' | 'admin' }): TUser => ({
  _id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
});
