import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isFrameReady, isFrameToHost, isLocaleTag } from './guards.js'
import {
  accountEntryTypes,
  accountTypes,
  chainNamespaces,
  connectionStatuses,
  eip1193Events,
  persistedMaxLength,
} from './internal/literals.js'
import { FrameReady, FrameToHost } from './messages.js'
import { Locale } from './validation.js'

// ---------------------------------------------------------------------------------------------
// Arbitraries for valid messages of every variant. Optional keys are sometimes absent, sometimes
// present as undefined, sometimes set: zod treats all three differently from a missing required key.

function optional<T>(arbitrary: fc.Arbitrary<T>) {
  return fc.option(arbitrary, { nil: undefined, freq: 3 })
}

/** A safe integer, with the edges zod's `.int()` draws the line at. */
const safeInt = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
)
const requestId = fc.oneof(fc.nat(), fc.maxSafeNat(), fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER))

const caipNetworkId = fc.oneof(
  fc.constantFrom(
    'eip155:1',
    'eip155:8453',
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    'bip122:000000000019d6689c',
  ),
  fc
    .tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/))
    .map(([namespace, reference]) => `${namespace}:${reference}`),
)
const caipAddress = fc.oneof(
  fc.constant('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'),
  fc
    .tuple(caipNetworkId, fc.stringMatching(/^[-.%a-zA-Z0-9]{1,128}$/))
    .map(([network, address]) => `${network}:${address}`),
)

const errorObject = fc.record(
  { code: safeInt, message: fc.string(), data: fc.anything() },
  { requiredKeys: ['code', 'message'] },
)

const accountEntry = fc.record({
  namespace: fc.constantFrom(...chainNamespaces),
  address: fc.string(),
  type: fc.constantFrom(...accountEntryTypes),
})

const embeddedWalletInfo = fc.record({
  authProvider: fc.string(),
  accountType: fc.constantFrom(...accountTypes),
  isSmartAccountDeployed: fc.boolean(),
  user: fc.record({ email: optional(fc.string()), username: optional(fc.string()) }, { requiredKeys: [] }),
})

const accountState = fc.record(
  {
    status: fc.constantFrom(...connectionStatuses),
    isConnected: fc.boolean(),
    address: optional(fc.string()),
    caipAddress: optional(caipAddress),
    allAccounts: fc.array(accountEntry, { maxLength: 3 }),
    connector: optional(fc.string()),
    embeddedWalletInfo: optional(embeddedWalletInfo),
  },
  { requiredKeys: ['status', 'isConnected', 'allAccounts'] },
)

const networkState = fc.record(
  {
    caipNetworkId: optional(caipNetworkId),
    chainId: optional(fc.string()),
    name: optional(fc.string()),
    supported: fc.boolean(),
  },
  { requiredKeys: ['supported'] },
)

const siwxSession = fc.record({
  id: fc.string(),
  message: fc.string(),
  signature: fc.string(),
  data: fc.record({
    accountAddress: fc.string(),
    chainId: caipNetworkId,
    domain: fc.string(),
    uri: fc.string(),
  }),
})

function event<E extends string, D>(name: E, data: fc.Arbitrary<D>) {
  return fc.record({ kind: fc.constant('event' as const), event: fc.constant(name), data })
}

/** A persisted blob, sometimes at the length limit (a mutation then pushes it over). */
const longest = 'x'.repeat(persistedMaxLength)
const persisted = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constant(longest))

const frameEvent = fc.oneof(
  event('initialized', fc.record({ account: accountState, network: networkState })),
  event('initError', errorObject),
  event('state', accountState),
  event('network', networkState),
  event('modal', fc.record({ open: fc.boolean() })),
  event('siwx', fc.option(siwxSession, { nil: null })),
  event('persist', fc.option(persisted, { nil: null })),
  event('eip1193', fc.record({ event: fc.constantFrom(...eip1193Events), data: fc.anything() })),
)

const response = fc.oneof(
  fc.record(
    { kind: fc.constant('response'), id: requestId, result: fc.anything(), error: fc.constant(undefined) },
    { requiredKeys: ['kind', 'id', 'result'] },
  ),
  fc.record(
    { kind: fc.constant('response'), id: requestId, error: errorObject, result: fc.anything() },
    { requiredKeys: ['kind', 'id', 'error'] },
  ),
)

