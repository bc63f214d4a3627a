// POST /e?projectId&st&sv: stores analytics events for the project (unless the project turned
// analytics off): one event as the spec gives it, or a batch the frame gathered. Events stay in this
// database; nothing is forwarded to a third party.
import {
  AnalyticsBatch,
  AnalyticsBody,
  AnalyticsEvent,
  AnalyticsQuery,
  AnalyticsResponse,
} from '@walletframe/protocol'
import { analyticsEvents } from '../db/schema.js'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'post',
  path: '/e',
  summary:
    'Record an analytics event or a batch of up to 20 (403 "Invalid App Configuration" from a disallowed origin)',
  query: AnalyticsQuery,
  body: AnalyticsBody,
  response: AnalyticsResponse,
  errors: [400, 401, 403, 413, 429],
}

/** A batch holds up to 20 events; each event's props are bounded too, so 128 KB is plenty. */
const maxBodyBytes = 128 * 1024

export function register(app: App, deps: Deps): void {
  app.post('/e', requireProject(deps, { from: 'query', deniedAs: 'appConfiguration' }), async (c) => {
    const query = validate.query(c, AnalyticsQuery)
    const json = await validate.json(c, maxBodyBytes)
    // Parsed by its own schema, not the union: a refusal then names the field (`body.1.url`).
    const events = Array.isArray(json)
      ? validate.body(json, AnalyticsBatch)
      : [validate.body(json, AnalyticsEvent)]
    const project = c.var.project
    if (!project.analyticsEnabled) return c.json({ stored: false } satisfies AnalyticsResponse, 202)
    const origin = c.req.header('origin') ?? null
    // One insert for the batch; a retried batch (same event ids) stores nothing twice.
    await deps.db
      .insert(analyticsEvents)
      .values(
        events.map((event) => ({
          projectId: project.id,
          eventId: event.eventId,
          url: event.url,
          domain: event.domain,
          occurredAt: new Date(event.timestamp),
          props: event.props,
          origin,
          sdkType: query.st ?? null,
          sdkVersion: query.sv ?? null,
        })),
      )
      .onConflictDoNothing()
    return c.json({ stored: true } satisfies AnalyticsResponse, 202)
  })
}
