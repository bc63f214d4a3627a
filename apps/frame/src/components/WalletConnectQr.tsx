// The pairing URI as a QR code, with the URI itself for copying.
import { CopyButton } from './CopyButton.js'
import { QrCode } from './QrCode.js'

export function WalletConnectQr({ uri }: { uri: string }) {
  return (
    <div className="wf-stack wf-qr-block">
      <div data-testid="wf-wc-qr" data-uri={uri}>
        <QrCode value={uri} alt="QR code to scan with a wallet app" testId="wf-wc-qr-code" />
      </div>
      <span hidden data-testid="wf-wc-uri" data-uri={uri} />
      <CopyButton text={uri} label="Copy link" copiedLabel="Link copied" testId="wf-wc-copy" />
    </div>
  )
}
