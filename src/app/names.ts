// What a player writes for the online rooms: their seat's name and a room's
// code. Which characters each takes (a name: the letters the fonts draw,
// which the server also takes; a code: the rooms' own alphabet), how a
// letter picked with the D-pad is cased. The letter picker's pages are the
// view's (src/view/picker.ts; src/app/scenes/entry.ts runs the picker).
import { CODE_ALPHABET, CODE_LENGTH, NAME_MAX } from '../net/protocol';
import type { EntryKind } from '../view/picker';

/** The name page a language starts on: its own alphabet. */
export function firstPage(kind: EntryKind, language: string): number {
  return kind === 'name' && language === 'ru' ? 1 : 0;
}

const NAME_CHAR = /^[A-Za-z0-9\u0401\u0410-\u044f\u0451 ._'-]$/;

/** A name: 1 to NAME_MAX of those characters, not starting or ending with a space. */
export function validName(v: string): boolean {
  if (v.length === 0 || v.length > NAME_MAX || v.trim() !== v) return false;
  for (const c of v) if (!NAME_CHAR.test(c)) return false;
  return true;
}

export function validCode(v: string): boolean {
  if (v.length !== CODE_LENGTH) return false;
  for (const c of v) if (CODE_ALPHABET.indexOf(c) < 0) return false;
  return true;
}

/** What is written so far, with one character added (typed or picked); unchanged when it does not fit. */
export function addChar(kind: EntryKind, text: string, c: string, picked: boolean): string {
  if (kind === 'code') {
    const up = c.toUpperCase();
    return text.length < CODE_LENGTH && up.length === 1 && CODE_ALPHABET.indexOf(up) >= 0 ? text + up : text;
  }
  if (text.length >= NAME_MAX || !NAME_CHAR.test(c)) return text;
  if (c === ' ' && (text === '' || text.endsWith(' '))) return text;
  // A picked letter is a capital at a word's start and small after it: "Anna", "Анна".
  const last = text.charAt(text.length - 1);
  const startsWord = text === '' || last === ' ' || last === '-';
  return text + (picked && !startsWord ? c.toLowerCase() : c);
}

/** The text to keep when the player is done: a name trimmed, a code as it is; '' when it is not complete. */
export function finished(kind: EntryKind, text: string): string {
  const t = kind === 'name' ? text.trim() : text;
  return kind === 'name' ? (validName(t) ? t : '') : validCode(t) ? t : '';
}
