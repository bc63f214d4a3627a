// The one context hook: views reach the frame's stores and actions through it.
import { createContext, use } from 'react'
import type { Frame } from './Frame.js'

export const FrameContext = createContext<Frame | undefined>(undefined)

export function useFrame(): Frame {
  const frame = use(FrameContext)
  if (!frame) throw new Error('useFrame outside the frame app')
  return frame
}
