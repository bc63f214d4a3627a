// Loads a chain family's implementation on first use (see Chain.ts).
import type { Chain } from './Chain.js'

const loading = new Map<string, Promise<Chain | undefined>>()

/**
 * The chain family of `namespace`, loaded; undefined for a family the frame has none for (bip122).
 * The same promise for a namespace every time, so a view can read it while rendering (React's `use`);
 * a chunk that failed to load is tried again on the next call.
 */
export function load(namespace: string): Promise<Chain | undefined> {
  let found = loading.get(namespace)
  if (!found) {
    found = importChain(namespace)
    found.catch(() => loading.delete(namespace))
    loading.set(namespace, found)
  }
  return found
}

async function importChain(namespace: string): Promise<Chain | undefined> {
  if (namespace === 'eip155') return (await import('./eip155/chain.js')).chain
  if (namespace === 'solana') return (await import('./solana/chain.js')).chain
  return undefined
}
