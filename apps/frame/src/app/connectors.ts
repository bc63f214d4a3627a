// The frame's connectors as the wiring knows them: the ones it follows, and how each capability
// rebuilds its connector from the choice stored at connect (after a reload, or on a new handshake),
// so that restoring names no connector.
import type { Connector } from '../connectors/Connector.js'
import * as Connect from '../core/actions/connect.js'

/** Rebuilds the connector a stored choice names; undefined when it cannot be (and the choice is forgotten). */
export type Restorer = (choice: Connect.Choice) => Promise<Connector | undefined> | Connector | undefined

export type Connectors = ReturnType<typeof create>

/**
 * A connector's id starts with its type: the type alone (`walletConnect`, `auth`), or the type and
 * the wallet for a connector built per wallet (`injected:io.metamask`).
 */
const typeOf = (id: string) => id.split(':', 1)[0] as string

export function create(core: Connect.Deps) {
  /** Connectors followed so far, by id (a browser wallet is rebuilt on each connect). */
  const followed = new Map<string, () => void>()
  const restorers = new Map<string, Restorer>()
  return {
    /** Follows `connector`'s events in place of the one of its id followed before. */
    adopt<C extends Connector>(connector: C, choice: Connect.Choice = { id: connector.id }): C {
      followed.get(connector.id)?.()
      followed.set(connector.id, Connect.follow(core, connector, choice))
      return connector
    },
    /** How the capability behind connectors of `type` rebuilds one. */
    register(type: Connector['type'], restorer: Restorer): void {
      restorers.set(type, restorer)
    },
    /** Rebuilds the connector `choice` names; undefined for a type no capability registered. */
    restore(choice: Connect.Choice): ReturnType<Restorer> {
      return restorers.get(typeOf(choice.id))?.(choice)
    },
  }
}
