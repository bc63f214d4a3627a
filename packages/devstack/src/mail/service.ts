// The SMTP catcher as a devstack service: `smtp` (what the API's mailer is pointed at) and `mail` (the
// HTTP listing where tests and people read what was sent) land in the chains file's services.
import type { Service } from '../Service.js'
import { start } from './MailCatcher.js'

export const mailService: Service = {
  name: 'mail catcher',
  async start() {
    const catcher = await start({ host: '127.0.0.1' })
    return { urls: { smtp: catcher.smtpUrl, mail: catcher.httpUrl }, stop: catcher.stop }
  },
}
