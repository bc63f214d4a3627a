// Hydrates the server-rendered React dapp (reactHost.app.ts) in the browser; every recoverable error
// React reports (a hydration mismatch among them) and every uncaught error of the page is kept in
// `window.hydrationErrors` for the spec.
import { createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { hostConfig } from './hostConfig.js'
import { App } from './reactHost.app.js'

const settings = hostConfig()
const hydrationErrors: string[] = []
Object.assign(window, { hydrationErrors })
// An uncaught error in this page counts too: a hook that threw during hydration would end up here.
window.addEventListener('error', (event) => hydrationErrors.push(String(event.error ?? event.message)))
hydrateRoot(
  document.getElementById('root') as HTMLElement,
  createElement(App, {
    options: {
      projectId: settings.projectId,
      frameUrl: settings.frameUrl,
      networks: settings.networks,
      metadata: { name: 'React host', url: location.origin },
    },
  }),
  { onRecoverableError: (error) => hydrationErrors.push(String(error)) },
)
