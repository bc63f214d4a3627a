// GET /openapi.json: the OpenAPI 3.1 document, generated from the route table's zod schemas (the
// same ones the handlers validate with), so it cannot drift from what the server accepts.
import { ApiErrorBody } from '@walletframe/protocol'
import { z } from 'zod'
import type { App, RouteDoc } from './Route.js'

const statusText: Record<number, string> = {
  400: 'Malformed input (the body names the field), missing projectId, unsupported network, or an id the chain refused (INVALID_PARAMS)',
  401: 'Invalid Project ID',
  403: 'Origin not found on Allowlist / Invalid App Configuration',
  413: 'Request body too large',
  429: 'Rate limited; see Retry-After',
  502: 'The chain RPC endpoint is down or too slow',
}

/** Every 429 carries it (the error handler sets it from the error's wait). */
const retryAfterHeader = {
  description: 'Seconds to wait before retrying: a whole number, rounded up, at least 1',
  required: true,
  schema: { type: 'integer', minimum: 1 },
}

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] }

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
  return rest
}

function parameters(schema: z.core.$ZodObject | undefined, where: 'path' | 'query'): unknown[] {
  if (!schema) return []
  const js = jsonSchema(schema, 'input') as JsonSchema
  return Object.entries(js.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: property,
  }))
}

export function document(routes: RouteDoc[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  const errorSchema = jsonSchema(ApiErrorBody, 'output')
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
    }
    for (const status of route.errors) {
      responses[status] = {
        description: statusText[status] ?? 'Error',
        ...(status === 429 ? { headers: { 'Retry-After': retryAfterHeader } } : {}),
        content: { 'application/json': { schema: errorSchema } },
      }
    }
    paths[route.path] ??= {}
    paths[route.path]![route.method] = {
      summary: route.summary,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses,
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Walletframe blockchain data API',
      version: '1',
      description: 'Balances, prices, gas, identity, history, JSON-RPC proxy and analytics.',
    },
    paths,
  }
}

export function register(app: App, routes: RouteDoc[]): void {
  const body = document(routes)
  app.get('/openapi.json', (c) => c.json(body))
}
