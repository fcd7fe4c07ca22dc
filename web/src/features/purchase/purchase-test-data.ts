import type { TPackage } from '@pano/contract';
import { aPackage } from '../../testing/fixtures';

/** The package the purchase tests buy, and the purchase the server answers with once paid. */
export const pkg: TPackage = aPackage({
  _id: '00000000-0000-4000-8000-000000000007', name: 'Başlangıç', description: 'Küçük işletmeler', price: 499,
  createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
});
export const purchase = {
  _id: '00000000-0000-4000-8000-0000000000aa', status: 'completed', packageName: 'Başlangıç', amountPaid: 499,
  purchaseDate: '2025-01-01T00:00:00Z', expiresAt: '2025-01-31T00:00:00Z', mobileCode: 'ABCD2345',
};
