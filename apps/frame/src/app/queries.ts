// The query client, loaded with the first view that shows remote data (the Connect view paints
// without it). Query caches persist only where the frame has storage of its own: the host's copy is
// for connector state.
import type { QueryClient } from '@tanstack/react-query'
import type { FrameStorage } from '../storage/FrameStorage.js'
import { type Lazy, lazy } from './lazy.js'

export function create(storage: Pick<FrameStorage, 'regime' | 'state'>): Lazy<QueryClient> {
  return lazy(() =>
    import('../queries/client.js').then((Client) =>
      Client.create(storage.regime === 'frame' ? storage.state : undefined),
    ),
  )
}
