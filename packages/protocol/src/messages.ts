// The host <-> frame channel, version 1 (the handshake and its rules: docs/host-frame-channel.md).
// Two window messages make the handshake; everything after travels over a private MessagePort.
import { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'
import { ErrorObject } from './errors.js'
import {
  accountEntryTypes,
  channelName,
  connectionStatuses,
  eip1193Events,
  injectedEvents,
  persistedMaxLength,
  protocolVersion,
} from './internal/literals.js'
import * as z from './internal/zod.js'
import { AccountType, Locale, ThemeMode } from './validation.js'
import { ViewName } from './views.js'

// The literals live in a zod-free module so the host SDK can use them without bundling zod.
export {
  accountEntryTypes,
  channelName,
  connectionStatuses,
  eip1193Events,
  injectedEvents,
  persistedMaxLength,
  protocolVersion,
}

// ---------------------------------------------------------------------------------------------
// Configuration the host sends in `host:init`.

export const Features = z.object({
  swaps: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  email: z.optional(z.boolean()),
  /** false turns social login off; a list picks providers and their order. */
  socials: z.optional(
    z.union([
      z.literal(false),
      z.array(z.enum(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])),
    ]),
  ),
  history: z.optional(z.boolean()),
  analytics: z.optional(z.boolean()),
  allWallets: z.optional(z.boolean()),
  legalCheckbox: z.optional(z.boolean()),
  smartSessions: z.optional(z.boolean()),
  collapseWallets: z.optional(z.boolean()),
})
export type Features = z.infer<typeof Features>

/** CSS custom properties the host may set on the modal, e.g. `--wf-accent`. */
export const ThemeVariables = z.record(
  z.string().check(z.regex(/^--wf-[a-z0-9-]{1,40}$/, 'Theme variables are named --wf-…')),
  z.string().check(z.maxLength(200)),
)
export type ThemeVariables = z.infer<typeof ThemeVariables>

export const Metadata = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z._default(z.string().check(z.maxLength(500)), ''),
  url: z.url(),
  icons: z._default(z.array(z.url()), []),
})
export type Metadata = z.infer<typeof Metadata>

export const HostConfig = z.object({
  projectId: z.string().check(z.minLength(1), z.maxLength(128)),
  networks: z.array(CaipNetworkId).check(z.minLength(1)),
  defaultNetwork: z.optional(CaipNetworkId),
  features: z._default(Features, {}),
  themeMode: z._default(ThemeMode, 'dark'),
  themeVariables: z._default(ThemeVariables, {}),
  /** The frame's language; absent: the browser's languages, else English. */
  locale: z.optional(Locale),
  metadata: Metadata,
  /**
   * Sign in with a signed message after connect (SIWE / SIWS). Absent: no sign-in. `required`: the
   * user cannot close the modal or stay connected without signing (default false).
   */
  siwx: z.optional(z.object({ required: z._default(z.boolean(), false) })),
  enableLogger: z._default(z.boolean(), false),
})
export type HostConfig = z.infer<typeof HostConfig>
export type HostConfigInput = z.input<typeof HostConfig>

// ---------------------------------------------------------------------------------------------
// Handshake window messages.

export const FrameReady = z.object({
  channel: z.literal(channelName),
  type: z.literal('frame:ready'),
  version: z.int(),
})
export type FrameReady = z.infer<typeof FrameReady>

/** An opaque blob of the frame's non-secret state, kept in host-origin storage by the SDK. */
export const PersistedState = z.string().check(z.maxLength(persistedMaxLength))
export type PersistedState = z.infer<typeof PersistedState>

export const HostInit = z.object({
  channel: z.literal(channelName),
  type: z.literal('host:init'),
  version: z.int(),
  sdkVersion: z.string().check(z.maxLength(40)),
  sdkType: z._default(z.string().check(z.maxLength(40)), 'walletframe'),
  config: HostConfig,
  /**
   * The frame's state blob the host keeps for it (the last `persist` event's data), if any. Opaque
   * to the host: the frame stores its non-secret connector state there when its own storage is
   * blocked (README.md, "Storage regimes").
   */
  persisted: z.optional(PersistedState),
})
export type HostInit = z.infer<typeof HostInit>

// ---------------------------------------------------------------------------------------------
// State the frame reports.

export const ConnectionStatus = z.enum(connectionStatuses)
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

export const AccountEntry = z.object({
  namespace: ChainNamespace,
  address: z.string(),
  type: z.enum(accountEntryTypes),
})
export type AccountEntry = z.infer<typeof AccountEntry>

/** The connected-account summary the host sees in `state` events. */
export const AccountState = z.object({
  status: ConnectionStatus,
  isConnected: z.boolean(),
  address: z.optional(z.string()),
  caipAddress: z.optional(CaipAddress),
  allAccounts: z.array(AccountEntry),
  /** How the account is connected: walletConnect, injected, or auth (email / social). */
  connector: z.optional(z.string()),
  embeddedWalletInfo: z.optional(
    z.object({
      authProvider: z.string(),
      accountType: AccountType,
      isSmartAccountDeployed: z.boolean(),
      user: z.object({ email: z.optional(z.string()), username: z.optional(z.string()) }),
    }),
  ),
})
export type AccountState = z.infer<typeof AccountState>

export const NetworkState = z.object({
  caipNetworkId: z.optional(CaipNetworkId),
  /** The chain id as EIP-1193 reports it (hex for eip155). */
  chainId: z.optional(z.string()),
  name: z.optional(z.string()),
  supported: z.boolean(),
})
export type NetworkState = z.infer<typeof NetworkState>

