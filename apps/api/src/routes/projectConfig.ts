// GET /v1/projects/{projectId}/config: what the frame needs to know about its project.
import { ProjectConfigResponse, ProjectId, SdkQuery } from '@walletframe/protocol'
import { z } from 'zod'
import * as Swap from '../chains/swap.js'
import { requireProject } from '../middleware/access.js'
import * as BundlerProxy from './bundlerProxy.js'
import type { App, Deps, RouteDoc } from './Route.js'
import * as validate from './validate.js'

const Params = z.object({ projectId: ProjectId })
// SdkQuery is zod/mini (no methods): the same object in classic zod, then without projectId.
const Query = z.object(SdkQuery.shape).omit({ projectId: true })

export const doc: RouteDoc = {
  method: 'get',
  path: '/v1/projects/{projectId}/config',
  summary: 'Allowed origins, server-side features and networks of a project',
  params: Params,
  query: Query,
  response: ProjectConfigResponse,
  errors: [401, 403, 429],
}

export function register(app: App, deps: Deps): void {
  app.get('/v1/projects/:projectId/config', requireProject(deps, { from: 'path' }), (c) => {
    validate.query(c, Query)
    const project = c.var.project
    const base = deps.config.options.publicUrl ?? new URL(c.req.url).origin
    // The paymaster service is the API's alone: its bundler proxy answers the pm_ methods.
    const networks = deps.config.networks.map(({ bundlerUrl, paymasterUrl: _, ...network }) => ({
      ...network,
      // The same for the bundler: the frame sends UserOperations through this API's proxy.
      ...(bundlerUrl ? { bundlerUrl: BundlerProxy.publicUrl(base, network.caipNetworkId, project.id) } : {}),
      // The frame talks to chains through this API's proxy; upstream URLs may carry provider keys.
      rpcUrls: {
        default: {
          http: [
            `${base}/v1?chainId=${encodeURIComponent(network.caipNetworkId)}&projectId=${encodeURIComponent(project.id)}`,
          ],
        },
      },
    }))
    return c.json({
      projectId: project.id,
      name: project.name,
      allowedOrigins: project.allowedOrigins,
      development: deps.config.options.development,
      features: {
        balances: true,
        history: true,
        prices: true,
        gasPrice: true,
        identity: deps.config.networks.some((n) => n.contracts.ensUniversalResolver),
        rpcProxy: true,
        analytics: project.analyticsEnabled,
        // Served by later work on this API; the frame hides them until they are true.
        swaps: deps.config.networks.some((n) => Swap.routerOf(n) !== undefined),
        onramp: Boolean(deps.config.options.onramp.url),
        names: false,
        email: false,
        socials: false,
      },
      networks,
      ...(project.review?.denyList && { denyList: project.review.denyList }),
    } satisfies ProjectConfigResponse)
  })
}
