// RegisterAccountName: a label under the name rule (letters, digits and hyphens, at least 4), the
// API's suggestions while typing (debounced), then sign and register through the registerName
// action.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isNameLabel, nameLabelOf } from '@walletframe/protocol'
import { useEffect, useMemo, useState } from 'react'
import { useFrame } from '../app/context.js'
import type { Frame } from '../app/Frame.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as RegisterName from '../core/actions/registerName.js'
import type { Client } from '../data/client.js'
import * as Identity from '../queries/identity.js'
import * as Names from '../queries/names.js'
import { NotAvailable } from './NotAvailable.js'

/** How long typing pauses before suggestions are asked for (the frame's debounce for typed input). */
export const suggestionsDebounceMs = 500

export function RegisterAccountName() {
  const frame = useFrame()
  const words = useViewMessages().name
  if (!frame.api) return <NotAvailable feature={words.feature} />
  return <Form frame={frame} api={frame.api} />
}

function Form({ frame, api }: { frame: Frame; api: Client }) {
  const queryClient = useQueryClient()
  const messages = useViewMessages()
  const words = messages.name
  const [typed, setTyped] = useState('')
  const [label, setLabel] = useState('')
  const typedLabel = nameLabelOf(typed.trim())
  const valid = isNameLabel(typedLabel)

  useEffect(() => {
    const timer = setTimeout(() => setLabel(valid ? typedLabel : ''), suggestionsDebounceMs)
    return () => clearTimeout(timer)
  }, [typedLabel, valid])

  const suggestions = useQuery({ ...Names.suggestions(api, label), enabled: label !== '' })
  const list = label === typedLabel ? suggestions.data?.suggestions : undefined
  const asked = list?.[0]
  const current = asked !== undefined

  const deps = useMemo(
    (): RegisterName.Deps => ({
      ...frame.core,
      register: (registration) => Names.register(api, registration),
      async registered(address, account) {
        // The header reads identity: show the new name now, then let the API confirm it.
        queryClient.setQueryData(Identity.identity(api, address).queryKey, (old) => ({
          name: account.name,
          avatar: old?.avatar ?? account.attributes.avatar ?? null,
        }))
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: Identity.identity(api, address).queryKey }),
          queryClient.invalidateQueries({ queryKey: Names.reverse(api, address).queryKey }),
          queryClient.invalidateQueries({ queryKey: ['names', 'suggestions'] }),
        ])
      },
    }),
    [frame.core, api, queryClient],
  )
  const registration = useMutation({
    mutationFn: (name: string) => {
      const dot = name.indexOf('.')
      return RegisterName.register(deps, { name: name.slice(0, dot), zone: name.slice(dot + 1) })
    },
  })

  function choose(name: string) {
    registration.mutate(name)
  }

  const problem =
    typed.trim() !== '' && !valid
      ? messages.errors.nameRule
      : suggestions.isError
        ? messages.errors.suggestionsFailed
        : undefined

  return (
    <form
      className="wf-stack"
      data-testid="wf-register-name"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (asked && !asked.registered) choose(asked.name)
      }}
    >
      <label className="wf-field">
        <span>{words.choose}</span>
        <input
          className="wf-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={words.placeholder}
          data-testid="wf-register-name-input"
          value={typed}
          disabled={registration.isPending}
          onChange={(event) => {
            registration.reset()
            setTyped(event.target.value)
          }}
        />
      </label>
      {problem ? (
        <p className="wf-error" role="alert" data-testid="wf-register-name-error">
          {problem}
        </p>
      ) : null}
      {list && current ? (
        <ul className="wf-stack" data-testid="wf-register-name-suggestions">
          {list.map((suggestion) => (
            <li key={suggestion.name}>
              <button
                type="button"
                className="wf-list-item"
                data-testid="wf-register-name-suggestion"
                data-name={suggestion.name}
                disabled={suggestion.registered || registration.isPending}
                onClick={() => choose(suggestion.name)}
              >
                <span>{suggestion.name}</span>
                <span className="wf-tag">{suggestion.registered ? words.taken : words.available}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : valid && typed.trim() !== '' ? (
        <p className="wf-muted">{words.checking}</p>
      ) : null}
      <button
        type="submit"
        className="wf-button"
        data-testid="wf-register-name-submit"
        disabled={!asked || asked.registered || registration.isPending}
      >
        {registration.isPending ? words.registering : words.register}
      </button>
    </form>
  )
}
