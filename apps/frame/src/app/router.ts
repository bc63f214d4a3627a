// The EIP-1193 router, loaded with the host's first provider call: painting needs none of it.
import type * as Router from '../rpc/router.js'
import { lazy } from './lazy.js'

export function create(core: Omit<Router.Deps, 'read'>): Pick<Router.Router, 'request'> {
  const router = lazy(() =>
    Promise.all([import('../rpc/router.js'), import('../data/jsonRpc.js')]).then(([Router, JsonRpc]) =>
      Router.create({
        ...core,
        read: (network, method, params) =>
          JsonRpc.call(network.rpcUrls.default.http[0] as string, method, params),
      }),
    ),
  )
  return { request: async (request) => (await router()).request(request) }
}
