import { describe, expect, it } from 'vitest'
import { Mailbox, type Message, type Subscriber, subscriptionId } from './Mailbox.js'

const topic = 'a'.repeat(64)

function subscriber(clientId: string): Subscriber & { received: Array<[string, Message]> } {
  const received: Array<[string, Message]> = []
  return { clientId, received, deliver: (id, message) => received.push([id, message]) }
}

const input = { topic, message: 'hello', ttl: 60, tag: 1100, attestation: '' }

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
