// Starts the frame: says ready to the host at once (the SDK preloads the frame hidden), while the
// runtime configuration loads; the host's init waits for both.
import * as Config from './config.js'
import { type Controller, create } from './controller.js'
import * as HostChannel from './host/HostChannel.js'

export type Booted = { controller: Promise<Controller>; channel: HostChannel.HostChannel }

export function boot(): Booted {
  let resolveController: (controller: Controller) => void = () => {}
  let rejectController: (error: unknown) => void = () => {}
  const controller = new Promise<Controller>((resolve, reject) => {
    resolveController = resolve
    rejectController = reject
  })
  // The host may never send init (the frame opened on its own): keep the failure observed.
  controller.catch((error) => console.error('[walletframe]', error))

  const channel = HostChannel.listen({
    window,
    handlers: {
      init: async (message, origin) => (await controller).init(message, origin),
      request: async (message) => (await controller).request(message),
      event: (message) => void controller.then((ready) => ready.hostEvent(message)),
    },
  })

  Config.load()
    .then((config) =>
      resolveController(
        create({
          config,
          channel,
          storage: window.localStorage,
          isMobile: () =>
            window.matchMedia('(max-width: 430px)').matches || /Mobi|Android/i.test(navigator.userAgent),
        }),
      ),
    )
    .catch(rejectController)

  return { controller, channel }
}
