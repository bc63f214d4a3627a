// Parsing at the HTTP edge, through a small app with the API's error answer: every failure is a 400
// naming the field (or a 413 for a body over its limit, however it is sent), never a 500.
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from '../errors.js'
import * as validate from './validate.js'

const Query = z.object({
  chainId: z.string().regex(/^eip155:\d+$/),
  limit: z.coerce.number().int().min(1).optional(),
})
const Params = z.object({ address: z.string().regex(/^0x[0-9a-f]{4}$/) })
const Body = z.object({ amounts: z.array(z.number().int()) })

const app = new Hono()
app.get('/query', (c) => c.json(validate.query(c, Query)))
app.get('/params/:address', (c) => c.json(validate.params(c, Params)))
app.post('/body', async (c) => c.json(validate.body(await validate.json(c, 64), Body)))
app.onError((error, c) =>
  error instanceof ApiError ? c.json(error.toJSON(), error.status) : c.json({ code: 'INTERNAL' }, 500),
)

const post = (body: string, headers: Record<string, string> = {}) =>
  app.request('/body', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })

describe('query', () => {
  it('answers the parsed query, and a bad value with 400 naming its parameter', async () => {
    expect(await (await app.request('/query?chainId=eip155:1&limit=5')).json()).toEqual({
      chainId: 'eip155:1',
      limit: 5,
    })
    for (const [query, field] of [
      ['chainId=nope', 'chainId'],
      ['', 'chainId'],
      ['chainId=eip155:1&limit=0', 'limit'],
    ]) {
      const response = await app.request(`/query?${query}`)
      expect(response.status, query).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field })
    }
  })
})

describe('params', () => {
  it('answers the parsed path parameters, and a bad one with 400 naming it', async () => {
    expect(await (await app.request('/params/0xabcd')).json()).toEqual({ address: '0xabcd' })
    const response = await app.request('/params/0xABCD')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'address' })
  })
})

describe('json', () => {
  it('reads a body within the limit', async () => {
    const response = await post(JSON.stringify({ amounts: [1, 2] }))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ amounts: [1, 2] })
  })

  it('refuses a body that is missing or not JSON with 400 naming body', async () => {
    for (const body of ['', '{"amounts":', 'amounts']) {
      const response = await post(body)
      expect(response.status, body).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'body' })
    }
  })

  it('refuses a body over the limit with 413, by its length or, sent in chunks, while reading it', async () => {
    const declared = await post(JSON.stringify({ amounts: Array.from({ length: 40 }, () => 1) }))
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body' })
    const chunk = new TextEncoder().encode(' '.repeat(40))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 3) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const chunked = await app.request('/body', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
  })
})

describe('body', () => {
  it('answers a value off the schema with 400 naming the place in the body', async () => {
    const response = await post(JSON.stringify({ amounts: [1, 'two'] }))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ code: 'INVALID_REQUEST', field: 'body.amounts[1]' })
  })
})
