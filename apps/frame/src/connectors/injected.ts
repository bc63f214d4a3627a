// Browser wallets live in the host page, not in the frame: the SDK finds them with EIP-6963 and
// runs their calls there on the frame's behalf (`injected:list`, `injected:request`).
import {
  type InjectedWalletInfo,
  InjectedWalletInfo as InjectedWalletInfoSchema,
} from '@walletframe/protocol'
import { z } from 'zod'
import type { HostChannel } from '../host/HostChannel.js'
import type { Connection, Connector } from './Connector.js'

type Bridge = Pick<HostChannel, 'request'>

const Accounts = z.array(z.string())
const ChainIdHex = z.string().regex(/^0x[0-9a-fA-F]+$/)

export async function list(bridge: Bridge): Promise<InjectedWalletInfo[]> {
  return z.array(InjectedWalletInfoSchema).parse(await bridge.request('injected:list'))
}

export function connectorId(rdns: string): string {
  return `injected:${rdns}`
}

export function create(bridge: Bridge, wallet: InjectedWalletInfo): Connector {
  const request = (method: string, params?: unknown) =>
    bridge.request(
      'injected:request',
      params === undefined ? { rdns: wallet.rdns, method } : { rdns: wallet.rdns, method, params },
    )

  async function connection(accounts: unknown): Promise<Connection> {
    const chainId = ChainIdHex.parse(await request('eth_chainId'))
    return { accounts: Accounts.parse(accounts), chainId: Number.parseInt(chainId, 16) }
  }

  return {
    id: connectorId(wallet.rdns),
    type: 'injected',
    name: wallet.name,
    icon: wallet.icon,
    async connect() {
      return connection(await request('eth_requestAccounts'))
    },
    async reconnect() {
      const accounts = Accounts.parse(await request('eth_accounts'))
      return accounts.length ? connection(accounts) : undefined
    },
    request,
    async disconnect() {
      // EIP-2255: wallets that support it forget the permission; others ignore the call.
      await request('wallet_revokePermissions', [{ eth_accounts: {} }]).catch(() => undefined)
    },
  }
}
