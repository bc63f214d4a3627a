// The frame origin's pages. `/` is the modal app, rendered at once: it is what a host waits for.
// The other pages (popup and email-link landings) are routed by react-router, loaded only there,
// so the modal's first bundle does not carry the router.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { start } from './app/boot.js'
import './styles.css'

const root = createRoot(document.getElementById('root') as HTMLElement)

if (location.pathname === '/') {
  // Before the modal's chunk loads: the handshake and the configuration need no React.
  start()
  const { App } = await import('./app/App.js')
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
} else {
  const { Pages } = await import('./pages/Pages.js')
  root.render(
    <StrictMode>
      <Pages />
    </StrictMode>,
  )
}
