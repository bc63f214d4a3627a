import { describe, expect, it } from 'vitest'
import {
  AccountName,
  AccountType,
  Email,
  FrameSocialProvider,
  Otp,
  SignedMessage,
  SocialProvider,
  ThemeMode,
  TxHash,
} from './validation.js'

type Schema = { safeParse(value: unknown): { success: boolean } }

function vectors(schema: Schema, valid: unknown[], invalid: unknown[]) {
  for (const value of valid)
    it(`accepts ${JSON.stringify(value)}`, () => expect(schema.safeParse(value).success).toBe(true))
  for (const value of invalid)
    it(`rejects ${JSON.stringify(value)}`, () => expect(schema.safeParse(value).success).toBe(false))
}

describe('TxHash', () => {
  vectors(
    TxHash,
    [`0x${'a'.repeat(64)}`, `0x${'AbC123'.repeat(10)}abcd`],
    [`0x${'a'.repeat(63)}`, `0x${'a'.repeat(65)}`, 'a'.repeat(66), `0x${'g'.repeat(64)}`, 1],
  )
})

describe('SignedMessage', () => {
  vectors(
    SignedMessage,
    [`0x${'a'.repeat(62)}`, `0x${'f'.repeat(130)}`],
    [`0x${'a'.repeat(61)}`, '0x', `${'a'.repeat(64)}`, `0x${'z'.repeat(64)}`],
  )
})

describe('AccountName', () => {
  vectors(
    AccountName,
    ['alice', 'a-b-c', 'Name2024', 'abcd'],
    ['abc', 'ali ce', 'alice.eth', 'ünï-code', '', 'under_score'],
  )
})

describe('Email', () => {
  vectors(
    Email,
    ['a@b.co', 'first.last+tag@example.org'],
    ['a@b', 'no-at.example.org', '@example.org', 'a b@example.org', ''],
  )
})

describe('Otp', () => {
  vectors(Otp, ['123456', ''], [123456, null])
})

describe('FrameSocialProvider', () => {
  vectors(
    FrameSocialProvider,
    ['google', 'github', 'apple', 'facebook', 'x', 'discord'],
    ['farcaster', 'Google', 'twitter'],
  )
})

describe('SocialProvider', () => {
  vectors(
    SocialProvider,
    ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    ['twitter', 'email', ''],
  )
})

describe('ThemeMode', () => {
  vectors(ThemeMode, ['dark', 'light'], ['system', 'Dark', ''])
})

describe('AccountType', () => {
  vectors(AccountType, ['eoa', 'smartAccount'], ['payment', 'EOA'])
})
