// Loads a chain family's implementation on first use (see Chain.ts).
import type { Chain } from './Chain.js'

/** The chain family of `namespace`, loaded; undefined for a family the frame has none for (bip122). */
export async function load(namespace: string): Promise<Chain | undefined> {
  if (namespace === 'eip155') return (await import('./eip155/chain.js')).chain
  if (namespace === 'solana') return (await import('./solana/chain.js')).chain
  return undefined
}
