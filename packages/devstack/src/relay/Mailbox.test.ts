import { describe, expect, it } from 'vitest'
import { MailboxLimitExceededError, TtlTooLongError, TtlTooShortError } from './errors.js'
import { defaultLimits, Mailbox, type Message, type Subscriber, subscriptionId } from './Mailbox.js'

const topic = 'a'.repeat(64)

function subscriber(clientId: string): Subscriber & { received: Array<[string, Message]> } {
  const received: Array<[string, Message]> = []
  return { clientId, received, deliver: (id, message) => received.push([id, message]) }
}

const input = { topic, message: 'hello', ttl: 60, tag: 1100, attestation: '' }
const otherTopic = 'b'.repeat(64)

/** A wallet that subscribed to `topics` and went away: its mail waits in the mailbox. */
function awayWallet(mailbox: Mailbox, ...topics: string[]) {
  const wallet = subscriber('did:key:wallet')
  for (const each of topics) mailbox.subscribe(wallet, each)
  mailbox.remove(wallet)
  return wallet
}

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

const mailboxLimitExceeded = {
  code: -32000,
  message: 'Request handler error: Mailbox limit exceeded',
  data: 'MailboxLimitExceeded',
}

describe('Mailbox.subscribe', () => {
  it('hands a new subscriber the messages published before it came', () => {
    const mailbox = new Mailbox()
    mailbox.publish('did:key:dapp', input)
    const wallet = subscriber('did:key:wallet')
    const { id, pending } = mailbox.subscribe(wallet, topic)
    expect(id).toBe(subscriptionId(topic, 'did:key:wallet'))
    expect(pending.map((message) => message.message)).toEqual(['hello'])
  })

  it('does not hand a client its own messages or ones it acknowledged', () => {
    const mailbox = new Mailbox()
    const message = mailbox.publish('did:key:dapp', input)
    expect(mailbox.subscribe(subscriber('did:key:dapp'), topic).pending).toEqual([])
    mailbox.acknowledge('did:key:wallet', topic, message.hash)
    expect(mailbox.subscribe(subscriber('did:key:wallet'), topic).pending).toEqual([])
  })
})

describe('Mailbox.publish', () => {
  it('delivers to current subscribers but never back to the sender', () => {
    const mailbox = new Mailbox()
    const dapp = subscriber('did:key:dapp')
    const wallet = subscriber('did:key:wallet')
    mailbox.subscribe(dapp, topic)
    mailbox.subscribe(wallet, topic)
    mailbox.publish('did:key:dapp', input)
    expect(dapp.received).toEqual([])
    expect(wallet.received).toHaveLength(1)
    expect(wallet.received[0]?.[0]).toBe(subscriptionId(topic, 'did:key:wallet'))
    expect(wallet.received[0]?.[1]).toMatchObject({ topic, message: 'hello', tag: 1100, attestation: '' })
  })

  it('stores a republished message once', () => {
    const mailbox = new Mailbox()
    const wallet = subscriber('did:key:wallet')
    mailbox.subscribe(wallet, topic)
    mailbox.publish('did:key:dapp', input)
    mailbox.publish('did:key:dapp', input)
    expect(wallet.received).toHaveLength(1)
    expect(mailbox.stats().messages).toBe(1)
  })

  it('forgets a message when its TTL has passed', () => {
    let now = 1_000_000
    const mailbox = new Mailbox({ now: () => now })
    mailbox.publish('did:key:dapp', { ...input, ttl: 30 })
    now += 29_999
    expect(mailbox.subscribe(subscriber('did:key:late'), topic).pending).toHaveLength(1)
    now += 1
    expect(mailbox.subscribe(subscriber('did:key:later'), topic).pending).toEqual([])
    mailbox.sweep()
    expect(mailbox.stats().messages).toBe(0)
  })
})

