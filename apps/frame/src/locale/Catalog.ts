// The shape every locale's catalog has: English's keys, each a text or a function of its parts.
import type { BootMessages } from './en/boot.js'
import type { ViewMessages } from './en/views.js'

/** One locale's messages: what paints before Connect, and what the later views say. */
export type Catalog = { readonly boot: BootMessages; readonly views: ViewMessages }
