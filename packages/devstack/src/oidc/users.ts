// The people the OAuth stand-in lets a tester be: one with a verified address, one whose address the
// providers do not vouch for. Subjects follow each provider's own form.
export type FixtureUser = {
  key: string
  name: string
  /** Lowercase handle (GitHub login, Discord username, X username). */
  handle: string
  email: string
  emailVerified: boolean
  /** The user's id at each provider, in that provider's format. */
  subjects: Record<'google' | 'apple' | 'github' | 'discord' | 'x' | 'facebook', string>
}

export const fixtureUsers: readonly FixtureUser[] = [
  {
    key: 'alice',
    name: 'Alice Example',
    handle: 'alice-example',
    email: 'alice@example.test',
    emailVerified: true,
    subjects: {
      google: '104512345678901234567',
      apple: '001234.5c0ffee0a11ce0a11ce0a11ce0a11ce0.1234',
      github: '5832310',
      discord: '80351110224678912',
      x: '1456789012345678901',
      facebook: '10160012345678901',
    },
  },
  {
    key: 'bob',
    name: 'Bob Unverified',
    handle: 'bob-unverified',
    email: 'bob@example.test',
    emailVerified: false,
    subjects: {
      google: '109876543210987654321',
      apple: '001234.b0bb0bb0bb0bb0bb0bb0bb0bb0bb0bb0.5678',
      github: '7712004',
      discord: '91234567890123456',
      x: '1598765432109876543',
      facebook: '10160098765432109',
    },
  },
]
