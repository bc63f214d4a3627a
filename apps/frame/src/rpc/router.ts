// The EIP-1193 router: what the frame answers itself (accounts, chain id), read calls that go to
// the network's RPC endpoint, chain switches, and wallet calls that go to the active connector for
// the network they are for. Works on the Connector contract alone. A request a browser wallet or
// WalletConnect would sign is reviewed first (core/reviewGate.ts): it reaches the wallet only once the
// user continues, and never when the project's policy blocks it. The embedded wallet reviews in its
// own approval.
import {
  type ChainNetwork,
  InvalidParamsError,
  isBitcoinMethod,
  messages,
  type RpcRequest,
  UnauthorizedError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@walletframe/protocol'
import * as Navigation from '../core/actions/navigation.js'
import * as SwitchNetwork from '../core/actions/switchNetwork.js'
import type { Core } from '../core/Core.js'
import * as Connection from '../core/connection.js'
import * as Networks from '../core/networks.js'
import { reviewedRequestOf } from '../core/reviewedRequest.js'
import type { ReviewGate } from '../core/reviewGate.js'
import type { Client } from '../data/client.js'
import { rpcCode } from '../lib/errors.js'
import * as Methods from './methods.js'
import * as SolanaChain from './solanaChain.js'

export type Deps = Pick<
  Core,
  'modal' | 'connection' | 'networks' | 'toasts' | 'storage' | 'isMobile' | 'analytics'
> & {
  /** A read call on a network's JSON-RPC endpoint. */
  read(network: ChainNetwork, method: string, params: unknown): Promise<unknown>
  /**
   * The API, whose token balances answer wallet_getAssets for a wallet that lacks it; without it
   * that refusal stands.
   */
  api?: Pick<Client, 'get'> | undefined
  /** The review gate, loaded on first use; without it (no API to review with) requests go straight on. */
  review?: (() => Promise<Pick<ReviewGate, 'ask'>>) | undefined
}

/**
 * A wallet's refusals that mean it lacks a method: 4200 (a WalletConnect session that did not
 * approve it, or a wallet that says so) and -32601 (method not found, as browser wallets answer).
 */
const lacksMethod = new Set([4200, -32601])

export function create(core: Deps) {
  /** eth_requestAccounts callers waiting for the user to connect in the modal. */
  const waiters = new Set<{ resolve(accounts: string[]): void; reject(error: Error): void }>()
  const settle = () => {
    const address = Connection.evmAddress(core.connection.get())
    if (address) {
      for (const waiter of waiters) waiter.resolve([address])
      waiters.clear()
    } else if (!core.modal.get().open) {
      for (const waiter of waiters) waiter.reject(new UserRejectedRequestError())
      waiters.clear()
    }
  }
  core.connection.subscribe(settle)
  core.modal.subscribe((next, previous) => {
    if (next.open !== previous.open) settle()
  })

  /**
   * The network a wallet call is for: the one named (by the request, or by the `chain` a Solana or
   * Bitcoin call carries), else the active one of the method's family.
   */
  function networkFor(request: RpcRequest, chain?: string): ChainNetwork {
    const family = Methods.namespaceOf(request.method)
    if (request.chainId) {
      const named = core.networks.find(request.chainId)
      if (!named) throw new UnrecognizedChainError(request.chainId)
      return named
    }
    if (chain !== undefined) {
      const named =
        family === 'solana'
          ? SolanaChain.network(chain, core.networks.get().available)
          : core.networks.find(chain)
      if (!named) throw new UnrecognizedChainError(chain)
      return named
    }
    const { active, available } = core.networks.get()
    if (active?.chainNamespace === family) return active
    const { accounts } = core.connection.get()
    const withAccount = available.find(
      (network) =>
        network.chainNamespace === family &&
        accounts.some((account) => account.startsWith(`${network.caipNetworkId}:`)),
    )
    const fallback = withAccount ?? available.find((network) => network.chainNamespace === family)
    if (!fallback) throw new UnrecognizedChainError(family)
    return fallback
  }

  function local(request: RpcRequest): unknown {
    if (request.method === 'eth_chainId') {
      const { chainId } = Networks.toNetworkState(core.networks.get())
      if (!chainId) throw new UnrecognizedChainError('eip155')
      return chainId
    }
    const address = Connection.evmAddress(core.connection.get())
    if (request.method === 'eth_accounts' || address) return address ? [address] : []
    // eth_requestAccounts: answer at once when connected, otherwise let the user connect.
    return new Promise<string[]>((resolve, reject) => {
      waiters.add({ resolve, reject })
      Navigation.open(core)
    })
  }

  async function switchFromParams(params: unknown) {
    const first = (Array.isArray(params) ? params[0] : undefined) as { chainId?: unknown } | undefined
    if (typeof first?.chainId !== 'string' || !/^0x[0-9a-fA-F]+$/.test(first.chainId))
      throw new InvalidParamsError('wallet_switchEthereumChain expects [{ chainId: "0x…" }]')
    await SwitchNetwork.switchNetwork(core, `eip155:${Number.parseInt(first.chainId, 16)}`)
    return null
  }

  /**
   * wallet_getAssets (ERC-7811) for a wallet that lacks it, answered in the frame rather than by the
   * SDK in the host page: the API reads any address's balances on the host's networks, so the frame
   * answers for browser and WalletConnect wallets alike, and the SDK's core entry stays as small as
   * its budget asks. Only for the connected account (4100 otherwise): the frame answers as the
   * wallet would, not as a balance service for any address a host names.
   */
  async function assetsFromApi(api: NonNullable<Deps['api']>, params: unknown) {
    const account = Connection.evmAddress(core.connection.get())
    if (!account) throw new UnauthorizedError(messages.connectBeforeRequest)
    const WalletAssets = await import('../data/walletAssets.js')
    const networks = core.networks.get().available.filter((network) => network.chainNamespace === 'eip155')
    return WalletAssets.request(
      { account: account as `0x${string}`, networks, balances: WalletAssets.balancesFrom(api) },
      params,
    )
  }

  async function request(request: RpcRequest): Promise<unknown> {
    const route = Methods.route(request.method)
    if (route === 'blocked') throw new UnsupportedMethodError(request.method)
    if (route === 'local') return local(request)
    if (request.method === 'wallet_switchEthereumChain') return switchFromParams(request.params)
    // Read calls are eth_*: they go to an EVM network even while a Solana one is active.
    if (route === 'chain') return core.read(networkFor(request), request.method, request.params)
    const connector = core.connection.connector()
    if (!connector) throw new UnauthorizedError(messages.connectBeforeRequest)
    // The chain a Solana or Bitcoin call names picks the network; the wallet gets the parameters it knows.
    const { chain, params } =
      Methods.namespaceOf(request.method) === 'eip155'
        ? { chain: undefined, params: request.params }
        : SolanaChain.split(request.params)
    const network = networkFor(request, chain)
    try {
      if (isBitcoinMethod(request.method)) {
        // Bitcoin's checks carry a Bitcoin library: loaded with the first Bitcoin call.
        const Bitcoin = await import('./bitcoin.js')
        const checked = Bitcoin.check(request.method, params, network, core.connection.get().accounts)
        const answer = await connector.request({
          method: request.method,
          params: checked,
          network: network.caipNetworkId,
        })
        return Bitcoin.checkAnswer(request.method, answer)
      }
      // The embedded wallet ('auth') reviews in its own approval, after its own checks.
      if (core.review && connector.type !== 'auth' && reviewedRequestOf(request.method, params))
        await (await core.review()).ask({
          method: request.method,
          params,
          network: network.caipNetworkId,
        })
      return await connector.request({ method: request.method, params, network: network.caipNetworkId })
    } catch (error) {
      if (request.method === 'wallet_getAssets' && core.api && lacksMethod.has(rpcCode(error) ?? 0))
        return assetsFromApi(core.api, params)
      // A call the wallet did not approve (4200) shows "Action not allowed".
      if (rpcCode(error) === 4200) core.toasts.error(messages.actionNotAllowed)
      throw error
    }
  }

  return { request }
}
export type Router = ReturnType<typeof create>
