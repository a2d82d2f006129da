// What the player is told when the host could not read or write the saved
// settings: the problem names of host.problem() (docs/host-api.md §1), as one
// line in the player's language. A save that failed costs nothing but the
// file: the game goes on with the settings in memory, and says so.
import type { SaveProblem } from '../contract';
import type { Language } from './options';

export type { SaveProblem } from '../contract';

interface NoticeTexts {
  readonly cannotRead: string;
  readonly cannotSave: string;
  readonly why: Readonly<Record<SaveProblem, string>>;
}

const TEXTS: Readonly<Record<Language, NoticeTexts>> = {
  en: {
    cannotRead: 'Saved settings could not be read ({why}): defaults used.',
    cannotSave: 'Could not save ({why}). Playing on with these settings.',
    why: {
      damaged: 'damaged',
      'too-large': 'file too large',
      unreadable: 'no access',
      'no-folder': 'no save folder',
      'read-only': 'read-only',
      full: 'storage full',
      failed: 'write error',
    },
  },
  ru: {
    cannotRead: 'Сохранение не прочитано ({why}): настройки по умолчанию.',
    cannotSave: 'Не сохранено ({why}). Игра идёт с этими настройками.',
    why: {
      damaged: 'повреждено',
      'too-large': 'слишком большой файл',
      unreadable: 'нет доступа',
      'no-folder': 'нет папки',
      'read-only': 'только чтение',
      full: 'нет места',
      failed: 'ошибка записи',
    },
  },
};

/**
 * The notice for a load the host could not hand over whole, or null when
 * there is nothing to say. A damaged save whose text was handed over is the
 * saved-data notice of the strings tables (the reader kept what it could).
 */
export function loadNotice(problem: SaveProblem | null, language: Language): string | null {
  if (problem === null || problem === 'damaged') return null;
  const t = TEXTS[language];
  return t.cannotRead.replace('{why}', t.why[problem]);
}

/** The notice for a save that failed, with the host's reason if it gave one. */
export function saveNotice(problem: SaveProblem | null, language: Language): string {
  const t = TEXTS[language];
  return t.cannotSave.replace('{why}', t.why[problem ?? 'failed']);
}
