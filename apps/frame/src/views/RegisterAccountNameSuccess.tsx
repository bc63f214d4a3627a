// RegisterAccountNameSuccess: the name just registered (the profile name the header shows),
// and the way back to Account.
import { useQuery } from '@tanstack/react-query'
import { useFrame } from '../app/context.js'
import { useStore } from '../components/useStore.js'
import { useViewMessages } from '../components/useViewMessages.js'
import * as Navigation from '../core/actions/navigation.js'
import * as Connection from '../core/connection.js'
import * as Identity from '../queries/identity.js'

export function RegisterAccountNameSuccess() {
  const { core, api } = useFrame()
  const connection = useStore(core.connection)
  const { active } = useStore(core.networks)
  const words = useViewMessages().name
  const address = Connection.addressOn(connection.accounts, active) ?? ''
  const profile = useQuery({ ...Identity.identity(api, address), enabled: address !== '' }).data
  return (
    <div className="wf-stack" data-testid="wf-register-name-success">
      <p>
        {profile?.name ? (
          <>
            <strong data-testid="wf-register-name-registered">{profile.name}</strong>
            {words.isNowYours}
          </>
        ) : (
          words.registered
        )}
      </p>
      <button
        type="button"
        className="wf-button"
        data-testid="wf-register-name-done"
        onClick={() => Navigation.reset(core, 'Account')}
      >
        {words.backToAccount}
      </button>
    </div>
  )
}
