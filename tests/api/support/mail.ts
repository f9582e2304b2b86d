import type { ParsedMail } from 'mailparser';
import type { startSmtpServer } from './smtp';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

/** The mail sent to an address, once it has arrived. */
export const mailTo = async (smtp: Smtp, address: string): Promise<ParsedMail> => {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = smtp.received.find((m) => (m.to && 'text' in m.to ? m.to.text : '').includes(address));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The token at the end of a console link of the mail (`reset-password/…`, `invitation/…`). */
export const linkIn = (mail: ParsedMail, path: string) => {
  const match = new RegExp(`http://console\\.test/${path}/([\\w-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
};
