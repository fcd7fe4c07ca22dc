/** Parses Stripe's form encoding (`a[b][0][c]=v`, as the SDK writes it) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((seg, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      const slot = node as Record<string, unknown>;
      if (last) slot[seg] = value;
      else node = (slot[seg] ??= nextIsIndex ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}