const frameRequest = fc.oneof(
  fc.record({ kind: fc.constant('request'), id: requestId, method: fc.constant('injected:list') }),
  fc.record({
    kind: fc.constant('request'),
    id: requestId,
    method: fc.constant('injected:request'),
    params: fc.record(
      { rdns: fc.string({ minLength: 1 }), method: fc.string({ minLength: 1 }), params: fc.anything() },
      { requiredKeys: ['rdns', 'method'] },
    ),
  }),
)

const frameToHost = fc.oneof(frameEvent, response, frameRequest)

const frameReady = fc.record({
  channel: fc.constant('walletframe'),
  type: fc.constant('frame:ready'),
  version: safeInt,
})

/** fc.anything with every exotic the options offer: null prototypes, boxed values, sparse arrays… */
const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
})

// ---------------------------------------------------------------------------------------------
// Mutation: pick a node anywhere in a valid message and break it in one of many ways.

type Mutation = { at: number; op: number; key: string; junk: unknown }
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.nat(),
  key: fc.string(),
  junk: anything,
})

const edgeValues: unknown[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1.5,
  -1,
  2 ** 53,
  -(2 ** 53),
  '1',
  '',
  true,
  0,
  [],
  {},
  null,
  undefined,
]

/** Deep copy of plain objects and arrays, so a mutation never touches fast-check's own values. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy)
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copy(inner)]))
  return value
}

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number }

function slotsOf(value: unknown, slots: Slot[] = []): Slot[] {
  if (Array.isArray(value))
    value.forEach((inner, index) => {
      slots.push({ parent: value, key: index })
      slotsOf(inner, slots)
    })
  else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    for (const [key, inner] of Object.entries(value)) {
      slots.push({ parent: value as Record<string, unknown>, key })
      slotsOf(inner, slots)
    }
  return slots
}

function replace(value: unknown, { op, key, junk }: Mutation): unknown {
  switch (op % 10) {
    case 0:
      return junk
    case 1:
      return edgeValues[key.length % edgeValues.length]
    case 2:
      return [value]
    case 3:
      // Inherited properties: zod reads keys with `in`, so they count. Not from a typed array: an
      // object inheriting one throws on any read of its length, in zod as anywhere, and postMessage
      // cannot deliver one (the structured clone copies own properties into a plain object).
      return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)
        ? Object.create(value)
        : `${String(value)}x`
    case 4:
      return value !== null && typeof value === 'object' ? Object.assign(Object.create(null), value) : junk
    case 5:
      return typeof value === 'string' ? value.toUpperCase() + key : junk
    case 6:
      return value !== null && typeof value === 'object' ? Object.assign([], value) : -1
    default:
      return typeof value === 'number' ? value + 0.5 : undefined
  }
}

/**
 * Sets a key the way a sender could, leaving values that refuse it as they are: a boxed String's
 * indices are read-only (so Reflect.set, not assignment), and an array's `length` cannot take an
 * object without a primitive value (it throws).
 */
function setQuietly(target: object, key: string | number, value: unknown): void {
  try {
    Reflect.set(target, key, value)
  } catch {
    // The value stays as it was: still a message worth comparing.
  }
}

function mutate(value: unknown, mutations: Mutation[]): unknown {
  let root = copy(value)
  for (const change of mutations) {
    const slots = slotsOf(root)
    const index = change.at % (slots.length + 1)
    const slot = slots[index]
    if (!slot) {
      root = replace(root, change)
      continue
    }
    const { parent, key } = slot
    const current = (parent as Record<string | number, unknown>)[key]
    if (change.op % 13 === 10) delete (parent as Record<string | number, unknown>)[key]
    else if (change.op % 13 === 11 && current !== null && typeof current === 'object')
      setQuietly(current, change.key, change.junk)
    else if (change.op % 13 === 12) (parent as Record<string | number, unknown>)[key] = undefined
    else (parent as Record<string | number, unknown>)[key] = replace(current, change)
  }
  return root
}

const mutated = <T>(valid: fc.Arbitrary<T>) =>
  fc
    .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([value, changes]) => mutate(value, changes))

/** Runs the equivalence and counts both outcomes, so a test that only ever sees one side fails. */
function assertEquivalent(
  arbitrary: fc.Arbitrary<unknown>,
  guard: (value: unknown) => boolean,
  schema: { safeParse(value: unknown): { success: boolean } },
  numRuns: number,
) {
  const seen = { accepted: 0, rejected: 0 }
  fc.assert(
    fc.property(arbitrary, (value) => {
      const expected = schema.safeParse(value).success
      seen[expected ? 'accepted' : 'rejected']++
      expect(guard(value)).toBe(expected)
    }),
    { numRuns },
  )
  return seen
}

