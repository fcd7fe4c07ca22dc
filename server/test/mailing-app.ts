import { createTestApp } from './harness.js';
import { startLocalSmtp } from './smtp-server.js';

export type MailingTestApp = Awaited<ReturnType<typeof createMailingTestApp>>;

/**
 * A test app that mails through a local SMTP server (links under https://pano.ornek.test), with
 * a clock a test moves: `later(ms, run)` runs `run` that far in the future, then comes back.
 */
export async function createMailingTestApp() {
  const smtp = await startLocalSmtp();
  let offsetMs = 0;
  const t = await createTestApp({
    config: { smtpUrl: smtp.url, mailFrom: 'Pano <pano@ornek.test>', publicUrl: 'https://pano.ornek.test' },
    clock: () => new Date(Date.now() + offsetMs),
  });
  return {
    t, smtp,
    async later<T>(ms: number, run: () => Promise<T>): Promise<T> {
      offsetMs = ms;
      try {
        return await run();
      } finally {
        offsetMs = 0;
      }
    },
    close: async () => { await t.close(); await smtp.close(); },
  };
}
