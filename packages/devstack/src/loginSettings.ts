// The API's login settings for a running devstack: its mailer pointed at the SMTP catcher (no TLS on
// loopback) and each social provider's client at the OAuth stand-in, as they would be set for the real
// mail server and providers. Empty where the stack runs without those services.
import type { SocialProviderSettings } from '@walletframe/protocol'
import { settingsFor } from './oidc/Provider.js'

export type LoginSettings = {
  email?: { smtpUrl: string; ignoreTLS: boolean; from: string }
  social?: Record<string, SocialProviderSettings>
}

export function loginSettings(services: Record<string, string>): LoginSettings {
  return {
    ...(services.smtp
      ? {
          email: {
            smtpUrl: services.smtp,
            ignoreTLS: true,
            from: 'Walletframe (devstack) <no-reply@walletframe.local>',
          },
        }
      : {}),
    ...(services.oauth ? { social: settingsFor(services.oauth) } : {}),
  }
}
