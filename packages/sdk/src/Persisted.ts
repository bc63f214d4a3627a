// The frame's state blob (`persist` events, handed back in `host:init`), kept in the host page's
// localStorage for a frame whose own storage the browser blocks (README.md, "Storage regimes").
// The blob is opaque here and never secret. Storage may be absent or throw (sandboxed pages, site
// data blocked, quota full): the frame then starts without a blob, as on a first visit. Storage is
// read through its named properties (`localStorage[key]` is getItem's value, undefined when absent;
// `delete` removes it): the same calls in fewer bytes of the core.

/** The stored blob; undefined when there is none or storage refuses to be read. */
export function read(key: string): string | undefined {
  try {
    return localStorage[key]
  } catch {}
}

/** Stores the blob, or removes it (null); a write storage refuses is dropped. */
export function write(key: string, blob: string | null): void {
  try {
    if (blob === null) delete localStorage[key]
    else localStorage[key] = blob
  } catch {}
}
