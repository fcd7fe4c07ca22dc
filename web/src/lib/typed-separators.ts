/**
 * The separators of a day ('GG.AA.YYYY', lib/date-text.ts) or a time ('SS:DD') typed as digits: a phone's
 * numeric keypad (the fields' inputMode) has no '.' or ':', so they come by themselves after
 * the day, the month and the hour. A separator typed after one that came by itself is not
 * doubled. Only for text typed at the end; anything else is left as it is.
 */
export function withSeparators(text: string, kind: 'date' | 'time'): string {
  const sep = kind === 'date' ? '.' : ':';
  if (text.endsWith(sep + sep)) return text.slice(0, -1);
  // More digits than a day or a time holds are left as typed, for the field's check to refuse:
  // cutting them off would turn 271120261 into a valid 27.11.2026 without a word.
  if (/^\d+$/.test(text) && text.length <= (kind === 'date' ? 8 : 4)) {
    // Digits only (typed or pasted): 27112026 → 27.11.2026, 0930 → 09:30.
    const parts = kind === 'date' ? [text.slice(0, 2), text.slice(2, 4), text.slice(4, 8)] : [text.slice(0, 2), text.slice(2, 4)];
    const filled = parts.filter((p) => p !== '');
    const full = kind === 'date' ? filled.length < 3 && text.length % 2 === 0 : filled.length < 2 && text.length === 2;
    return filled.join(sep) + (full ? sep : '');
  }
  // A month's two digits after a day typed with its dot: 1.12 → 1.12.
  if (kind === 'date' && /^\d{1,2}\.\d{2}$/.test(text)) return `${text}.`;
  return text;
}

/**
 * For a date or time field's onChange: puts the separators in the input as the user types
 * (withSeparators), before the form reads its value. Deleting and editing mid-text are left alone.
 */
export function separateTyped(e: { target: HTMLInputElement; nativeEvent: Event }, kind: 'date' | 'time'): void {
  const input = e.target;
  const inputType = (e.nativeEvent as InputEvent).inputType ?? '';
  if (!inputType.startsWith('insert') || input.selectionStart !== input.value.length) return;
  const next = withSeparators(input.value, kind);
  if (next !== input.value) input.value = next;
}
