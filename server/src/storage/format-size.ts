/** 2048 MB → '2 GB', 1024 bytes → '1 KB': the cap as a person would write it. */
export function formatSize(bytes: number): string {
  const units = ['bayt', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${Math.round(value * 10) / 10} ${units[unit]}`.replace('.', ',');
}
