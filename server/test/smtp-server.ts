import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type LocalSmtp = Awaited<ReturnType<typeof startLocalSmtp>>;

/**
 * A real SMTP server on a free local port (smtp-server, by nodemailer's author) that keeps every
 * mail it accepts, parsed by mailparser, so a test reads what a person's inbox would get through
 * the same SMTP conversation production has. Plain SMTP without TLS or login, as a local relay.
 */
export async function startLocalSmtp() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => { received.push(mail); done(); }, done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  /** Mails so far to `to`. */
  const to = (address: string) => received.filter((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === address)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