describe('isFrameToHost', () => {
  it('accepts every valid message of every variant', () => {
    const seen = assertEquivalent(frameToHost, isFrameToHost, FrameToHost, 3000)
    expect(seen.rejected).toBe(0)
  })

  it('agrees with FrameToHost.safeParse on mutated messages', () => {
    const seen = assertEquivalent(mutated(frameToHost), isFrameToHost, FrameToHost, 8000)
    expect(seen.accepted).toBeGreaterThan(400)
    expect(seen.rejected).toBeGreaterThan(2000)
  })

  it('agrees with FrameToHost.safeParse on arbitrary values', () => {
    const seen = assertEquivalent(anything, isFrameToHost, FrameToHost, 3000)
    expect(seen.rejected).toBeGreaterThan(2900)
  })

  const positives: [string, unknown][] = [
    ['a result', { kind: 'response', id: 1, result: { ok: true } }],
    ['an undefined result', { kind: 'response', id: 0, result: undefined }],
    ['a result with error: undefined', { kind: 'response', id: 0, result: 1, error: undefined }],
    ['an error', { kind: 'response', id: 2, error: { code: 4001, message: 'User rejected the request.' } }],
    [
      'an error that also carries a result',
      { kind: 'response', id: 2, result: 1, error: { code: 1, message: '' } },
    ],
    ['a result inherited through the prototype', Object.create({ kind: 'response', id: 1, result: 1 })],
    ['extra keys', { kind: 'response', id: 1, result: 1, extra: 'ignored' }],
    ['a modal event', { kind: 'event', event: 'modal', data: { open: true } }],
    ['a siwx sign-out', { kind: 'event', event: 'siwx', data: null }],
    ['a persist event', { kind: 'event', event: 'persist', data: '{"connector":"walletConnect"}' }],
    ['a persist event at the length limit', { kind: 'event', event: 'persist', data: longest }],
    ['a persist removal', { kind: 'event', event: 'persist', data: null }],
    [
      'an eip1193 event with undefined data',
      { kind: 'event', event: 'eip1193', data: { event: 'connect', data: undefined } },
    ],
    [
      'a connected state',
      {
        kind: 'event',
        event: 'state',
        data: {
          status: 'connected',
          isConnected: true,
          address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          allAccounts: [{ namespace: 'eip155', address: '0xf39F', type: 'eoa' }],
          embeddedWalletInfo: {
            authProvider: 'email',
            accountType: 'smartAccount',
            isSmartAccountDeployed: false,
            user: { email: 'a@b.co' },
          },
        },
      },
    ],
    ['an injected:list request', { kind: 'request', id: 7, method: 'injected:list' }],
    [
      'an injected:request request',
      {
        kind: 'request',
        id: 8,
        method: 'injected:request',
        params: { rdns: 'io.metamask', method: 'eth_accounts' },
      },
    ],
  ]
  for (const [name, value] of positives)
    it(`accepts ${name}`, () => {
      expect(FrameToHost.safeParse(value).success).toBe(true)
      expect(isFrameToHost(value)).toBe(true)
    })

  const negatives: [string, unknown][] = [
    ['a result answer carrying a malformed error', { kind: 'response', id: 1, error: 'junk' }],
    ['an answer with neither result nor error', { kind: 'response', id: 1 }],
    ['an error answer with error: undefined and no result', { kind: 'response', id: 1, error: undefined }],
    ['a fractional id', { kind: 'response', id: 1.5, result: 1 }],
    ['a negative id', { kind: 'response', id: -1, result: 1 }],
    ['an unsafe integer id', { kind: 'response', id: 2 ** 53, result: 1 }],
    ['a NaN id', { kind: 'response', id: Number.NaN, result: 1 }],
    ['an error with a fractional code', { kind: 'response', id: 1, error: { code: 1.5, message: 'x' } }],
    [
      'an array carrying the right keys',
      Object.assign([], { kind: 'event', event: 'modal', data: { open: true } }),
    ],
    ['a modal event with a string flag', { kind: 'event', event: 'modal', data: { open: 'true' } }],
    ['an unknown event', { kind: 'event', event: 'hello', data: {} }],
    ['an eip1193 event without data', { kind: 'event', event: 'eip1193', data: { event: 'connect' } }],
    ['a siwx event without data', { kind: 'event', event: 'siwx' }],
    ['a persist event without data', { kind: 'event', event: 'persist' }],
    ['a persist event with an object', { kind: 'event', event: 'persist', data: { a: 1 } }],
    ['a persist event over the length limit', { kind: 'event', event: 'persist', data: `${longest}x` }],
    [
      'a network with a three-part id',
      { kind: 'event', event: 'network', data: { caipNetworkId: 'eip155:1:0', supported: true } },
    ],
    [
      'a state with a two-part caipAddress',
      {
        kind: 'event',
        event: 'state',
        data: { status: 'connected', isConnected: true, caipAddress: 'eip155:1', allAccounts: [] },
      },
    ],
    [
      'a state with a hole in allAccounts',
      // biome-ignore lint/suspicious/noSparseArray: the hole is the point
      { kind: 'event', event: 'state', data: { status: 'connected', isConnected: true, allAccounts: [,] } },
    ],
    ['a host request (open)', { kind: 'request', id: 1, method: 'open', params: {} }],
    [
      'an injected:request with an empty rdns',
      { kind: 'request', id: 1, method: 'injected:request', params: { rdns: '', method: 'x' } },
    ],
    ['null', null],
    ['a string', 'walletframe'],
    ['a function', () => ({ kind: 'response', id: 1, result: 1 })],
  ]
  for (const [name, value] of negatives)
    it(`rejects ${name}`, () => {
      expect(FrameToHost.safeParse(value).success).toBe(false)
      expect(isFrameToHost(value)).toBe(false)
    })
})

