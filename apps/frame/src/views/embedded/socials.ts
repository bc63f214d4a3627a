// Which social logins the Connect view offers: all of `defaultSocials` in its order unless the host picked
// providers (features.socials, a list in the host's order, or false for none). Farcaster is among them
// but signs in through its relay on the ConnectingFarcaster view, not in an OAuth popup.
import type { Features, SocialProvider } from '@walletframe/protocol'

export const defaultSocials: readonly SocialProvider[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
]

const offered = new Set<string>(defaultSocials)

export function socialsOf(features: Features | undefined): SocialProvider[] {
  const chosen = features?.socials
  if (chosen === false) return []
  if (chosen === undefined) return [...defaultSocials]
  return chosen.filter((name): name is SocialProvider => offered.has(name))
}

export const socialLabels: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
