/**
 * Files for Turkish Excel (the plays report's and the audit log's 'CSV İndir'): UTF-8 with a BOM
 * (so Excel reads Turkish letters) and semicolons between cells (Excel's Turkish locale). A cell
 * that Excel would read as a formula (starting with = + - @, a tab or a carriage return) is
 * prefixed with ' so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The byte order mark a file starts with, so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';
/** One line of cells, ended as Excel ends it. */
export const csvLine = (cells: string[]): string => `${cells.map(csvCell).join(';')}\r\n`;

export const csvFile = (lines: string[][]): string => CSV_BOM + lines.map(csvLine).join('');
