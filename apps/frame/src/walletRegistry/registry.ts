// The wallet list for AllWallets and the Connect view: from the API's `GET /v1/wallets` when the
// frame has an API, else from the registry file bundled at build time (loaded on first use).
import type { FrameConfig } from '@walletframe/protocol'
import {
  type RegistryWallet,
  select,
  WalletRegistryFile,
  type WalletsQuery,
  WalletsResponse,
} from '@walletframe/protocol/walletRegistry'

/** The wallet list could not be loaded. */
export class WalletRegistryError extends Error {
  override name = 'WalletRegistryError'
  readonly code = 'WALLET_REGISTRY_UNAVAILABLE'
}

export function create(
  config: Pick<FrameConfig, 'apiUrl'>,
  doFetch: typeof fetch,
  context: { projectId(): string | undefined } = { projectId: () => undefined },
) {
  /** Every wallet seen so far, by lowercase name (to recognise the app a session came from). */
  const known = new Map<string, RegistryWallet>()
  let bundled: Promise<RegistryWallet[]> | undefined

  const remember = (response: WalletsResponse) => {
    for (const wallet of response.data) known.set(wallet.name.toLowerCase(), wallet)
    return response
  }

  async function fromApi(apiUrl: string, query: WalletsQuery): Promise<WalletsResponse> {
    const url = new URL('/v1/wallets', apiUrl)
    url.searchParams.set('page', String(query.page))
    url.searchParams.set('entries', String(query.entries))
    if (query.search) url.searchParams.set('search', query.search)
    const projectId = context.projectId()
    if (projectId) url.searchParams.set('projectId', projectId)
    url.searchParams.set('st', 'walletframe')
    let response: Response
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(10_000) })
    } catch (error) {
      throw new WalletRegistryError(`The wallet list did not load (${(error as Error).name})`)
    }
    if (!response.ok) throw new WalletRegistryError(`The wallet list did not load (HTTP ${response.status})`)
    return WalletsResponse.parse(await response.json())
  }

  return {
    async list(query: WalletsQuery): Promise<WalletsResponse> {
      if (config.apiUrl) return remember(await fromApi(config.apiUrl, query))
      bundled ??= import('../../../api/wallets/registry.json').then(
        (module) => WalletRegistryFile.parse(module.default).wallets,
      )
      return remember(select(await bundled, query))
    },
    findByName(name: string): RegistryWallet | undefined {
      return known.get(name.toLowerCase())
    },
  }
}
export type Registry = ReturnType<typeof create>
