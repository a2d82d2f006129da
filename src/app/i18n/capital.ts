// Sentences that start with a name-dependent phrase ("you take", "Dana
// takes") capitalise its first letter; both languages use it.

/** s with its first letter upper-case. */
export function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
