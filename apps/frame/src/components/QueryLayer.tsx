// Gives its children the frame's query client, loading the query library on first render. Loaded
// lazily itself (views/index.ts), so the first view paints without TanStack Query.
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, use } from 'react'
import { useFrame } from '../app/context.js'

export function QueryLayer({ children }: { children: ReactNode }) {
  const client = use(useFrame().queryClient())
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
