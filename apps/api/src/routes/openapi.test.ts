// document(): the OpenAPI document built from route descriptions, the same zod schemas the handlers
// validate with. (createApi.test.ts checks the served document lists every route of the API.)
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { document, register } from './openapi.js'
import type { Env, RouteDoc } from './Route.js'

const routes: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/things/{id}',
    summary: 'One thing',
    params: z.object({ id: z.string() }),
    query: z.object({ projectId: z.string(), verbose: z.boolean().optional() }),
    response: z.object({ id: z.string() }),
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/v1/things/{id}',
    summary: 'Change a thing',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string().max(8) }),
    response: z.object({ ok: z.boolean() }),
    errors: [413],
  },
]

type Operation = {
  summary: string
  parameters: { name: string; in: string; required: boolean; schema: unknown }[]
  requestBody?: { required: boolean; content: { 'application/json': { schema: { properties: unknown } } } }
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content: unknown }>
}
const doc = document(routes) as { openapi: string; paths: Record<string, Record<string, Operation>> }

describe('document', () => {
  it('puts both methods of a path under it, with path parameters always required', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(['/v1/things/{id}'])
    const get = doc.paths['/v1/things/{id}']!.get!
    expect(get.summary).toBe('One thing')
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'projectId', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
    ])
    expect(get.requestBody).toBeUndefined()
  })

  it('describes the body from its schema as a client sends it', () => {
    const post = doc.paths['/v1/things/{id}']!.post!
    expect(post.requestBody?.required).toBe(true)
    expect(post.requestBody?.content['application/json'].schema.properties).toEqual({
      name: { type: 'string', maxLength: 8 },
    })
  })

  it('answers each listed status with the error body, and every 429 with Retry-After', () => {
    const { responses } = doc.paths['/v1/things/{id}']!.get!
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '429'])
    expect(responses['400']!.headers).toBeUndefined()
    expect(responses['429']!.headers).toMatchObject({
      'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } },
    })
    expect(JSON.stringify(responses['400']!.content)).toContain('"code"')
  })
})

describe('register', () => {
  it('serves the document at /openapi.json', async () => {
    const app = new Hono<Env>()
    register(app, routes)
    expect(await (await app.request('/openapi.json')).json()).toEqual(doc)
  })
})
