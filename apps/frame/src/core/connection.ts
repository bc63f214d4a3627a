// The connection: which connector, its CAIP-10 accounts across namespaces,
// and the status disconnected -> connecting -> connected. What the host sees (`AccountState`) is
// derived from it and the active network, so switching between namespaces needs no reconnect.
import {
  type AccountEntry,
  type AccountState,
  type CaipAddress,
  type ChainNetwork,
  type ConnectionStatus,
  chainNamespaces,
  parseAddress,
} from '@walletframe/protocol'
import type { Connector } from '../connectors/Connector.js'
import * as Store from '../lib/store.js'

export type ConnectionState = {
  readonly status: ConnectionStatus
  /** Every account of the connection; the first of a namespace is its selected account. */
  readonly accounts: readonly CaipAddress[]
  readonly connector:
    | (Pick<Connector, 'id' | 'type' | 'name' | 'icon'> & {
        readonly embeddedWalletInfo?: AccountState['embeddedWalletInfo']
        /** Addresses that are not EOAs, lower-case (Connector.accountTypes). */
        readonly accountTypes?: Readonly<Record<string, AccountEntry['type']>>
      })
    | undefined
}

export const disconnected: ConnectionState = { status: 'disconnected', accounts: [], connector: undefined }

/** What a connector says of its accounts beyond their addresses, as the state keeps it. */
function described(connector: Connector) {
  const embeddedWalletInfo = connector.walletInfo?.()
  const accountTypes = connector.accountTypes?.()
  return {
    ...(embeddedWalletInfo ? { embeddedWalletInfo } : {}),
    ...(accountTypes && Object.keys(accountTypes).length > 0 ? { accountTypes } : {}),
  }
}

function withoutDescription(connector: NonNullable<ConnectionState['connector']>) {
  const { embeddedWalletInfo: _info, accountTypes: _types, ...rest } = connector
  return rest
}

/** Which connector to reconnect after a reload (non-secret; kept where storage allows). */
export const storageKey = 'walletframe:connector'

export function create() {
  const store = Store.create<ConnectionState>(disconnected)
  /** The live connector: held here, used only through the Connector contract. */
  let active: Connector | undefined
  return {
    ...store,
    connector: () => active,
    /** A connector produced a connection: it becomes the active one. */
    attach(connector: Connector, accounts: readonly CaipAddress[]) {
      active = connector
      const { id, type, name, icon } = connector
      store.set({
        status: 'connected',
        accounts,
        connector: { id, type, name, icon, ...described(connector) },
      })
    },
    /** New accounts from the active connector: its wallet info and account types may have moved too. */
    setAccounts(accounts: readonly CaipAddress[]) {
      store.set((state) => ({
        ...state,
        accounts,
        ...(state.connector && active
          ? { connector: { ...withoutDescription(state.connector), ...described(active) } }
          : {}),
      }))
    },
    setStatus(status: ConnectionStatus) {
      store.set((state) => ({ ...state, status }))
    },
    /** Forgets the connector and its accounts; returns the connector that was active. */
    detach(): Connector | undefined {
      const previous = active
      active = undefined
      store.set(disconnected)
      return previous
    },
  }
}
export type ConnectionStore = ReturnType<typeof create>

/** The selected address on `network`: an account on that network, else one of its namespace. */
export function addressOn(
  accounts: readonly CaipAddress[],
  network: Pick<ChainNetwork, 'caipNetworkId' | 'chainNamespace'> | undefined,
): string | undefined {
  if (!network) return undefined
  const parsed = accounts.map(parseAddress)
  return (
    parsed.find((account) => account.caipNetworkId === network.caipNetworkId) ??
    parsed.find((account) => account.namespace === network.chainNamespace)
  )?.address
}

/** The connected account on a network and that network. */
export type ActiveAccount = { readonly network: ChainNetwork; readonly address: string }

/**
 * The connected account on `network` (the active one), when there is one: where a send, a swap or
 * a sign-in starts from.
 */
export function activeAccount(
  state: ConnectionState,
  network: ChainNetwork | undefined,
): ActiveAccount | undefined {
  if (state.status !== 'connected' || !network) return undefined
  const address = addressOn(state.accounts, network)
  return address ? { network, address } : undefined
}

/** One entry per namespace with its selected address (the host's `allAccounts`). */
export function accountEntries(
  accounts: readonly CaipAddress[],
  types: Readonly<Record<string, AccountEntry['type']>> = {},
): AccountEntry[] {
  const seen = new Set<string>()
  const entries: AccountEntry[] = []
  for (const account of accounts) {
    const { namespace, address } = parseAddress(account)
    const key = `${namespace}:${address}`
    if (seen.has(key) || !(chainNamespaces as readonly string[]).includes(namespace)) continue
    seen.add(key)
    entries.push({
      namespace: namespace as AccountEntry['namespace'],
      address,
      // Account type: payment for bitcoin; what the connector says (the embedded smart account); else eoa.
      type: namespace === 'bip122' ? 'payment' : (types[address.toLowerCase()] ?? 'eoa'),
    })
  }
  return entries
}

/** The host-facing account state for the active network. */
export function toAccountState(state: ConnectionState, network: ChainNetwork | undefined): AccountState {
  if (state.status !== 'connected') return { status: state.status, isConnected: false, allAccounts: [] }
  const address = addressOn(state.accounts, network)
  return {
    status: 'connected',
    isConnected: true,
    ...(address && network
      ? { address, caipAddress: `${network.caipNetworkId}:${address}` as CaipAddress }
      : {}),
    allAccounts: accountEntries(state.accounts, state.connector?.accountTypes),
    ...(state.connector ? { connector: state.connector.type } : {}),
    ...(state.connector?.embeddedWalletInfo
      ? { embeddedWalletInfo: state.connector.embeddedWalletInfo }
      : {}),
  }
}

/** The selected eip155 address (what EIP-1193 eth_accounts reports), if any. */
export function evmAddress(state: ConnectionState): string | undefined {
  if (state.status !== 'connected') return undefined
  return state.accounts.map(parseAddress).find((account) => account.namespace === 'eip155')?.address
}
