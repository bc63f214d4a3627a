// Read by the host page scripts (in the browser): the configuration serveHostPage put in the page.
export type HostConfig = {
  frameUrl: string
  projectId: string
  networks: `${string}:${string}`[]
  /** eip155 chains the page's wagmi config knows: id, name, RPC URL (the devnets). */
  chains?: { id: number; name: string; rpcUrl: string }[]
  /** Solana JSON-RPC URL (the devnet). */
  solanaRpcUrl?: string
  /** wagmi's EIP-6963 discovery (createConfig's multiInjectedProviderDiscovery); wagmi's default, on, when unset. */
  multiInjectedProviderDiscovery?: boolean
  /** The modal's features (createWalletframe's `features`), e.g. `{ smartSessions: true }`. */
  features?: Record<string, boolean>
}

export function hostConfig(): HostConfig {
  const element = document.getElementById('host-config')
  if (!element?.textContent) throw new Error('The page has no #host-config')
  return JSON.parse(element.textContent) as HostConfig
}
