// Topic -> messages kept until their TTL, and topic -> subscribers. A message goes to every
// subscriber of its topic except its sender, now or when they subscribe later, until each
// client acknowledges it (WalletConnect peers are often offline when their peer publishes).
import { createHash } from 'node:crypto'

export type Message = {
  readonly topic: string
  readonly message: string
  /** Milliseconds since the epoch, as the SDK expects in `irn_subscription`. */
  readonly publishedAt: number
  readonly tag: number
  readonly attestation: string
  readonly expiresAt: number
  /** Client id (did:key) of the publisher; it never gets its own message back. */
  readonly senderId: string
  /** sha256 of the message; identifies it for acks and duplicate publishes. */
  readonly hash: string
  /** Client ids that acknowledged the message. */
  readonly acknowledgedBy: Set<string>
}

/** Whoever receives messages: one client connection. */
export type Subscriber = {
  /** The client's did:key from its auth JWT. Stable across reconnects. */
  readonly clientId: string
  deliver(subscriptionId: string, message: Message): void
}

export type PublishInput = Pick<Message, 'topic' | 'message' | 'tag' | 'attestation'> & {
  /** Seconds to keep the message for subscribers that are not there yet. */
  readonly ttl: number
}

export type Stats = { topics: number; messages: number; subscriptions: number }

export class Mailbox {
  readonly #messages = new Map<string, Map<string, Message>>()
  readonly #subscribers = new Map<string, Map<Subscriber, string>>()
  readonly #now: () => number

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now
  }

  /**
   * Subscribes and returns the subscription id with the messages already waiting on the topic.
   * The caller delivers those after answering the subscribe call, so the client learns its
   * subscription before the first push for it.
   */
  subscribe(subscriber: Subscriber, topic: string): { id: string; pending: Message[] } {
    const id = subscriptionId(topic, subscriber.clientId)
    let subscribers = this.#subscribers.get(topic)
    if (!subscribers) {
      subscribers = new Map()
      this.#subscribers.set(topic, subscribers)
    }
    subscribers.set(subscriber, id)
    return { id, pending: this.#pending(subscriber.clientId, topic) }
  }

  unsubscribe(subscriber: Subscriber, topic: string): void {
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers) return
    subscribers.delete(subscriber)
    if (subscribers.size === 0) this.#subscribers.delete(topic)
  }

  /** Drops every subscription of a subscriber (its socket closed); its mail stays. */
  remove(subscriber: Subscriber): void {
    for (const topic of [...this.#subscribers.keys()]) this.unsubscribe(subscriber, topic)
  }

  /** Stores a message and delivers it to the topic's current subscribers but the sender. */
  publish(senderId: string, input: PublishInput): Message {
    const hash = sha256(input.message)
    let messages = this.#messages.get(input.topic)
    if (!messages) {
      messages = new Map()
      this.#messages.set(input.topic, messages)
    }
    // The SDK republishes on a slow ack; a second copy would only be dropped by every peer.
    const existing = messages.get(hash)
    if (existing && existing.expiresAt > this.#now()) return existing
    const now = this.#now()
    const message: Message = {
      topic: input.topic,
      message: input.message,
      publishedAt: now,
      tag: input.tag,
      attestation: input.attestation,
      expiresAt: now + input.ttl * 1000,
      senderId,
      hash,
      acknowledgedBy: new Set(),
    }
    messages.set(hash, message)
    for (const [subscriber, id] of this.#subscribers.get(input.topic) ?? []) {
      if (subscriber.clientId !== senderId) subscriber.deliver(id, message)
    }
    return message
  }

  /** Messages waiting for a client on the given topics; they count as delivered once fetched. */
  fetch(clientId: string, topics: readonly string[]): Message[] {
    const messages = topics.flatMap((topic) => this.#pending(clientId, topic))
    for (const message of messages) message.acknowledgedBy.add(clientId)
    return messages
  }

  acknowledge(clientId: string, topic: string, hash: string): void {
    this.#messages.get(topic)?.get(hash)?.acknowledgedBy.add(clientId)
  }

  /** Forgets expired messages. */
  sweep(): void {
    const now = this.#now()
    for (const [topic, messages] of this.#messages) {
      for (const [hash, message] of messages) if (message.expiresAt <= now) messages.delete(hash)
      if (messages.size === 0) this.#messages.delete(topic)
    }
  }

  stats(): Stats {
    let messages = 0
    for (const byHash of this.#messages.values()) messages += byHash.size
    let subscriptions = 0
    for (const subscribers of this.#subscribers.values()) subscriptions += subscribers.size
    return {
      topics: new Set([...this.#messages.keys(), ...this.#subscribers.keys()]).size,
      messages,
      subscriptions,
    }
  }

  #pending(clientId: string, topic: string): Message[] {
    const now = this.#now()
    const pending: Message[] = []
    for (const message of this.#messages.get(topic)?.values() ?? []) {
      if (message.expiresAt <= now) continue
      if (message.senderId === clientId || message.acknowledgedBy.has(clientId)) continue
      pending.push(message)
    }
    return pending
  }
}

/**
 * The id a client computes for its own subscription (core 2.25 `getSubscriptionId`:
 * sha256 of topic + client id). Using the same one keeps the relay's pushes for topics it
 * subscribed on the client's behalf (wc_proposeSession, wc_approveSession) matching.
 */
export function subscriptionId(topic: string, clientId: string): string {
  return sha256(topic + clientId)
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
