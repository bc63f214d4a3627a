// Starts the frame and wires everything together — the only place that does. It says ready to the
// host at once (the SDK preloads the frame hidden) while the runtime configuration loads; the
// host's init waits for both. Storage never decides whether the frame starts (see storage/). Each
// capability wires itself in a module of its own beside this one, and wire.ts composes them once the
// configuration has loaded.
import * as PendingView from '../core/actions/pendingView.js'
import * as Analytics from '../core/analytics.js'
import * as CoreState from '../core/Core.js'
import * as FrameConfigFile from '../data/frameConfig.js'
import * as EarlyReady from '../host/earlyReady.js'
import * as HostChannel from '../host/HostChannel.js'
import * as HostEvents from '../host/hostEvents.js'
import * as HostRequests from '../host/hostRequests.js'
import * as ProjectAccess from '../host/projectAccess.js'
import * as FrameStorage from '../storage/FrameStorage.js'
import type { Frame } from './Frame.js'
import { type Wired, wire } from './wire.js'

export type Booted = { frame: Promise<Frame>; channel: HostChannel.HostChannel }

const isMobile = () =>
  window.matchMedia('(max-width: 430px)').matches || /Mobi|Android/i.test(navigator.userAgent)

let started: Booted | undefined

/**
 * The frame's one boot. The entry starts it as soon as its own code runs, so the host's handshake
 * does not wait for the modal's chunk; the modal reads the same one.
 */
export function start(): Booted {
  started ??= boot()
  return started
}

export function boot(): Booted {
  const storage = FrameStorage.open(window)
  const core = CoreState.create({ storage: storage.state, isMobile })
  /** Set once the configuration has loaded; the handlers that need it wait for that first. */
  let wired: Wired | undefined

  // What the early script started (host/earlyReady.ts): the host's handshake, the configuration.
  const early = EarlyReady.claim(window)
  const fetched = early?.config
  const config = FrameConfigFile.load(undefined, fetched ? () => fetched : fetch)
  // The host may never send init (the frame opened on its own): keep the failure observed.
  config.catch((error) => console.error('[walletframe]', error))

  const channel = HostChannel.listen({
    window,
    early: early?.messages,
    handlers: {
      async init(message, origin) {
        try {
          await config
        } catch (error) {
          throw new ProjectAccess.ServiceUnavailableError((error as Error).message)
        }
        return (wired as Wired).init(message, origin)
      },
      initialized: () => wired?.signIn.initialized(),
      async request(message) {
        await config
        return HostRequests.handle({ ...core, router: (wired as Wired).router }, message)
      },
      event: (message) => wired?.injected.hostEvent(message),
    },
  })
  // The host holds the state copy a change wrote before it hears of the change (HostMirror.flush).
  HostEvents.forward(core, ((event, data) => {
    storage.mirror?.flush()
    channel.emit(event, data)
  }) as HostEvents.Emit)
  PendingView.watch(core)
  Analytics.trackModal(core)
  storage.mirror?.onPersist((blob) => channel.emit('persist', blob))

  // Before any handler's wait on the configuration: the wiring is done when they resume.
  const built = config.then((loaded) => {
    wired = wire(loaded, core, storage, channel)
    return wired.frame
  })
  built.catch(() => {})
  return { frame: built, channel }
}
