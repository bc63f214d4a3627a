// Topic -> messages kept until their TTL, and topic -> subscribers. A message goes to every
// subscriber of its topic except its sender, now or when they subscribe later, until each
// client acknowledges it (WalletConnect peers are often offline when their peer publishes).
// What waits for one client is capped in messages and bytes, so a peer that never reads its
// mail cannot grow the relay without bound; a publish over the cap is refused whole.
import { createHash } from 'node:crypto'
import { MailboxLimitExceededError, TtlTooLongError, TtlTooShortError } from './errors.js'

export type Message = {
  readonly topic: string
  readonly message: string
  /** UTF-8 length of `message`: what it costs in its recipients' mailboxes. */
  readonly bytes: number
  /** Milliseconds since the epoch, as the SDK expects in `irn_subscription`. */
  readonly publishedAt: number
  readonly tag: number
  readonly attestation: string
  /** Milliseconds since the epoch; from then on the message is dropped, never delivered. */
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

export type Limits = {
  /** Messages that may wait (unexpired, unacknowledged) for one client. */
  maxMessages: number
  /** Bytes of message text (UTF-8) that may wait for one client. */
  maxBytes: number
  /** Longest `ttl` a publish may ask for, in seconds. */
  maxTtlSeconds: number
}

/**
 * The hosted relay publishes no mailbox sizes, only that it refuses a publish with
 * `MailboxLimitExceeded` / `TtlTooLong` (relay_rpc `PublishError`). These are far above what a
 * WalletConnect session queues (a handful of messages of a few KiB each) and still bound memory.
 * The TTL cap is the longest TTL the SDK uses (core 2.25 imports `THIRTY_DAYS`; sign requests
 * carry at most 7 days).
 */
export const defaultLimits: Readonly<Limits> = {
  maxMessages: 1000,
  maxBytes: 16 * 1024 * 1024,
  maxTtlSeconds: 30 * 24 * 60 * 60,
}

export type Options = {
  /** Milliseconds since the epoch; inject to test expiry without waiting. */
  now?: () => number
  /** Caps; each one left out takes its `defaultLimits` value. */
  limits?: Partial<Limits>
}

/** What waits in one mailbox. */
export type Usage = { messages: number; bytes: number }

export type Stats = { topics: number; messages: number; subscriptions: number }

export class Mailbox {
  readonly limits: Readonly<Limits>
  readonly #messages = new Map<string, Map<string, Message>>()
  /** Live subscriptions: topic -> subscriber -> subscription id. */
  readonly #subscribers = new Map<string, Map<Subscriber, string>>()
  /**
   * Topics each client subscribed to and did not unsubscribe from, kept across reconnects:
   * the messages on them are that client's mailbox, and count against its caps while it is away.
   */
  readonly #topicsOf = new Map<string, Set<string>>()
  readonly #now: () => number

  constructor(options: Options = {}) {
    this.#now = options.now ?? Date.now
    this.limits = { ...defaultLimits, ...definedOnly(options.limits ?? {}) }
    for (const [name, value] of Object.entries(this.limits)) {
      if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`)
    }
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
    let topics = this.#topicsOf.get(subscriber.clientId)
    if (!topics) {
      topics = new Set()
      this.#topicsOf.set(subscriber.clientId, topics)
    }
    topics.add(topic)
    return { id, pending: this.#pending(subscriber.clientId, topic) }
  }

  /** Ends a subscription; the topic's messages no longer count as the client's mail. */
  unsubscribe(subscriber: Subscriber, topic: string): void {
    this.#drop(subscriber, topic)
    const stillSubscribed = [...(this.#subscribers.get(topic)?.keys() ?? [])].some(
      (other) => other.clientId === subscriber.clientId,
    )
    if (stillSubscribed) return
    const topics = this.#topicsOf.get(subscriber.clientId)
    topics?.delete(topic)
    if (topics?.size === 0) this.#topicsOf.delete(subscriber.clientId)
  }

  /** Drops every live subscription of a subscriber (its socket closed); its mail stays. */
  remove(subscriber: Subscriber): void {
    for (const topic of [...this.#subscribers.keys()]) this.#drop(subscriber, topic)
  }

  /**
   * Stores a message and delivers it to the topic's current subscribers but the sender.
   * Throws a PublishError (and stores nothing) for a TTL out of bounds or a full mailbox.
   */
  publish(senderId: string, input: PublishInput): Message {
    return this.publishAll(senderId, [input])[0] as Message
  }

  /** Publishes several messages all or none: the caps are checked for all of them first. */
  publishAll(senderId: string, inputs: readonly PublishInput[]): Message[] {
    for (const input of inputs) {
      if (input.ttl < 1) throw new TtlTooShortError()
      if (input.ttl > this.limits.maxTtlSeconds) throw new TtlTooLongError()
    }
    const now = this.#now()
    const drafts = inputs.map((input) => ({
      input,
      hash: sha256(input.message),
      bytes: Buffer.byteLength(input.message, 'utf8'),
    }))
    // The SDK republishes on a slow ack; a second copy would only be dropped by every peer,
    // so a message still stored is neither stored again nor counted again.
    const fresh = new Map<string, (typeof drafts)[number]>()
    for (const draft of drafts) {
      if (!this.#live(draft.input.topic, draft.hash, now))
        fresh.set(`${draft.input.topic} ${draft.hash}`, draft)
    }
    this.#admit(senderId, [...fresh.values()], now)

    const created: Message[] = []
    for (const { input, hash, bytes } of fresh.values()) {
      const message: Message = {
        topic: input.topic,
        message: input.message,
        bytes,
        publishedAt: now,
        tag: input.tag,
        attestation: input.attestation,
        expiresAt: now + input.ttl * 1000,
        senderId,
        hash,
        acknowledgedBy: new Set(),
      }
      let messages = this.#messages.get(input.topic)
      if (!messages) {
        messages = new Map()
        this.#messages.set(input.topic, messages)
      }
      messages.set(hash, message)
      created.push(message)
    }
    for (const message of created) {
      for (const [subscriber, id] of this.#subscribers.get(message.topic) ?? []) {
        if (subscriber.clientId !== senderId) subscriber.deliver(id, message)
      }
    }
    return drafts.map(({ input, hash }) => this.#live(input.topic, hash, now) as Message)
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

  /** What waits for a client: unexpired messages it neither sent nor acknowledged. */
  usage(clientId: string): Usage {
    const usage = { messages: 0, bytes: 0 }
    for (const topic of this.#topicsOf.get(clientId) ?? []) {
      for (const message of this.#pending(clientId, topic)) {
        usage.messages++
        usage.bytes += message.bytes
      }
    }
    return usage
  }

  /** Forgets expired messages. */
  sweep(): void {
    const now = this.#now()
    for (const topic of [...this.#messages.keys()]) this.#unexpired(topic, now)
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

  /**
   * Throws MailboxLimitExceededError if the new messages would put any recipient over a cap.
   * A topic's recipients are the clients subscribed to it, present or away, but the sender.
   * A topic nobody else has subscribed to yet (a pairing topic before the wallet scans the QR
   * code) keeps its mail for whoever comes first: that backlog has the same caps.
   */
  #admit(senderId: string, fresh: ReadonlyArray<{ input: PublishInput; bytes: number }>, now: number): void {
    const added = new Map<string, Usage & { current: () => Usage }>()
    for (const { input, bytes } of fresh) {
      const recipients = this.#recipients(input.topic, senderId)
      const mailboxes =
        recipients.length > 0
          ? recipients.map((clientId) => ({ key: `client ${clientId}`, current: () => this.usage(clientId) }))
          : [{ key: `topic ${input.topic}`, current: () => this.#backlog(input.topic, now) }]
      for (const { key, current } of mailboxes) {
        const entry = added.get(key) ?? { messages: 0, bytes: 0, current }
        entry.messages++
        entry.bytes += bytes
        added.set(key, entry)
      }
    }
    for (const entry of added.values()) {
      const current = entry.current()
      if (
        current.messages + entry.messages > this.limits.maxMessages ||
        current.bytes + entry.bytes > this.limits.maxBytes
      ) {
        throw new MailboxLimitExceededError()
      }
    }
  }

  #recipients(topic: string, senderId: string): string[] {
    const recipients: string[] = []
    for (const [clientId, topics] of this.#topicsOf) {
      if (clientId !== senderId && topics.has(topic)) recipients.push(clientId)
    }
    return recipients
  }

  /** Unexpired messages on a topic that no client has acknowledged yet. */
  #backlog(topic: string, now: number): Usage {
    const backlog = { messages: 0, bytes: 0 }
    for (const message of this.#unexpired(topic, now)) {
      if (message.acknowledgedBy.size > 0) continue
      backlog.messages++
      backlog.bytes += message.bytes
    }
    return backlog
  }

  #pending(clientId: string, topic: string): Message[] {
    return this.#unexpired(topic, this.#now()).filter(
      (message) => message.senderId !== clientId && !message.acknowledgedBy.has(clientId),
    )
  }

  #live(topic: string, hash: string, now: number): Message | undefined {
    const message = this.#messages.get(topic)?.get(hash)
    return message && message.expiresAt > now ? message : undefined
  }

  /** The topic's messages that have not expired; expired ones are dropped on the way. */
  #unexpired(topic: string, now: number): Message[] {
    const messages = this.#messages.get(topic)
    if (!messages) return []
    const unexpired: Message[] = []
    for (const [hash, message] of messages) {
      if (message.expiresAt <= now) messages.delete(hash)
      else unexpired.push(message)
    }
    if (messages.size === 0) this.#messages.delete(topic)
    return unexpired
  }

  #drop(subscriber: Subscriber, topic: string): void {
    const subscribers = this.#subscribers.get(topic)
    if (!subscribers) return
    subscribers.delete(subscriber)
    if (subscribers.size === 0) this.#subscribers.delete(topic)
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

function definedOnly(limits: Partial<Limits>): Partial<Limits> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined))
}
