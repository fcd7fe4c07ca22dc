/**
 * Case changes and ordering for text people read, by Turkish rules: 'i' ↔ 'İ' and 'ı' ↔ 'I'.
 * The bare String methods follow the runtime's default rules ('ilker' → 'ILKER'), which is
 * wrong for Turkish names. Machine identifiers (e-mail addresses, hex codes, file names)
 * keep the locale-independent methods on purpose, with a comment saying so; lint enforces it.
 * Zod-free, so the dashboard's first load can import it.
 */
const TR_LOCALE = 'tr-TR';

export const upperTr = (text: string): string => text.toLocaleUpperCase(TR_LOCALE);
export const lowerTr = (text: string): string => text.toLocaleLowerCase(TR_LOCALE);

const collator = new Intl.Collator(TR_LOCALE);
/** Alphabetical order of the Turkish alphabet (c < ç < d, ı < i, o < ö, s < ş, u < ü). */
export const compareTr = (a: string, b: string): number => collator.compare(a, b);

/** The first letter of a name, upper-cased: a whole character even beyond the BMP (emoji). */
export const initialTr = (name: string): string => upperTr(Array.from(name.trim())[0] ?? '');
