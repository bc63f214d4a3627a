// Which social logins the Connect view offers: SPEC §1's list in its order unless the host picked
// providers (features.socials, a list in the host's order, or false for none). Farcaster signs in
// through its own relay and view, so it is not a popup provider here.
import type { Features, FrameSocialProvider } from '@walletframe/protocol'

export const defaultSocials: readonly FrameSocialProvider[] = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
]

const popupProviders = new Set<string>(defaultSocials)

export function socialsOf(features: Features | undefined): FrameSocialProvider[] {
  const chosen = features?.socials
  if (chosen === false) return []
  if (chosen === undefined) return [...defaultSocials]
  return chosen.filter((name): name is FrameSocialProvider => popupProviders.has(name))
}

export const socialLabels: Record<FrameSocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
