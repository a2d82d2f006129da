// The page's own words, around the game's picture: the loading line, the
// error and quit panels, the sound hint, the full-screen button, the touch
// zones' labels and the line that asks an upright phone to turn. The game's
// words are the script's (src/app/i18n); the page follows the language the
// player chose there, read from the saved settings (input/touch.ts
// touchSettings), and falls back to English for a language it does not
// know yet.

export interface PageWords {
  readonly loading: string;
  readonly couldNotStart: (why: string) => string;
  readonly stopped: string;
  readonly startAgain: string;
  readonly thanks: string;
  readonly playAgain: string;
  readonly soundHint: string;
  readonly fullScreen: string;
  /** The touch zones' labels: the game's own control hints (controlPlay, controlSlap in src/app/i18n). */
  readonly play: string;
  readonly slap: string;
  readonly turn: string;
}

const WORDS: Readonly<Record<string, PageWords>> = {
  en: {
    loading: 'Loading Egyptian Ratscrew…',
    couldNotStart: (why) => `The game could not start: ${why}`,
    stopped: 'The game stopped',
    startAgain: 'Start again',
    thanks: 'Thanks for playing',
    playAgain: 'Play again',
    soundHint: 'The browser plays sound after a key press, click or touch.',
    fullScreen: 'Full screen (F11)',
    play: 'Play',
    slap: 'Slap',
    turn: 'Turn the screen sideways for bigger cards.',
  },
  ru: {
    loading: 'Загрузка: Египетский Рэтскрю…',
    couldNotStart: (why) => `Игра не смогла начаться: ${why}`,
    stopped: 'Игра остановилась',
    startAgain: 'Начать заново',
    thanks: 'Спасибо за игру',
    playAgain: 'Играть снова',
    soundHint: 'Браузер включает звук после нажатия клавиши, щелчка или касания.',
    fullScreen: 'Во весь экран (F11)',
    play: 'Ход',
    slap: 'Хлопок',
    turn: 'Поверните экран боком: карты станут крупнее.',
  },
};

/** The page's words in `language` (a language code of src/app/i18n), English for one it does not know. */
export function pageWords(language: string): PageWords {
  return WORDS[language] ?? WORDS.en!;
}

/** The page's fixed elements by id, and the words each shows. */
const TEXTS: readonly (readonly [string, (w: PageWords) => string])[] = [
  ['error-title', (w) => w.stopped],
  ['error-restart', (w) => w.startAgain],
  ['quit-title', (w) => w.thanks],
  ['quit-restart', (w) => w.playAgain],
  ['sound-hint', (w) => w.soundHint],
];

/** Puts the page's fixed words in `language` (the loading line too while it still says it is loading). */
export function sayInLanguage(doc: Document, language: string): void {
  const w = pageWords(language);
  doc.documentElement.lang = WORDS[language] ? language : 'en';
  for (const [id, text] of TEXTS) {
    const e = doc.getElementById(id);
    if (e) e.textContent = text(w);
  }
  const status = doc.getElementById('status');
  if (status && status.dataset.loading !== undefined) status.textContent = w.loading;
  const fullScreen = doc.getElementById('fullscreen');
  if (fullScreen) {
    fullScreen.title = w.fullScreen;
    fullScreen.setAttribute('aria-label', w.fullScreen.replace(/ \(.*\)$/, ''));
  }
}
