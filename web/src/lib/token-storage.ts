/** docs/PRODUCT.md#session: the token lives in localStorage under the key `token`. */
const KEY = 'token';

export const tokenStorage = {
  get: (): string | null => {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set: (token: string) => localStorage.setItem(KEY, token),
  clear: () => localStorage.removeItem(KEY),
};
