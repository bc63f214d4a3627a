// The Worker's pass key comes from the frame origin's own configuration: read once, an unreachable or
// invalid file names no key (and is read again next time), a file without `passKey` names none.
import { describe, expect, it } from 'vitest'
import * as PassKey from './passKey.js'
import { passKey } from './passTesting.js'

const config = (extra: object) => ({ networks: ['eip155:1'], ...extra })

function server(answers: Array<() => Response>) {
  const asked: string[] = []
  const doFetch = (async (url: string) => {
    asked.push(url)
    return answers.shift()!()
  }) as typeof fetch
  return { asked, doFetch }
}

describe('fromFrameConfig', () => {
  it('answers the configured key, reading the file once', async () => {
    const { asked, doFetch } = server([() => Response.json(config({ passKey }))])
    const key = PassKey.fromFrameConfig('https://frame.test/frame-config.json', doFetch)
    expect(await key()).toBe(passKey)
    expect(await key()).toBe(passKey)
    expect(asked).toEqual(['https://frame.test/frame-config.json'])
  })

  it('names no key for a file without one, an invalid one, or none at all, and reads again after', async () => {
    const { asked, doFetch } = server([
      () => Response.json(config({})),
      () => Response.json(config({ passKey: 'not a key' })),
      () => {
        throw new TypeError('Failed to fetch')
      },
      () => Response.json(config({ passKey })),
    ])
    const key = PassKey.fromFrameConfig('https://frame.test/frame-config.json', doFetch)
    expect(await key()).toBeUndefined()
    expect(await key()).toBeUndefined()
    expect(await key()).toBeUndefined()
    expect(await key()).toBe(passKey)
    expect(asked).toHaveLength(4)
  })
})
