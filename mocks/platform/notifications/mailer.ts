import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import type { EmailMessage } from './email-request'

/** Hands a message to a mail server; resolves with the server's acceptance, rejects on failure. */
export interface Mailer {
  /** 'smtp' delivers for real; 'outbox' means the outbox itself is the delivery. */
  readonly kind: 'smtp' | 'outbox'
  deliver(message: EmailMessage, messageId: string): Promise<void>
}

/** No mail server configured: nothing leaves; the stored outbox row is the delivered message. */
export const outboxOnlyMailer: Mailer = { kind: 'outbox', deliver: async () => {} }

/**
 * Delivery over SMTP with nodemailer (`smtp://user:pass@host:port`, `smtps://…`). The
 * envelope sender is always `envelopeFrom`, the platform's own address, so a caller's `from`
 * header cannot make the relay vouch for someone else's domain.
 */
export function createSmtpMailer(smtpUrl: string, envelopeFrom: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async deliver(message, messageId) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        cc: message.cc,
        bcc: message.bcc,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        html: message.html ?? undefined,
        text: message.text ?? undefined,
        messageId,
        envelope: {
          from: envelopeFrom,
          to: [...message.to, ...message.cc, ...message.bcc].map(bareAddress),
        },
      })
    },
  }
}

/** `Ann <a@b.example>` → `a@b.example` (the SMTP envelope takes bare addresses). */
function bareAddress(mailbox: string): string {
  return addressparser(mailbox, { flatten: true })[0]?.address ?? mailbox
}

/** SMTP when `SMTP_URL` is set, else the outbox alone. */
export function mailerFromEnvironment(
  env: Record<string, string | undefined>,
  envelopeFrom: string,
): Mailer {
  const url = env.SMTP_URL?.trim()
  return url ? createSmtpMailer(url, envelopeFrom) : outboxOnlyMailer
}
