/**
 * The keys of an error code's text for i18next's `t`: its own, then the generic text. The party page
 * loads only the party's share of the error texts (config.ts WORKSPACE_ERRORS); a code from the
 * other share still reads as a sentence there, never as a key.
 */
export function errorKeys(code: string): [string, string] {
  return [`errors.${code}`, 'errors.generic'];
}
