// Account's "Show recovery phrase" for the embedded wallet: a window on the frame origin (/export),
// opened in the click — an await first would lose the user's gesture and the browser would block it.
// The password is asked and the phrase shown in that window only, never in this iframe, which the host
// page could cover or overlay.
import { useMutation } from '@tanstack/react-query'
import { useFrame } from '../../app/context.js'
import { useLocale } from '../../components/useMessages.js'
import { useStore } from '../../components/useStore.js'
import { useViewMessages } from '../../components/useViewMessages.js'
import { messageOf } from '../../lib/errors.js'
import * as ExportWindow from '../../lib/exportWindow.js'
import * as Popup from '../../lib/popup.js'
import { localizeText } from '../../locale/en/errors.js'

export function RecoveryPhrase() {
  const frame = useFrame()
  const connection = useStore(frame.core.connection)
  const messages = useViewMessages()
  const words = messages.security.recoveryPhrase
  const locale = useLocale()
  const show = useMutation({
    mutationFn: async (popup: Popup.MessagingPopup | null) => {
      if (!popup) throw new ExportWindow.ExportWindowBlockedError()
      await (await frame.embedded()).showRecoveryPhrase(popup)
    },
  })
  if (connection.status !== 'connected' || !connection.connector?.embeddedWalletInfo) return null
  return (
    <>
      <button
        type="button"
        className="wf-list-item"
        data-testid="wf-account-recovery-phrase"
        onClick={() =>
          show.mutate(Popup.open(Popup.localized(ExportWindow.path, locale), 'walletframe-export'))
        }
      >
        <span>{words.show}</span>
        {show.isSuccess ? <span className="wf-tag">{words.ownWindow}</span> : null}
      </button>
      {show.isError ? (
        <span role="alert" data-testid="wf-recovery-phrase-error">
          {localizeText(messageOf(show.error), messages.errors)}
        </span>
      ) : null}
    </>
  )
}
