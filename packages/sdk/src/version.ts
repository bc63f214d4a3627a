// The SDK version sent in `host:init`; version.test.ts keeps it equal to package.json.
export const version = '0.1.0'
