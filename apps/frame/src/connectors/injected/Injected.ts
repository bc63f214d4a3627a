// Browser wallets live in the host page, not in the frame: the SDK finds them with EIP-6963 and
// runs their calls there on the frame's behalf (`injected:list`, `injected:request`); their own
// events come back as `injected:event`. EVM only (EIP-1193).
import {
  type CaipAddress,
  type CaipNetworkId,
  type HostEvent,
  type InjectedWalletInfo,
  InjectedWalletInfo as InjectedWalletInfoSchema,
  UnrecognizedChainError,
} from '@walletframe/protocol'
import * as z from 'zod/mini'
import { rpcCode } from '../../lib/errors.js'
import type { Connection, Connector, Event } from '../Connector.js'

/** What the connector needs of the host channel. */
export type Bridge = {
  request(
    method: 'injected:request',
    params: { rdns: string; method: string; params?: unknown },
  ): Promise<unknown>
  request(method: 'injected:list'): Promise<unknown>
}

/** The host page's wallet events, as the host channel receives them. */
export type HostEvents = { subscribe(listener: (event: HostEvent) => void): () => void }

const Accounts = z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)))
const ChainIdHex = z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))

/** The browser wallets the host page announced. */
export async function list(bridge: Pick<Bridge, 'request'>): Promise<InjectedWalletInfo[]> {
  return z.array(InjectedWalletInfoSchema).parse(await bridge.request('injected:list'))
}

export function connectorId(rdns: string): string {
  return `injected:${rdns}`
}

export function create(bridge: Bridge, events: HostEvents, wallet: InjectedWalletInfo): Connector {
  const listeners = new Set<(event: Event) => void>()
  let chainId: number | undefined
  let addresses: readonly string[] = []
  let unsubscribe: (() => void) | undefined

  const emit = (event: Event) => {
    for (const listener of listeners) listener(event)
  }
  const call = (method: string, params?: unknown) =>
    bridge.request(
      'injected:request',
      params === undefined ? { rdns: wallet.rdns, method } : { rdns: wallet.rdns, method, params },
    )
  const network = (): CaipNetworkId => `eip155:${chainId ?? 1}`
  const caip = (list: readonly string[]): CaipAddress[] =>
    list.map((address) => `${network()}:${address}` as const)

  async function connection(accounts: unknown): Promise<Connection> {
    addresses = Accounts.parse(accounts)
    chainId = Number.parseInt(ChainIdHex.parse(await call('eth_chainId')), 16)
    follow()
    return { accounts: caip(addresses), network: network() }
  }

  /** Follows the wallet's own events while connected. */
  function follow() {
    unsubscribe ??= events.subscribe((message) => {
      const { rdns, event, data } = message.data
      if (rdns !== wallet.rdns) return
      if (event === 'chainChanged') {
        const parsed = ChainIdHex.safeParse(data)
        if (!parsed.success) return
        chainId = Number.parseInt(parsed.data, 16)
        emit({ type: 'chainChanged', network: network() })
        return
      }
      const accounts = event === 'accountsChanged' ? Accounts.safeParse(data) : undefined
      if (accounts?.success && accounts.data.length > 0) {
        addresses = accounts.data
        emit({ type: 'accountsChanged', accounts: caip(addresses) })
        return
      }
      // No account left for the site (the user disconnected it in the wallet), or the wallet disconnected.
      stop()
      emit({ type: 'disconnect', reason: 'ended' })
    })
  }

  function stop() {
    unsubscribe?.()
    unsubscribe = undefined
    addresses = []
  }

  return {
    id: connectorId(wallet.rdns),
    type: 'injected',
    name: wallet.name,
    icon: wallet.icon,
    // The request waits in this browser wallet's own prompt.
    walletApp: () => ({ name: wallet.name }),
    async connect() {
      return connection(await call('eth_requestAccounts'))
    },
    async reconnect() {
      const accounts = Accounts.parse(await call('eth_accounts'))
      return accounts.length ? connection(accounts) : undefined
    },
    async disconnect() {
      stop()
      // EIP-2255: wallets that support it forget the permission; others ignore the call.
      await call('wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
    },
    request({ method, params }) {
      return call(method, params)
    },
    async switchNetwork(target) {
      if (target.chainNamespace !== 'eip155' || typeof target.id !== 'number')
        throw new UnrecognizedChainError(target.caipNetworkId)
      const hex = `0x${target.id.toString(16)}`
      try {
        await call('wallet_switchEthereumChain', [{ chainId: hex }])
      } catch (error) {
        if (rpcCode(error) !== 4902) throw error
        await call('wallet_addEthereumChain', [
          {
            chainId: hex,
            chainName: target.name,
            nativeCurrency: target.nativeCurrency,
            rpcUrls: target.rpcUrls.default.http,
          },
        ])
      }
      chainId = target.id
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
