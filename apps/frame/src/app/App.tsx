// The modal app at `/`: waits for the frame to be wired, then renders the modal over a transparent page.
import { useEffect, useState } from 'react'
import { Modal } from '../components/Modal.js'
import { start } from './boot.js'
import { FrameContext } from './context.js'
import type { Frame } from './Frame.js'

const booted = typeof window === 'undefined' ? undefined : start()

export function App() {
  const [frame, setFrame] = useState<Frame>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    booted?.frame.then(setFrame, (reason: Error) => setError(reason.message))
  }, [])
  if (error) return <p className="wf-page">{error}</p>
  if (!frame) return null
  return (
    <FrameContext value={frame}>
      <Modal />
    </FrameContext>
  )
}
