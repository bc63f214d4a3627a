// QueryLayer (the query client for views that show remote data), loaded with the first of them.
import { lazy } from 'react'

export const QueryLayer = lazy(() =>
  import('./QueryLayer.js').then((module) => ({ default: module.QueryLayer })),
)
