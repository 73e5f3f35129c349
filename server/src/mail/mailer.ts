import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification e-mails). */
  headers?: Record<string, string>;
  /** Files sent with it. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /**
   * A call's invitation: ONE `text/calendar; method=…` part beside the text, as Google Calendar and Outlook send it;
   * calendar-aware clients offer to add, update or remove the event. (nodemailer's `icalEvent` also attaches the same
   * file as application/ics, so a client showed it twice; it is not used.)
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string };
}

/** The message as nodemailer takes it: the calendar becomes the one text/calendar alternative. */
export function toNodemailer({ calendar, ...message }: MailMessage) {
  return {
    from: FROM,
    ...message,
    ...(calendar ? { alternatives: [{ contentType: `text/calendar; charset=utf-8; method=${calendar.method}`, content: calendar.content }] } : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'SciExperts <no-reply@sciexperts.test>';

/** Development transport: each mail becomes an .eml (what SMTP would carry) and a .json (easy to read in tests). */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(readonly dir: string) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const info = await this.transport.sendMail(toNodemailer(message));
    const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
    // Written under a temporary name and renamed (atomic on one file system): whoever reads the outbox (a developer's
    // tool, the e2e suite) never sees half a message.
    const write = async (file: string, body: string | Buffer) => {
      await writeFile(path.join(this.dir, `${file}.partial`), body);
      await rename(path.join(this.dir, `${file}.partial`), path.join(this.dir, file));
    };
    await write(`${base}.eml`, info.message as Buffer);
    await write(`${base}.json`, JSON.stringify({ from: FROM, ...message, date: new Date().toISOString() }, null, 2));
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(url: string) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(toNodemailer(message));
  }
}
