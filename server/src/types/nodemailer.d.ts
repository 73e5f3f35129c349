// Minimal typing of the nodemailer surface this server uses (no @types package is installed).
declare module 'nodemailer' {
  interface SendMailOptions {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
  }
  interface SentMessageInfo {
    message?: Buffer | string;
    messageId?: string;
  }
  interface Transporter {
    sendMail(options: SendMailOptions): Promise<SentMessageInfo>;
  }
  const nodemailer: { createTransport(options: string | Record<string, unknown>): Transporter };
  export default nodemailer;
}
