// Sends the login's mails by SMTP: the one-time code, and the link that approves a new device. The
// link opens a page on the frame origin, which approves with a POST: mail scanners fetch links, and
// a fetch must approve nothing.
import { createTransport } from 'nodemailer'
import type { AuthOptions } from './config.js'
import { EmailDeliveryError } from './errors.js'

export type Mailer = {
  sendCode(to: string, code: string, purpose: 'login' | 'update-current' | 'update-new'): Promise<void>
  sendDeviceApproval(to: string, link: string, device: string): Promise<void>
  /** To the owner of an address someone asked to link to another account: nothing changed. */
  sendAddressInUse(to: string): Promise<void>
  close(): void
}

/** Minutes a code or a device-approval link lives: 10. */
export const codeLifetimeMinutes = 10

export function create(settings: NonNullable<AuthOptions['email']>): Mailer {
  const url = new URL(settings.smtpUrl)
  const secure = url.protocol === 'smtps:'
  const transport = createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ignoreTLS: settings.ignoreTLS,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  async function send(to: string, subject: string, text: string) {
    try {
      await transport.sendMail({ from: settings.from, to, subject, text })
    } catch (error) {
      throw new EmailDeliveryError((error as Error).message)
    }
  }
  return {
    sendCode(to, code, purpose) {
      const why =
        purpose === 'login'
          ? 'to log in'
          : purpose === 'update-current'
            ? 'to confirm changing the email address of your wallet'
            : 'to confirm this address as the new email of your wallet'
      return send(
        to,
        `${code} is your Walletframe code`,
        `Your code ${why} is:\n\n    ${code}\n\nIt works once, for ${codeLifetimeMinutes} minutes. ` +
          'If you did not ask for it, ignore this mail: nobody can use it without your inbox.\n',
      )
    },
    sendDeviceApproval(to, link, device) {
      return send(
        to,
        'Approve a new device for your Walletframe wallet',
        `Someone is logging in to your wallet from a device it has not seen:\n\n    ${device}\n\n` +
          `If it is you, open this link and approve (it works once, for ${codeLifetimeMinutes} minutes):\n\n    ${link}\n\n` +
          'A code follows once the device is approved. If it is not you, ignore this mail.\n',
      )
    },
    sendAddressInUse(to) {
      return send(
        to,
        'Someone tried to link your address to another Walletframe wallet',
        'Someone asked to make this address the email of another Walletframe wallet. It already belongs ' +
          'to your wallet, so nothing changed and no code was sent.\n\nIf it was you, log in with this ' +
          'address instead. If it was not you, you need not do anything.\n',
      )
    },
    close: () => transport.close(),
  }
}
