// A dapp on viem (runs in the host page; bundled by hostPage.ts): a wallet client over the SDK's
// EIP-1193 provider, and a log of the provider's events in order, with the chain viem reads when
// `connect` arrives (what a dapp starting from that event sees); viem's own EIP-5792 actions
// (getCapabilities, sendCalls, waitForCallsStatus) over the same provider; and the status and Open
// button the login helpers look for (emailLogin.ts); viem's experimental ERC-7715 grantPermissions.
// `window.host` is for the spec.
import { createWalletframe } from '@walletframe/sdk'
import { type Address, type BaseError, createWalletClient, custom, defineChain } from 'viem'
import { grantPermissions } from 'viem/experimental'
import { hostConfig } from './hostConfig.js'
import type { SendCallsRequest } from './viemHost.js'

const settings = hostConfig()
const instance = createWalletframe({
  projectId: settings.projectId,
  frameUrl: settings.frameUrl,
  networks: settings.networks,
  metadata: { name: 'viem host', url: location.origin },
  ...(settings.features ? { features: settings.features } : {}),
})
const { provider } = instance
const client = createWalletClient({ transport: custom(provider) })

const events: string[] = []
let chainAtConnect: Promise<number> | undefined
provider.on('connect', (info) => {
  events.push(`connect ${JSON.stringify(info)}`)
  chainAtConnect = client.getChainId()
})
provider.on('chainChanged', (chainId) => events.push(`chainChanged ${JSON.stringify(chainId)}`))
provider.on('accountsChanged', (accounts) => events.push(`accountsChanged ${JSON.stringify(accounts)}`))
provider.on('disconnect', (error) => events.push(`disconnect ${error.code}`))

/** sendCalls takes a chain for its id alone. */
const chainOf = (id: number) =>
  defineChain({
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })

/** The EIP-1193 code viem's error carries (on itself or a cause), with its message, details and data. */
function failure(error: unknown) {
  type Link = { code?: unknown; cause?: unknown; data?: unknown } | undefined
  let cause = error as Link
  while (cause && typeof cause.code !== 'number') cause = cause.cause as Link
  // viem's error for a code keeps the provider's error as its cause, with the wallet's data.
  let withData = cause
  while (withData && withData.data === undefined) withData = withData.cause as Link
  return {
    error: {
      code: cause?.code as number | undefined,
      message: (error as BaseError).shortMessage,
      details: (error as BaseError).details,
      data: withData?.data,
    },
  }
}

const root = document.getElementById('root') as HTMLElement
root.innerHTML =
  '<p data-testid="sdk-status">starting</p><p data-testid="state-status"></p><button type="button" data-testid="open">Open</button>'
const text = (id: string, value: string) => {
  ;(root.querySelector(`[data-testid="${id}"]`) as HTMLElement).textContent = value
}
const render = (state: ReturnType<typeof instance.getState>) => {
  text('sdk-status', state.error ? 'error' : state.ready ? 'ready' : 'starting')
  text('state-status', state.status)
}
render(instance.getState())
instance.subscribeState(render)
;(root.querySelector('[data-testid="open"]') as HTMLElement).addEventListener(
  'click',
  () => void instance.open(),
)

/** One required permission of `kind` with a token-allowance policy of `allowance`; the grant's gist, or the error. */
function grantAllowance(
  request: { allowance: string; expiry: number },
  kind:
    | { type: 'native-token-transfer'; data: { ticker: string } }
    | { type: 'erc20-token-transfer'; data: { address: Address; ticker: string } },
) {
  return grantPermissions(client, {
    expiry: request.expiry,
    permissions: [
      {
        ...kind,
        policies: [{ type: 'token-allowance', data: { allowance: BigInt(request.allowance) } }],
        required: true,
      },
    ],
  }).then(
    (granted) => ({
      permissionsContext: granted.permissionsContext,
      expiry: granted.expiry,
      types: granted.grantedPermissions.map((permission) => permission.type),
    }),
    failure,
  )
}

const host = {
  /** viem's eth_requestAccounts: opens the modal; resolves once a wallet is connected. */
  requestAddresses: () => client.requestAddresses(),
  events: () => events,
  chainAtConnect: () => chainAtConnect,
  state: () => instance.getState(),
  disconnect: () => instance.disconnect(),
  /** viem's getCapabilities for `account` on `chainId`. */
  getCapabilities: (account: Address, chainId: number) => client.getCapabilities({ account, chainId }),
  /**
   * viem's grantPermissions (ERC-7715): a native-token-transfer permission with a token-allowance
   * of `allowance` wei until `expiry` (unix seconds); answers the grant, or the error.
   */
  grantNativeAllowance: (request: { allowance: string; expiry: number }) =>
    grantAllowance(request, { type: 'native-token-transfer', data: { ticker: 'ETH' } }),
  /**
   * viem's grantPermissions (ERC-7715): an erc20-token-transfer permission on `token` with a
   * token-allowance of `allowance` base units until `expiry`; answers the grant, or the error.
   */
  grantTokenAllowance: (request: { token: Address; allowance: string; expiry: number }) =>
    grantAllowance(request, {
      type: 'erc20-token-transfer',
      data: { address: request.token, ticker: 'USDC' },
    }),
  /**
   * viem's sendCalls; answers `{ id }`, or the error's code and message. `permissions`: a grant's
   * context; `capabilities`: others, as given (paymasterService).
   */
  sendCalls: (request: SendCallsRequest) =>
    client
      .sendCalls({
        account: request.account,
        chain: chainOf(request.chainId),
        forceAtomic: request.forceAtomic ?? false,
        ...(request.permissions || request.capabilities
          ? {
              capabilities: {
                ...request.capabilities,
                ...(request.permissions ? { permissions: { context: request.permissions } } : {}),
              },
            }
          : {}),
        calls: request.calls.map((call) => ({
          to: call.to,
          ...(call.data ? { data: call.data } : {}),
          ...(call.value ? { value: BigInt(call.value) } : {}),
        })),
      })
      .then(({ id }) => ({ id }), failure),
  /**
   * viem's waitForCallsStatus: the batch's final status, bigints as strings. viem asks every 4 s over
   * a custom transport unless told otherwise; `pollingInterval` asks more often.
   */
  waitForCallsStatus: async (id: string, pollingInterval?: number) => {
    const { status, statusCode, atomic, chainId, receipts } = await client.waitForCallsStatus({
      id,
      timeout: 90_000,
      ...(pollingInterval && { pollingInterval }),
    })
    return {
      status,
      statusCode,
      atomic,
      chainId,
      receipts: receipts?.map((receipt) => ({
        status: receipt.status,
        transactionHash: receipt.transactionHash,
      })),
    }
  },
}
Object.assign(window, { host, walletframe: instance })
