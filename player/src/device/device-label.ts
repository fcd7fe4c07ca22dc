/**
 * The name a device pairs with, until the customer renames it: the system and browser read from
 * the user agent ("Android · Chrome"), short enough for a device list, instead of the whole
 * user-agent string.
 */
export function deviceLabel(userAgent: string): string {
  const system = /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad/.test(userAgent) ? 'iOS'
    : /Windows/.test(userAgent) ? 'Windows'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : null;
  const browser = /Edg\//.test(userAgent) ? 'Edge'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : null;
  return [system, browser].filter(Boolean).join(' · ') || userAgent.slice(0, 100);
}
