// The input rules every side checks alike (hashes, signatures, names, frame payloads), as
// schemas shared by the frame, the API and the SDK's guards.
import { accountTypes } from './internal/literals.js'
import { isLocaleTag } from './internal/localeTag.js'
import * as z from './internal/zod.js'

export { accountTypes }

/** A transaction hash: 0x plus 64 hex characters. */
export const TxHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash'))
/** A signed message: 0x plus at least 62 hex characters. */
export const SignedMessage = z.string().check(z.regex(/^0x[0-9a-fA-F]{62,}$/, 'Invalid signature'))
/** A registrable name: letters, digits, hyphen only; at least 4 characters. */
export const AccountName = z
  .string()
  .check(
    z.regex(/^[a-zA-Z0-9-]+$/, 'Name may contain letters, digits and hyphens only'),
    z.minLength(4, 'Name must be at least 4 characters'),
  )

export const Email = z.email('Invalid email address')
export const Otp = z.string()

/** Social providers the embedded frame accepts in its payloads. */
export const frameSocialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export const FrameSocialProvider = z.enum(frameSocialProviders)
export type FrameSocialProvider = z.infer<typeof FrameSocialProvider>

/** Social logins the product offers (Farcaster signs in with Sign In With Farcaster, not OAuth). */
export const socialProviders = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export const SocialProvider = z.enum(socialProviders)
export type SocialProvider = z.infer<typeof SocialProvider>

export const themeModes = ['dark', 'light'] as const
export const ThemeMode = z.enum(themeModes)
export type ThemeMode = z.infer<typeof ThemeMode>

/** The language the host asks the frame to speak, a BCP 47 tag such as `ja` or `pt-BR`. */
export const Locale = z.string().check(z.refine((value) => isLocaleTag(value), 'Invalid locale tag'))
export type Locale = z.infer<typeof Locale>

export const AccountType = z.enum(accountTypes)
export type AccountType = z.infer<typeof AccountType>
