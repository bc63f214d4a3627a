// The English words of the account's security settings for the embedded wallet: two-factor
// authentication, passkeys, the recovery kit and phrase, a recovery password, smart sessions.

export const security = {
  twoFactor: {
    title: 'Two-factor authentication',
    off: 'Off. With an authenticator app, opening this wallet on a new login also takes a code from your phone.',
    setUp: 'Set up an authenticator app',
    scan: 'Scan this code with your authenticator app, or type the key below into it.',
    qrAlt: 'Authenticator app setup code',
    codeFromApp: 'Code from your app',
    turnOn: 'Turn on',
    recoveryCodes:
      'Two-factor authentication is on. Keep these recovery codes somewhere safe: each opens your wallet once without your app. They are not shown again.',
    saved: 'I have saved them',
    on: 'On: opening this wallet on a new login takes a code of your authenticator app.',
    codesLeft: (count: string) => `${count} recovery codes left.`,
    codeToTurnOff: 'Code to turn it off',
    turnOff: 'Turn off',
    noCode: 'Sends ask for no code.',
    codeOver: (amount: string) =>
      `Sends worth more than ${amount} (ETH or the network's coin; tokens at their price) ask for a code. Anything the wallet cannot value always asks.`,
    askOver: 'Ask for a code for sends over (empty: never)',
    codeToSave: 'Code to save the amount',
    saveAmount: 'Save amount',
  },
  passkeys: {
    title: 'Passkeys',
    never: 'never',
    blocked: 'The browser blocked the passkey window; allow pop-ups for this site and try again',
    none: 'No passkey yet. Add one to log in with a touch.',
    isFactor:
      'Your passkey is a second factor: the recovery phrase, a recovery kit and a change of how you log in ask for its touch.',
    useAsFactor:
      'Use a passkey as a second factor: the recovery phrase, a recovery kit and a change of how you log in will ask for its touch.',
    stopFactor: 'Stop using it as a second factor',
    startFactor: 'Use as a second factor',
    waiting: 'Waiting for your passkey…',
    add: 'Add a passkey',
    passkey: 'Passkey',
    added: (date: string) => ` · added ${date}`,
    lastUsed: (date: string) => ` · last used ${date}`,
    opensOnNewDevice: ' · opens your wallet on a new device',
    remove: 'Remove',
    noPasskey: 'Sends ask for no passkey.',
    passkeyOver: (amount: string) =>
      `Sends worth more than ${amount} (ETH or the network's coin; tokens at their price) ask for your passkey. Anything the wallet cannot value always asks.`,
    askOver: 'Ask for the passkey for sends over (empty: never)',
    save: 'Save amount with passkey',
  },
  recoveryKit: {
    download: 'Download recovery kit',
    title: 'Recovery kit',
    passkeyIntro:
      'Your passkey protects this wallet; it has no recovery password. The kit is encrypted with a kit secret your passkey makes: write it down and keep it apart from the file. With both, the walletframe-recover command rebuilds the wallet on your computer without the passkey or any Walletframe server. Your passkey shows the same secret again for every kit.',
    secret: 'Kit secret (write it down; it is not in the file):',
    save: (file: string) => `Save ${file}`,
    done: 'Done',
    encrypting: 'Encrypting…',
    makeWithPasskey: 'Make recovery kit with passkey',
    cancel: 'Cancel',
    passwordIntro:
      'A file with this wallet’s secret, encrypted with your recovery password. With the file and the password, the walletframe-recover command rebuilds the wallet on your computer without any Walletframe server. Keep both safe: either alone opens nothing, together they open everything.',
    password: 'Recovery password',
    make: 'Make recovery kit',
  },
  recoveryPhrase: {
    show: 'Show recovery phrase',
    ownWindow: 'In its own window',
  },
  addRecoveryPassword: {
    added: 'Recovery password added: it opens this wallet on a device without your passkey.',
    open: 'Add a recovery password',
    intro:
      'Your passkey opens this wallet on a new device or site by itself. A recovery password (8 characters or more) also opens it where the passkey is not at hand; nobody can reset it. Your passkey is asked for once to add it.',
    label: 'Recovery password',
    encrypting: 'Encrypting…',
    add: 'Add recovery password',
    cancel: 'Cancel',
  },
  smartSessions: {
    title: 'Manage smart sessions',
    none: 'No active smart sessions.',
    token: (address: string) => `token ${address}…`,
    usage: (used: string, left: string, what: string) => `${used} used, ${left} left (${what})`,
    expires: (date: string) => `Expires ${date}`,
    usageUnavailable: 'Usage unavailable',
    revokeFailed: (reason: string) => `Revoke failed: ${reason}. Try again.`,
    revoking: 'Revoking…',
    revoke: 'Revoke',
  },
}
