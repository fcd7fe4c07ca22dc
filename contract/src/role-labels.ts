import type { TAccountRole } from './role-order.js';

/*
 * Apart from the order (role-order.ts): the dashboard's first load asks only the order, and a
 * module is bundled whole, so the labels would come along with it.
 */

/** How each role reads in the dashboard. */
export const ACCOUNT_ROLE_LABELS: Record<TAccountRole, string> = {
  owner: 'Sahip',
  admin: 'Yönetici',
  publisher: 'Yayıncı',
  editor: 'Editör',
  viewer: 'İzleyici',
};
