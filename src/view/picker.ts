// The letter picker's pages, as the view draws them and the entry scene
// (src/app/scenes/entry.ts) moves over them: rows of cells, the last row
// the wide ones. A name has a Latin and a Cyrillic page (the switch cell
// goes between them); a code has one. Which characters a name or a code
// takes is src/app/names.ts's.
import { CODE_ALPHABET } from '../net/protocol';

export type EntryKind = 'name' | 'code';

/** The picker's cells that are not letters: a space, delete one, the other alphabet, done. */
export const CELL_SPACE = ' ';
export const CELL_DELETE = '\b';
export const CELL_SWITCH = '\t';
export const CELL_DONE = '\n';

const SPECIALS_NAME = [CELL_SPACE, CELL_DELETE, CELL_SWITCH, CELL_DONE];
const SPECIALS_CODE = [CELL_DELETE, CELL_DONE];
const rows = (...r: string[]): string[][] => r.map((row) => [...row]);
export const PICKER_PAGES: Readonly<Record<EntryKind, readonly (readonly (readonly string[])[])[]>> = {
  name: [
    [...rows('ABCDEFGHIJK', 'LMNOPQRSTUV', "WXYZ-.'", '0123456789'), SPECIALS_NAME],
    [...rows('АБВГДЕЁЖЗИЙ', 'КЛМНОПРСТУФ', 'ХЦЧШЩЪЫЬЭЮЯ', '0123456789-'), SPECIALS_NAME],
  ],
  code: [[...rows(CODE_ALPHABET.slice(0, 11), CODE_ALPHABET.slice(11, 22), CODE_ALPHABET.slice(22)), SPECIALS_CODE]],
};