describe('isFrameReady', () => {
  it('agrees with FrameReady.safeParse on valid, mutated and arbitrary values', () => {
    const valid = assertEquivalent(frameReady, isFrameReady, FrameReady, 1000)
    expect(valid.rejected).toBe(0)
    const broken = assertEquivalent(mutated(frameReady), isFrameReady, FrameReady, 4000)
    expect(broken.accepted).toBeGreaterThan(100)
    expect(broken.rejected).toBeGreaterThan(1000)
    assertEquivalent(anything, isFrameReady, FrameReady, 2000)
  })

  it('accepts the frame:ready message with extra keys', () => {
    const value = { channel: 'walletframe', type: 'frame:ready', version: 1, sent: 123 }
    expect(FrameReady.safeParse(value).success).toBe(true)
    expect(isFrameReady(value)).toBe(true)
  })

  for (const [name, value] of [
    ['another channel', { channel: 'other', type: 'frame:ready', version: 1 }],
    ['a string version', { channel: 'walletframe', type: 'frame:ready', version: '1' }],
    ['a fractional version', { channel: 'walletframe', type: 'frame:ready', version: 1.1 }],
    ['a missing version', { channel: 'walletframe', type: 'frame:ready' }],
    ['host:init', { channel: 'walletframe', type: 'host:init', version: 1 }],
  ] as const)
    it(`rejects ${name}`, () => {
      expect(FrameReady.safeParse(value).success).toBe(false)
      expect(isFrameReady(value)).toBe(false)
    })
})

describe('isLocaleTag', () => {
  /** Tags built from the pattern's pieces, with lengths at and past each limit. */
  const tag = fc
    .tuple(
      fc.stringMatching(/^[a-zA-Z0-9]{1,4}$/),
      fc.array(fc.stringMatching(/^[a-zA-Z0-9_ ]{0,10}$/), { maxLength: 5 }),
    )
    .map(([language, subtags]) => [language, ...subtags].join('-'))

  it('agrees with Locale.safeParse on tag-shaped, long and arbitrary values', () => {
    const shaped = assertEquivalent(tag, isLocaleTag, Locale, 4000)
    expect(shaped.accepted).toBeGreaterThan(100)
    expect(shaped.rejected).toBeGreaterThan(100)
    assertEquivalent(fc.string({ maxLength: 40 }), isLocaleTag, Locale, 2000)
    assertEquivalent(anything, isLocaleTag, Locale, 2000)
  })

  for (const value of ['en', 'ja', 'pt-BR', 'zh-Hans-CN', 'ar-EG'])
    it(`accepts ${value}`, () => {
      expect(Locale.safeParse(value).success).toBe(true)
      expect(isLocaleTag(value)).toBe(true)
    })

  for (const value of [
    '',
    'e',
    'en_US',
    'en-',
    '-en',
    'en US',
    'english-language',
    `en-${'abcdefgh-'.repeat(4)}x`,
  ])
    it(`rejects ${JSON.stringify(value)}`, () => {
      expect(Locale.safeParse(value).success).toBe(false)
      expect(isLocaleTag(value)).toBe(false)
    })
})
