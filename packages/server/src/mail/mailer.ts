import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: over SMTP when configured, else into `.eml` files (embedded default). */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
}

/**
 * Builds the mailer from settings. With `smtpUrl` (smtp:// or smtps://, RFC 5321) messages go to
 * that server; without it nodemailer renders each message to RFC 5322 bytes that are written to
 * `<mailDir>/<time>-<id>.eml`, so the embedded default needs no mail server.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; mailDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (m) => {
        const info = await transport.sendMail({ from: opts.from, ...m });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: opts.from, ...m });
      mkdirSync(opts.mailDir, { recursive: true });
      const id = info.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9.@-]/g, '_');
      const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { messageId: info.messageId, file };
    },
  };
}
