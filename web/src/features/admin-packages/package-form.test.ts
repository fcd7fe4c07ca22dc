import { describe, expect, it } from 'vitest';
import type { TPackage } from '@pano/contract';
import { draftFromPackage, emptyDraft, toPackageBody, type PackageDraft } from './package-form';

const filled = (patch: Partial<PackageDraft> = {}): PackageDraft => ({
  ...emptyDraft(),
  name: '  Kurumsal ',
  price: '149.90',
  description: 'Büyük işletmeler',
  maxMediaUpload: '10',
  maxScreens: '5',
  maxPlaylists: '20',
  ...patch,
});

describe('package form conversion', () => {
  it('starts with duration 30 and not popular', () => {
    expect(emptyDraft()).toMatchObject({ duration: '30', isPopular: false, price: '' });
  });

  it('sends price as a decimal and the limits and duration as integers, trimmed texts', () => {
    const r = toPackageBody(filled({ isPopular: true }));
    expect(r).toEqual({
      body: {
        name: 'Kurumsal', description: 'Büyük işletmeler', price: 149.9,
        features: { maxMediaUpload: 10, maxScreens: 5, maxPlaylists: 20, maxMembers: 5 }, isPopular: true, duration: 30,
      },
    });
  });

  it('accepts a Turkish decimal comma and price 0 (free trial)', () => {
    expect(toPackageBody(filled({ price: '99,5' }))).toMatchObject({ body: { price: 99.5 } });
    expect(toPackageBody(filled({ price: '0' }))).toMatchObject({ body: { price: 0 } });
  });

  it("requires every field and names each missing one, in the contract's words", () => {
    const r = toPackageBody({ ...emptyDraft(), duration: '' });
    expect(r).toEqual({
      errors: {
        name: 'Paket adı zorunludur', description: 'Açıklama zorunludur', price: 'Fiyat zorunludur',
        maxMediaUpload: 'Medya depolama (GB) zorunludur', maxScreens: 'Maksimum ekran sayısı zorunludur',
        maxPlaylists: 'Maksimum playlist sayısı zorunludur', duration: 'Süre (gün) zorunludur',
      },
    });
  });

  it('rejects a negative price and more than two decimals (step 0.01)', () => {
    expect(toPackageBody(filled({ price: '-1' }))).toEqual({ errors: { price: 'Fiyat 0 veya daha büyük olmalıdır' } });
    expect(toPackageBody(filled({ price: '1.005' }))).toEqual({ errors: { price: 'Fiyat en fazla 2 ondalık basamak içerebilir' } });
    expect(toPackageBody(filled({ price: 'abc' }))).toEqual({ errors: { price: 'Fiyat bir sayı olmalıdır' } });
  });

  it('rejects limits below 1 and fractional limits instead of rounding them', () => {
    expect(toPackageBody(filled({ maxScreens: '0' }))).toEqual({ errors: { maxScreens: 'Maksimum ekran sayısı en az 1 olmalıdır' } });
    expect(toPackageBody(filled({ maxPlaylists: '2.5' }))).toEqual({ errors: { maxPlaylists: 'Maksimum playlist sayısı tam sayı olmalıdır' } });
    expect(toPackageBody(filled({ duration: '0' }))).toEqual({ errors: { duration: 'Süre (gün) en az 1 olmalıdır' } });
    expect(toPackageBody(filled({ maxMembers: '0' }))).toEqual({ errors: { maxMembers: 'Üye sınırı en az 1 olmalıdır' } });
  });

  it('starts the member limit at 5', () => {
    expect(emptyDraft().maxMembers).toBe('5');
  });

  it("applies the contract's upper limits too, which the form's own copy of the rules did not", () => {
    expect(toPackageBody(filled({ duration: '4000' }))).toEqual({ errors: { duration: 'Süre (gün) en fazla 3650 olabilir' } });
    expect(toPackageBody(filled({ name: 'x'.repeat(101) }))).toEqual({ errors: { name: 'En fazla 100 karakter girilebilir' } });
  });

  it('round-trips an existing package into the edit form', () => {
    const p: TPackage = {
      _id: '00000000-0000-4000-8000-000000000001', name: 'Pro', description: 'd', price: 49.99, duration: 90,
      isPopular: true, isActive: false, features: { maxMediaUpload: 2, maxScreens: 3, maxPlaylists: 4, maxMembers: 12 },
      createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z',
    };
    expect(toPackageBody(draftFromPackage(p))).toEqual({
      body: { name: 'Pro', description: 'd', price: 49.99, features: p.features, isPopular: true, duration: 90 },
    });
  });
});
