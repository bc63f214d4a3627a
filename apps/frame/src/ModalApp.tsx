// The modal app at `/`: waits for the controller, then renders the modal over a transparent page.
import { createContext, use, useEffect, useState } from 'react'
import { boot } from './boot.js'
import { Modal } from './components/Modal.js'
import type { Controller } from './controller.js'

const booted = typeof window === 'undefined' ? undefined : boot()

const ControllerContext = createContext<Controller | undefined>(undefined)

export function useController(): Controller {
  const controller = use(ControllerContext)
  if (!controller) throw new Error('useController outside ModalApp')
  return controller
}

export function ModalApp() {
  const [controller, setController] = useState<Controller>()
  const [error, setError] = useState<string>()
  useEffect(() => {
    booted?.controller.then(setController, (reason: Error) => setError(reason.message))
  }, [])
  if (error) return <p className="wf-page">{error}</p>
  if (!controller) return null
  return (
    <ControllerContext value={controller}>
      <Modal />
    </ControllerContext>
  )
}
