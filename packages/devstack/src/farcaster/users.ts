// The Farcaster accounts of the devstack: a fixed fid and profile each, and a custody key that the local
// IdRegistry names as the fid's owner. `mallory` holds a key but no fid: her signatures must fail
// custody checks whatever fid she claims.
import { type Hex, keccak256, toBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

export type FarcasterUser = {
  /** Key for picking the user (`alice`). */
  key: string
  /** The fid registered to the custody key; undefined for a key without one. */
  fid: number | undefined
  username: string
  displayName: string
  bio: string
  pfpUrl: string
  /** The custody account's private key (devstack only; derived from a fixed label). */
  custodyKey: Hex
  custody: Hex
}

/** A fixed key per label: deterministic across runs, and apart from the funded test mnemonic's accounts. */
const custodyKeyOf = (label: string) => keccak256(toBytes(`walletframe devstack farcaster custody: ${label}`))

function user(key: string, fid: number | undefined, displayName: string): FarcasterUser {
  const custodyKey = custodyKeyOf(key)
  return {
    key,
    fid,
    username: key,
    displayName,
    bio: `${displayName}, a devstack Farcaster account`,
    pfpUrl: `https://example.test/farcaster/${key}.png`,
    custodyKey,
    custody: privateKeyToAddress(custodyKey),
  }
}

export const farcasterUsers: readonly FarcasterUser[] = [
  user('alice', 20_001, 'Alice Example'),
  user('bob', 20_002, 'Bob Example'),
  user('mallory', undefined, 'Mallory (no fid)'),
]

export function farcasterUser(key: string): FarcasterUser {
  const found = farcasterUsers.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`No devstack Farcaster user "${key}"`)
  return found
}