describe('Mailbox.publish limits', () => {
  it('refuses a message that would put a recipient over its message cap, until it reads its mail', () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 2 } })
    awayWallet(mailbox, topic)
    const first = mailbox.publish('did:key:dapp', { ...input, message: 'one' })
    mailbox.publish('did:key:dapp', { ...input, message: 'two' })
    const refused = thrown(() => mailbox.publish('did:key:dapp', { ...input, message: 'three' }))
    expect(refused).toBeInstanceOf(MailboxLimitExceededError)
    expect((refused as MailboxLimitExceededError).toJSON()).toEqual(mailboxLimitExceeded)
    expect(mailbox.stats().messages).toBe(2)
    expect(mailbox.usage('did:key:wallet')).toEqual({ messages: 2, bytes: 6 })

    // Once the wallet acknowledged one, there is room again.
    mailbox.acknowledge('did:key:wallet', topic, first.hash)
    expect(mailbox.publish('did:key:dapp', { ...input, message: 'three' }).message).toBe('three')
  })

  it("counts a client's mail across all the topics it subscribed to", () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 2 } })
    awayWallet(mailbox, topic, otherTopic)
    mailbox.publish('did:key:dapp', { ...input, message: 'on the first topic' })
    mailbox.publish('did:key:other-dapp', { ...input, topic: otherTopic, message: 'on the second' })
    expect(() => mailbox.publish('did:key:dapp', { ...input, message: 'one too many' })).toThrow(
      MailboxLimitExceededError,
    )
  })

  it('refuses a message that would put a recipient over its byte cap, counting UTF-8 bytes', () => {
    const mailbox = new Mailbox({ limits: { maxBytes: 8 } })
    awayWallet(mailbox, topic)
    mailbox.publish('did:key:dapp', { ...input, message: 'hello' })
    // 'éé' is 2 characters but 4 bytes: 5 + 4 > 8.
    expect(() => mailbox.publish('did:key:dapp', { ...input, message: 'éé' })).toThrow(
      MailboxLimitExceededError,
    )
    mailbox.publish('did:key:dapp', { ...input, message: 'é' })
    expect(mailbox.usage('did:key:wallet')).toEqual({ messages: 2, bytes: 7 })
  })

  it('caps what waits on a topic nobody else has subscribed to yet', () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 1 } })
    mailbox.publish('did:key:dapp', input)
    expect(() => mailbox.publish('did:key:dapp', { ...input, message: 'again' })).toThrow(
      MailboxLimitExceededError,
    )
    // Another topic has its own backlog.
    expect(() => mailbox.publish('did:key:dapp', { ...input, topic: otherTopic })).not.toThrow()
  })

  it('does not count a republished message twice', () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 1 } })
    awayWallet(mailbox, topic)
    const message = mailbox.publish('did:key:dapp', input)
    expect(mailbox.publish('did:key:dapp', input)).toBe(message)
  })

  it('stores all of a batch or none of it', () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 1 } })
    awayWallet(mailbox, topic)
    expect(() => mailbox.publishAll('did:key:dapp', [input, { ...input, message: 'second' }])).toThrow(
      MailboxLimitExceededError,
    )
    expect(mailbox.stats().messages).toBe(0)
  })

  it("stops counting a topic's mail for a client that unsubscribed from it", () => {
    const mailbox = new Mailbox({ limits: { maxMessages: 1 } })
    const wallet = subscriber('did:key:wallet')
    mailbox.subscribe(wallet, topic)
    mailbox.publish('did:key:dapp', input)
    mailbox.unsubscribe(wallet, topic)
    expect(mailbox.usage('did:key:wallet')).toEqual({ messages: 0, bytes: 0 })
  })

  it("refuses a ttl of 0 or above the maximum, with the hosted relay's errors", () => {
    const mailbox = new Mailbox({ limits: { maxTtlSeconds: 600 } })
    expect(() => mailbox.publish('did:key:dapp', { ...input, ttl: 0 })).toThrow(TtlTooShortError)
    expect(() => mailbox.publish('did:key:dapp', { ...input, ttl: 601 })).toThrow(TtlTooLongError)
    expect(new TtlTooLongError().toJSON()).toEqual({
      code: -32000,
      message: 'Request handler error: TTL too long',
      data: 'TtlTooLong',
    })
    expect(mailbox.publish('did:key:dapp', { ...input, ttl: 600 }).expiresAt).toBeGreaterThan(0)
    expect(mailbox.stats().messages).toBe(1)
  })

  it("defaults to caps far above a session and to the SDK's longest TTL, 30 days", () => {
    expect(new Mailbox().limits).toEqual(defaultLimits)
    expect(defaultLimits.maxTtlSeconds).toBe(30 * 24 * 60 * 60)
    expect(new Mailbox({ limits: { maxMessages: 5 } }).limits).toEqual({ ...defaultLimits, maxMessages: 5 })
    expect(() => new Mailbox({ limits: { maxBytes: 0 } })).toThrow(RangeError)
  })
})

describe('Mailbox expiry', () => {
  it('never delivers or hands out an expired message, and frees its place in the mailbox', () => {
    let now = 1_000_000
    const mailbox = new Mailbox({ now: () => now, limits: { maxMessages: 1 } })
    awayWallet(mailbox, topic)
    mailbox.publish('did:key:dapp', { ...input, message: 'stale', ttl: 30 })
    now += 30_000
    expect(mailbox.usage('did:key:wallet')).toEqual({ messages: 0, bytes: 0 })
    mailbox.publish('did:key:dapp', { ...input, message: 'fresh', ttl: 30 })
    const wallet = subscriber('did:key:wallet')
    expect(mailbox.subscribe(wallet, topic).pending.map((message) => message.message)).toEqual(['fresh'])
    now += 30_000
    expect(mailbox.fetch('did:key:wallet', [topic])).toEqual([])
    expect(mailbox.subscribe(subscriber('did:key:late'), topic).pending).toEqual([])
    expect(mailbox.stats().messages).toBe(0)
  })

  it('takes a republish of an expired message as a new message', () => {
    let now = 1_000_000
    const mailbox = new Mailbox({ now: () => now })
    const wallet = subscriber('did:key:wallet')
    mailbox.subscribe(wallet, topic)
    mailbox.publish('did:key:dapp', { ...input, ttl: 30 })
    now += 30_000
    mailbox.publish('did:key:dapp', { ...input, ttl: 30 })
    expect(wallet.received.map(([, message]) => message.publishedAt)).toEqual([1_000_000, 1_030_000])
  })
})

describe('Mailbox.fetch', () => {
  it('returns waiting messages once', () => {
    const mailbox = new Mailbox()
    mailbox.publish('did:key:dapp', input)
    expect(mailbox.fetch('did:key:wallet', [topic]).map((message) => message.message)).toEqual(['hello'])
    expect(mailbox.fetch('did:key:wallet', [topic])).toEqual([])
  })
})

describe('Mailbox.remove', () => {
  it('ends the subscriptions of a closed client and keeps its mail', () => {
    const mailbox = new Mailbox()
    const wallet = subscriber('did:key:wallet')
    mailbox.subscribe(wallet, topic)
    mailbox.remove(wallet)
    mailbox.publish('did:key:dapp', input)
    expect(wallet.received).toEqual([])
    expect(mailbox.subscribe(subscriber('did:key:wallet'), topic).pending).toHaveLength(1)
  })
})
