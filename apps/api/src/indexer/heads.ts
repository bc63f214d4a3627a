// New blocks as the node announces them (`eth_subscribe` newHeads over the network's WebSocket URL),
// so the indexer runs a round when a block arrives instead of asking for the head many times a
// second. The subscription only hurries the loop: a missed or broken one costs latency, never
// blocks, because the indexer still polls at its interval.
import { randomUUID } from 'node:crypto'
import { createPublicClient, webSocket } from 'viem'

export type WatchHeads = (
  urls: readonly string[],
  onHead: () => void,
  onError: (error: Error) => void,
) => () => void

/** How long after a failed or dropped subscription the next attempt is made. */
export const resubscribeDelayMs = 2_000

/** Follows the first URL's newHeads, subscribing again after a drop; returns the unsubscribe. */
export const watchHeads: WatchHeads = (urls, onHead, onError) => {
  const url = urls[0]
  if (!url) return () => {}
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  let closeCurrent = () => {}

  const subscribe = () => {
    const client = createPublicClient({
      // A socket of its own per attempt, and no reconnecting inside the transport: this module owns
      // the retry, so a stop always ends it (sockets are shared per URL otherwise, and closing one
      // must not end another indexer's subscription in the same process).
      transport: webSocket(url, { key: `heads-${randomUUID()}`, reconnect: false, retryCount: 0 }),
    })
    let failed = false
    const close = () => {
      unwatch()
      client.transport.getRpcClient().then(
        (socket) => socket.close(),
        () => {},
      )
    }
    // A WebSocket transport subscribes (eth_subscribe newHeads) rather than polls.
    const unwatch = client.watchBlockNumber({
      emitOnBegin: false,
      onBlockNumber: () => onHead(),
      onError: (error) => {
        if (stopped || failed) return
        failed = true
        close()
        onError(error)
        retry = setTimeout(subscribe, resubscribeDelayMs)
      },
    })
    closeCurrent = close
  }

  subscribe()
  return () => {
    stopped = true
    clearTimeout(retry)
    closeCurrent()
  }
}
