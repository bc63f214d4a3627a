// The new-heads subscription's own life: heads reach the callback, a dropped socket is reported and
// subscribed again, and a stop ends it for good. A node that drops its sockets on demand is needed
// for that, so a WebSocket server speaking the eth_subscribe protocol stands in for one here; the
// indexer's tests follow a real devnet's heads.
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import { resubscribeDelayMs, watchHeads } from './heads.js'

let server: WebSocketServer | undefined

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A node that answers eth_subscribe and announces a head whenever `announce` is called. */
async function fakeNode() {
  const subscribers = new Set<(head: number) => void>()
  const node = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server = node
  let subscriptions = 0
  node.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as { id: number; method: string }
      if (request.method !== 'eth_subscribe') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: true }))
        return
      }
      subscriptions += 1
      const id = `0x${subscriptions.toString(16)}`
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: id }))
      const send = (head: number) =>
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'eth_subscription',
            params: {
              subscription: id,
              result: { number: `0x${head.toString(16)}`, hash: `0x${'00'.repeat(32)}` },
            },
          }),
        )
      subscribers.add(send)
      socket.on('close', () => subscribers.delete(send))
    })
  })
  await new Promise((resolve) => node.once('listening', resolve))
  const { port } = node.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}`,
    announce: (head: number) => {
      for (const send of subscribers) send(head)
    },
    dropAll: () => {
      for (const client of node.clients) client.terminate()
    },
    subscriptions: () => subscriptions,
    open: () => node.clients.size,
  }
}

describe('watchHeads', () => {
  it('calls back on each head, subscribes again after a drop, and stops for good', async () => {
    const node = await fakeNode()
    const onHead = vi.fn()
    const onError = vi.fn()
    const stop = watchHeads([node.url], onHead, onError)
    await vi.waitFor(() => expect(node.subscriptions()).toBe(1))
    node.announce(1)
    node.announce(2)
    await vi.waitFor(() => expect(onHead).toHaveBeenCalledTimes(2))

    node.dropAll()
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(node.subscriptions()).toBe(2), { timeout: resubscribeDelayMs + 3_000 })
    node.announce(3)
    await vi.waitFor(() => expect(onHead).toHaveBeenCalledTimes(3))

    stop()
    await vi.waitFor(() => expect(node.open()).toBe(0))
    node.announce(4)
    await new Promise((resolve) => setTimeout(resolve, resubscribeDelayMs + 500))
    expect(node.subscriptions()).toBe(2)
    expect(onHead).toHaveBeenCalledTimes(3)
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('retries a node that refuses until stopped, then never again', async () => {
    const node = await fakeNode()
    const url = node.url
    await new Promise((resolve) => server?.close(resolve))
    server = undefined
    const onError = vi.fn()
    const stop = watchHeads([url], vi.fn(), onError)
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2), { timeout: resubscribeDelayMs + 3_000 })
    stop()
    await new Promise((resolve) => setTimeout(resolve, resubscribeDelayMs + 500))
    expect(onError).toHaveBeenCalledTimes(2)
  })
})
