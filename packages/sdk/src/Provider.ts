// The EIP-1193 provider the host's web3 libraries talk to. Calls travel to the frame as `rpc`;
// eth_chainId and eth_accounts are answered from the last known state, without a round trip.
// https://eips.ethereum.org/EIPS/eip-1193
import type { AccountState, NetworkState, RpcRequest } from '@walletframe/protocol'
import { InvalidParamsError, ProviderRpcError } from '@walletframe/protocol/errors'
import * as Emitter from './Emitter.js'
import { handled } from './internal/promise.js'

export type EventMap = {
  accountsChanged: string[]
  chainChanged: string
  connect: { chainId: string }
  /** EIP-1193: a ProviderRpcError (an Error, code 4900), which libraries check with instanceof. */
  disconnect: ProviderRpcError
}
export type EventName = keyof EventMap

export type RequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object }

export type Provider = {
  readonly isWalletframe: true
  request(args: RequestArguments): Promise<unknown>
  on<E extends EventName>(event: E, listener: (data: EventMap[E]) => void): Provider
  removeListener<E extends EventName>(event: E, listener: (data: EventMap[E]) => void): Provider
}

export type Options = {
  /** Sends an EIP-1193 call to the frame. */
  request(rpc: RpcRequest): Promise<unknown>
}

export type Controller = {
  provider: Provider
  /** Delivers an eip1193 event from the frame to the listeners. */
  emit(event: EventName, data: unknown): void
  /**
   * Updates what eth_accounts / eth_chainId answer locally from the state and network the frame
   * reported; before the frame has initialised (`ready` false) they are asked of the frame.
   */
  sync(
    state: Pick<AccountState, 'allAccounts'> & { ready: boolean },
    network: Pick<NetworkState, 'caipNetworkId' | 'chainId'> | undefined,
  ): void
}

export function create({ request }: Options): Controller {
  const emitters = new Map<string, Emitter.Emitter<unknown>>()
  let accounts: string[] | undefined
  let chainId: string | undefined
  const emitter = (event: string) =>
    emitters.get(event) ?? (emitters.set(event, Emitter.create()).get(event) as Emitter.Emitter<unknown>)

  const provider: Provider = {
    isWalletframe: true,
    request: (args) =>
      handled(
        (async () => {
          const method = args?.method
          if (typeof method !== 'string' || !method)
            throw new InvalidParamsError('Expected { method, params? }')
          if (method === 'eth_chainId' && chainId) return chainId
          if (method === 'eth_accounts' && accounts) return [...accounts]
          return request({ method, params: args.params })
        })(),
      ),
    on(event, listener) {
      emitter(event).on(listener as (data: unknown) => void)
      return provider
    },
    removeListener(event, listener) {
      emitter(event).off(listener as (data: unknown) => void)
      return provider
    },
  }

  return {
    provider,
    emit(event, data) {
      // Keep the local answers in step, so a listener that calls eth_accounts sees the new value.
      if (event === 'accountsChanged' && Array.isArray(data))
        accounts = data.filter((a) => typeof a === 'string')
      if (event === 'chainChanged' && typeof data === 'string') chainId = data
      if (event === 'disconnect') {
        accounts = []
        // The frame reports one kind of disconnect (4900); the error is built here so that it is an
        // Error of this realm, whatever the message carried.
        data = new ProviderRpcError(4900, 'Disconnected')
      }
      emitter(event).emit(data)
    },
    sync(state, network) {
      // EIP-1193 is EVM: it answers with the connection's EVM account, whichever namespace is active.
      // (allAccounts is empty while not connected.)
      const evm = state.allAccounts.find((account) => account.namespace === 'eip155')
      accounts = state.ready ? (evm ? [evm.address] : []) : undefined
      chainId = state.ready && network?.caipNetworkId?.startsWith('eip155:') ? network.chainId : undefined
    },
  }
}
