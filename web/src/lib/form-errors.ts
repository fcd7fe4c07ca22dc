/**
 * Forms check their own fields (every <form> is noValidate): the browser's validation bubbles
 * speak the browser's language ('Please fill out this field.'), ours speak Turkish. The rules
 * and messages come from the contract's zod schemas, the same ones the server applies.
 */
export type FieldErrors = Record<string, string>;

/** Just what is needed of a zod schema, so this module does not pull zod into the first load. */
type Schema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/**
 * The parsed data, or the first message for each field (in the schema's field order). A field
 * is named by the innermost key of its path, so a nested one (a package's `features.maxScreens`)
 * reaches the input named `maxScreens`.
 */
export function checkFields<T>(schema: Schema<T>, input: unknown): { data: T } | { errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String([...issue.path].reverse().find((p) => typeof p === 'string') ?? '');
    errors[key] ??= issue.message;
  }
  return { errors };
}

/**
 * Moves focus to the first field with an error, as the browser's own validation would: the
 * element named by the first key of `errors` (checkFields' or react-hook-form's), when it is
 * one. react-hook-form focuses only the inputs it holds; a form with a checkbox group (screens,
 * days) passes this as handleSubmit's onInvalid too, so a lone box first at fault takes focus.
 */
export function focusFirstInvalid(form: HTMLFormElement, errors: object): void {
  const first = Object.keys(errors)[0];
  const el = first ? form.elements.namedItem(first) : null;
  if (el instanceof HTMLElement) el.focus();
}
