// Every string of a language table (src/app/i18n), with each
// string-returning function called on sample arguments: what the text tests
// lay out to check glyphs and layout against.
export function languageTexts(table: object): string[] {
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'function') out.push(String((v as (...a: unknown[]) => unknown)('Name', true, 3, 2, 1)));
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  visit(table);
  return out;
}
