// The frame's TanStack Query client, created on first use: the Connect view paints before the
// query library loads (it is not needed until a view shows remote data). Where the frame has
// storage of its own, the query caches persist (README.md, "Storage regimes").
import { QueryClient } from '@tanstack/react-query'
import type { Storage } from '../storage/Storage.js'
import * as Persist from './persist.js'

export function create(storage: Storage | undefined): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1 } } })
  if (storage) Persist.persist(client, storage, '1')
  return client
}
