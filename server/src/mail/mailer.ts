import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/env.js';
import type { Logger } from '../logger.js';

/** One mail: plain text for every reader, HTML beside it for those that show it. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/**
 * Mail going out (docs/OPERATIONS.md#mail): through SMTP_URL, or, without it, written to the
 * log, the way a first start writes the admin setup link, so a small install still has the
 * link to hand on.
 */
export type Mailer = {
  /** True with SMTP_URL: a person receives what is sent. False: it only reaches the log. */
  readonly delivers: boolean;
  /** Sends now; rejects when the mail server refuses. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Runs `compose` off the caller's path and sends what it returns (null: nothing to send).
   * A request answers the same, as fast, whether a mail follows or not: forgot-password tells
   * nobody which addresses have an account. A failure is logged, never thrown.
   */
  dispatch(compose: () => Promise<OutgoingMail | null>): void;
  /** Resolves once every dispatch started so far has finished (shutdown; tests proving an absence). */
  settled(): Promise<void>;
  close(): void;
};

type Deps = { config: Pick<AppConfig, 'smtpUrl' | 'mailFrom'>; logger: Logger };

export function createMailer({ config, logger }: Deps): Mailer {
  // Pooled: a burst of invitations reuses one connection instead of a handshake per mail.
  // nodemailer waits up to 10 minutes on a silent server by default; shutdown waits for mail
  // in flight, so a stuck server is given up on sooner.
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
      url: config.smtpUrl, pool: true, maxConnections: 2,
      connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000,
    }, { from: config.mailFrom })
    : undefined;
  const running = new Set<Promise<void>>();

  const send = async (mail: OutgoingMail) => {
    if (!transport) {
      logger.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail not sent (SMTP_URL is not set); its text is written here');
      return;
    }
    await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
  };

  return {
    delivers: transport !== undefined,
    send,
    dispatch(compose) {
      const work = (async () => {
        const mail = await compose();
        if (mail) await send(mail);
      })().catch((err: unknown) => logger.error({ err }, 'mail could not be prepared or sent'));
      running.add(work);
      void work.finally(() => running.delete(work));
    },
    async settled() {
      while (running.size) await Promise.all(running);
    },
    close() {
      transport?.close();
    },
  };
}
