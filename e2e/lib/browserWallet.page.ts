// Runs inside the host page (bundled by browserWallet.ts). Keep it plain: no test imports here.
import { createWalletClient, http, isHex, numberToHex, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

type Config = {
  privateKey: `0x${string}`
  rpcUrls: Record<number, string>
  chainId: number
  name: string
  rdns: string
  revokePermissions: boolean
}
type Listener = (...args: unknown[]) => void
type Control = { declineNext: boolean; calls: string[]; emit(event: string, data: unknown): void }

const config = (window as unknown as { __testWalletConfig: Config }).__testWalletConfig
const account = privateKeyToAccount(config.privateKey)
let chainId = config.chainId
// Like a real wallet, the permission to see accounts survives reloads of the page (per origin).
const permissionKey = `testwallet:${config.rdns}:permitted`
let permitted = localStorage.getItem(permissionKey) === '1'
function permit(value: boolean) {
  permitted = value
  if (value) localStorage.setItem(permissionKey, '1')
  else localStorage.removeItem(permissionKey)
}
const listeners = new Map<string, Set<Listener>>()

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

function client() {
  const url = config.rpcUrls[chainId]
  if (!url) throw new RpcError(4901, `Chain ${chainId} is not available`)
  return createWalletClient({
    account,
    chain: {
      id: chainId,
      name: `chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    },
    transport: http(url),
  }).extend(publicActions)
}

function emit(event: string, data: unknown) {
  for (const listener of listeners.get(event) ?? []) listener(data)
}

const control: Control = { declineNext: false, calls: [], emit }
;(window as unknown as { __testWallet: Control }).__testWallet = control

async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
  control.calls.push(method)
  const list = (params ?? []) as unknown[]
  const needsUser = ['eth_requestAccounts', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']
  if (needsUser.includes(method) && control.declineNext) {
    control.declineNext = false
    throw new RpcError(4001, 'User rejected the request.')
  }
  switch (method) {
    case 'eth_requestAccounts':
      permit(true)
      return [account.address]
    case 'eth_accounts':
      return permitted ? [account.address] : []
    case 'eth_chainId':
      return numberToHex(chainId)
    case 'wallet_revokePermissions':
      if (!config.revokePermissions) throw new RpcError(4200, 'Unsupported method: wallet_revokePermissions')
      permit(false)
      return null
    case 'wallet_switchEthereumChain': {
      const next = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
      if (!config.rpcUrls[next]) throw new RpcError(4902, `Unrecognized chain ${next}`)
      chainId = next
      emit('chainChanged', numberToHex(next))
      return null
    }
    case 'personal_sign': {
      if (!permitted) throw new RpcError(4100, 'Unauthorized')
      const message = list[0] as string
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      if (!permitted) throw new RpcError(4100, 'Unauthorized')
      const typed = JSON.parse(list[1] as string)
      return account.signTypedData(typed)
    }
    case 'eth_sendTransaction': {
      if (!permitted) throw new RpcError(4100, 'Unauthorized')
      const tx = list[0] as { to: `0x${string}`; value?: `0x${string}`; data?: `0x${string}` }
      return client().sendTransaction({
        to: tx.to,
        ...(tx.value ? { value: BigInt(tx.value) } : {}),
        ...(tx.data ? { data: tx.data } : {}),
      })
    }
    default:
      return client().request({ method, params } as never)
  }
}

const provider = {
  request,
  on(event: string, listener: Listener) {
    if (!listeners.has(event)) listeners.set(event, new Set())
    listeners.get(event)?.add(listener)
  },
  removeListener(event: string, listener: Listener) {
    listeners.get(event)?.delete(listener)
  },
}

const icon = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/></svg>')}`
const info = { uuid: crypto.randomUUID(), name: config.name, icon, rdns: config.rdns }
function announce() {
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
  )
}
window.addEventListener('eip6963:requestProvider', announce)
announce()
