// POST /e?projectId&st&sv: stores one analytics event for the project (unless the project turned
// analytics off). Events stay in this database; nothing is forwarded to a third party.
import { AnalyticsEvent, AnalyticsQuery, AnalyticsResponse } from '@walletframe/protocol'
import { analyticsEvents } from '../db/schema.js'
import { requireProject } from '../middleware/access.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

export const doc: RouteDoc = {
  method: 'post',
  path: '/e',
  summary: 'Record an analytics event (403 "Invalid App Configuration" from a disallowed origin)',
  query: AnalyticsQuery,
  body: AnalyticsEvent,
  response: AnalyticsResponse,
  errors: [400, 401, 403, 413, 429],
}

export function register(app: App, deps: Deps): void {
  app.post('/e', requireProject(deps, { from: 'query', deniedAs: 'appConfiguration' }), async (c) => {
    const query = validate.query(c, AnalyticsQuery)
    const event = validate.body(await validate.json(c, 32 * 1024), AnalyticsEvent)
    const project = c.var.project
    if (!project.analyticsEnabled) return c.json({ stored: false } satisfies AnalyticsResponse, 202)
    await deps.db
      .insert(analyticsEvents)
      .values({
        projectId: project.id,
        eventId: event.eventId,
        url: event.url,
        domain: event.domain,
        occurredAt: new Date(event.timestamp),
        props: event.props,
        origin: c.req.header('origin') ?? null,
        sdkType: query.st ?? null,
        sdkVersion: query.sv ?? null,
      })
      .onConflictDoNothing()
    return c.json({ stored: true } satisfies AnalyticsResponse, 202)
  })
}
