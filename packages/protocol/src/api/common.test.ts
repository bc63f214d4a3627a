import { describe, expect, it } from 'vitest'
import * as z from '../internal/zod.js'
import { AnalyticsEvent } from './analytics.js'
import { isProjectId, isStorableText, jsonProblem, maxTimestampMs, TimestampMs, text } from './common.js'
import { JsonRpcRequest } from './rpc.js'

const bounds = { maxDepth: 3, maxStringLength: 8 }

describe('isStorableText', () => {
  it('accepts any well-formed text, surrogate pairs included', () => {
    for (const value of ['', 'plain', 'é ü', '👛', 'a👛b', '\ufffd', '\uffff'])
      expect(isStorableText(value)).toBe(true)
  })

  it('refuses NUL and unpaired surrogates wherever they are', () => {
    for (const value of [
      '\u0000',
      'a\u0000',
      '\ud800',
      'a\ud800',
      '\udc00a',
      '\udc00\ud800',
      '\ud800\ud800\udc00',
    ])
      expect(isStorableText(value), JSON.stringify(value)).toBe(false)
  })
})

describe('text', () => {
  it('holds a string to its length and to what Postgres can store', () => {
    const schema = text({ min: 1, max: 4 })
    expect(z.safeParse(schema, 'abcd').success).toBe(true)
    expect(z.safeParse(schema, '').success).toBe(false)
    expect(z.safeParse(schema, 'abcde').success).toBe(false)
    expect(z.safeParse(schema, 'a\u0000').error?.issues[0]?.message).toBe(
      'must not contain NUL characters or unpaired UTF-16 surrogates',
    )
  })
})

describe('jsonProblem', () => {
  it('accepts JSON within the bounds', () => {
    expect(jsonProblem({ a: [1, 'x', null, true], b: { c: 'eight ch' } }, bounds)).toBeUndefined()
    expect(jsonProblem('scalar', bounds)).toBeUndefined()
  })

  it('names the path of what is too deep, too long, not storable, not finite or not JSON', () => {
    expect(jsonProblem({ a: [{ b: 1 }] }, bounds)).toBeUndefined()
    expect(jsonProblem({ a: [{ b: [] }] }, bounds)).toEqual({
      path: ['a', 0, 'b'],
      message: 'must not nest deeper than 3 levels',
    })
    expect(jsonProblem({ a: 'nine char' }, bounds)?.path).toEqual(['a'])
    expect(jsonProblem(['\ud800'], bounds)).toEqual({ path: [0], message: expect.stringContaining('NUL') })
    expect(jsonProblem({ 'k\u0000': 1 }, bounds)?.message).toMatch(/^key must not contain NUL/)
    expect(jsonProblem({ n: Number.POSITIVE_INFINITY }, bounds)).toEqual({
      path: ['n'],
      message: 'must be a finite number',
    })
    for (const value of [undefined, 1n, () => {}, new Date(0), new Map()]) {
      expect(jsonProblem({ v: value }, bounds)?.message).toBe('must be a JSON value')
    }
  })

  it('checks a value nested far past any stack without overflowing its own', () => {
    let deep: unknown = 1
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(jsonProblem(deep, { maxDepth: 32, maxStringLength: 8 })?.message).toBe(
      'must not nest deeper than 32 levels',
    )
  })
})

describe('isProjectId', () => {
  it('is the form of the ids the config and the CLI create', () => {
    for (const id of ['app', 'local-dev', 'a_B-9', '0123456789abcdef0123456789abcdef', 'x'.repeat(128)])
      expect(isProjectId(id)).toBe(true)
    for (const id of ['', 'x'.repeat(129), 'a b', 'a\u0000', 'a.b', 'ü', 7])
      expect(isProjectId(id)).toBe(false)
  })
})

describe('TimestampMs', () => {
  it('stays within what a Date, ISO 8601 and Postgres hold', () => {
    expect(new Date(maxTimestampMs).toISOString()).toBe('9999-12-31T23:59:59.999Z')
    for (const value of [0, 1_763_000_000_000, maxTimestampMs])
      expect(z.safeParse(TimestampMs, value).success).toBe(true)
    for (const value of [-1, 1.5, maxTimestampMs + 1, 8.64e15 + 1, Number.POSITIVE_INFINITY, '1'])
      expect(z.safeParse(TimestampMs, value).success).toBe(false)
  })
})

describe('request schemas', () => {
  it('bound analytics props and JSON-RPC params by depth', () => {
    let props: unknown = 1
    for (let i = 0; i < 16; i++) props = { a: props }
    const event = { eventId: 'e', url: 'u', domain: 'd', timestamp: 1 }
    expect(z.safeParse(AnalyticsEvent, { ...event, props }).success).toBe(true)
    expect(z.safeParse(AnalyticsEvent, { ...event, props: { a: props } }).success).toBe(false)
    let params: unknown = []
    for (let i = 0; i < 31; i++) params = [params]
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_call' }
    expect(z.safeParse(JsonRpcRequest, { ...call, params }).success).toBe(true)
    expect(z.safeParse(JsonRpcRequest, { ...call, params: [params] }).success).toBe(false)
  })
})
