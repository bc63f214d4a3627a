// The API's login settings for a running devstack: its mailer pointed at the SMTP catcher (no TLS on
// loopback), each social provider's client at the OAuth stand-in and Farcaster at the relay stand-in, as
// they would be set for the real mail server, providers and relay. Empty where the stack runs without those services.
import type { SocialProviderSettings } from '@walletframe/protocol'
import { settingsFor } from './oidc/Provider.js'

export type LoginSettings = {
  email?: { smtpUrl: string; ignoreTLS: boolean; from: string }
  social?: Record<string, SocialProviderSettings>
  /** Sign In With Farcaster: the auth relay, and the chain whose IdRegistry names each fid's custody. */
  farcaster?: { relayUrl: string; rpcUrl: string }
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
    ...(services.farcaster && services.farcasterRpc
      ? { farcaster: { relayUrl: services.farcaster, rpcUrl: services.farcasterRpc } }
      : {}),
  }
}