/**
 * The sign-in session the frame reports (`siwx` event). The frame sends a whole SignInSession (every
 * CAIP-122 field, the message, the signature, the CACAO) and the API's id for it; the schema names
 * what a host page reads. A page passes the object on as it came: its backend checks all of it with
 * `verifySession` (`@walletframe/sdk/server`), which parses `SignInSession`.
 */
export const SiwxSession = z.object({
  /** The API's id of the stored session (GET /v1/sessions/{id}). */
  id: z.string(),
  message: z.string(),
  signature: z.string(),
  data: z.object({ accountAddress: z.string(), chainId: CaipNetworkId, domain: z.string(), uri: z.string() }),
})
export type SiwxSession = z.infer<typeof SiwxSession>

// ---------------------------------------------------------------------------------------------
// Port messages: host -> frame requests.

export const RpcRequest = z.object({
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
  chainId: z.optional(CaipNetworkId),
})
export type RpcRequest = z.infer<typeof RpcRequest>

const requestId = z.int().check(z.nonnegative())

export const HostRequest = z.discriminatedUnion('method', [
  z.object({
    kind: z.literal('request'),
    id: requestId,
    method: z.literal('open'),
    params: z._default(z.object({ view: z.optional(ViewName) }), {}),
  }),
  z.object({ kind: z.literal('request'), id: requestId, method: z.literal('close') }),
  z.object({ kind: z.literal('request'), id: requestId, method: z.literal('rpc'), params: RpcRequest }),
  z.object({
    kind: z.literal('request'),
    id: requestId,
    method: z.literal('switchNetwork'),
    params: z.object({ caipNetworkId: CaipNetworkId }),
  }),
  z.object({ kind: z.literal('request'), id: requestId, method: z.literal('disconnect') }),
  z.object({
    kind: z.literal('request'),
    id: requestId,
    method: z.literal('setTheme'),
    params: z.object({ themeMode: z.optional(ThemeMode), themeVariables: z.optional(ThemeVariables) }),
  }),
  z.object({
    kind: z.literal('request'),
    id: requestId,
    method: z.literal('setLocale'),
    params: z.object({ locale: Locale }),
  }),
])
export type HostRequest = z.infer<typeof HostRequest>
export type HostRequestMethod = HostRequest['method']

// ---------------------------------------------------------------------------------------------
// Port messages: frame -> host.

/**
 * Answer to a request, either way. Exactly one of result / error: a result answer may not carry an
 * `error` key, or a malformed error (`error: 'junk'`) would pass as a successful result.
 */
export const Response = z.union([
  z.object({
    kind: z.literal('response'),
    id: requestId,
    result: z.unknown(),
    error: z.optional(z.undefined()),
  }),
  z.object({ kind: z.literal('response'), id: requestId, error: ErrorObject }),
])
export type Response = z.infer<typeof Response>

export const FrameEvent = z.discriminatedUnion('event', [
  z.object({
    kind: z.literal('event'),
    event: z.literal('initialized'),
    data: z.object({ account: AccountState, network: NetworkState }),
  }),
  z.object({ kind: z.literal('event'), event: z.literal('initError'), data: ErrorObject }),
  z.object({ kind: z.literal('event'), event: z.literal('state'), data: AccountState }),
  z.object({ kind: z.literal('event'), event: z.literal('network'), data: NetworkState }),
  z.object({ kind: z.literal('event'), event: z.literal('modal'), data: z.object({ open: z.boolean() }) }),
  z.object({ kind: z.literal('event'), event: z.literal('siwx'), data: z.nullable(SiwxSession) }),
  /** Store this blob for the frame and hand it back in the next `host:init`; null removes it. */
  z.object({ kind: z.literal('event'), event: z.literal('persist'), data: z.nullable(PersistedState) }),
  z.object({
    kind: z.literal('event'),
    event: z.literal('eip1193'),
    data: z.object({ event: z.enum(eip1193Events), data: z.unknown() }),
  }),
])
export type FrameEvent = z.infer<typeof FrameEvent>
export type FrameEventName = FrameEvent['event']

/** Requests the frame makes of the host: browser wallets live in the host page (EIP-6963). */
export const FrameRequest = z.discriminatedUnion('method', [
  z.object({ kind: z.literal('request'), id: requestId, method: z.literal('injected:list') }),
  z.object({
    kind: z.literal('request'),
    id: requestId,
    method: z.literal('injected:request'),
    params: z.object({
      rdns: z.string().check(z.minLength(1)),
      method: z.string().check(z.minLength(1)),
      params: z.optional(z.unknown()),
    }),
  }),
])
export type FrameRequest = z.infer<typeof FrameRequest>

export const FrameToHost = z.union([Response, FrameEvent, FrameRequest])
export type FrameToHost = z.infer<typeof FrameToHost>

// ---------------------------------------------------------------------------------------------
// Port messages: host -> frame events.

/**
 * Events the host sends unasked. `injected:event`: a host-page wallet the frame has used (through
 * `injected:request`) emitted an EIP-1193 event; `data` is the wallet's own payload (accounts,
 * hex chain id, or the disconnect error as an ErrorObject).
 */
export const HostEvent = z.discriminatedUnion('event', [
  z.object({
    kind: z.literal('event'),
    event: z.literal('injected:event'),
    data: z.object({
      rdns: z.string().check(z.minLength(1)),
      event: z.enum(injectedEvents),
      data: z.unknown(),
    }),
  }),
])
export type HostEvent = z.infer<typeof HostEvent>

export const HostToFrame = z.union([Response, HostRequest, HostEvent])
export type HostToFrame = z.infer<typeof HostToFrame>

/** One EIP-6963 wallet the host page announced (icon is a data URI). */
export const InjectedWalletInfo = z.object({
  uuid: z.string(),
  name: z.string(),
  icon: z.string(),
  rdns: z.string(),
})
export type InjectedWalletInfo = z.infer<typeof InjectedWalletInfo>
