// The shape of a language table: every language has the same keys. Lines
// that depend on who did what are small functions so that each language can
// use its own grammar (English "you take" / "Dana takes", Russian plurals).
import type { SlapRule } from '../../rules/types';

export interface Strings {
  readonly languageName: string;
  readonly title: string;
  /** The line under the (English) logo: in Russian it also names the game. */
  readonly subtitle: string;
  readonly menu: { play: string; options: string; howTo: string; quit: string };
  readonly titleHint: string;
  readonly demo: string;
  readonly savedDataNotice: string;

  readonly optionsTitle: string;
  readonly optionsHint: string;
  readonly opt: {
    ruleSet: string;
    players: string;
    humans: string;
    difficulty: string;
    slapRule: string;
    runLength: string;
    runWrap: string;
    penalty: string;
    wrongSlap: string;
    banCards: string;
    tensStop: string;
    slapIn: string;
    jokers: string;
    russianJokers: string;
    language: string;
    sound: string;
    music: string;
  };
  readonly ruleSetNames: { classic: string; russian: string };
  readonly difficultyNames: { easy: string; medium: string; hard: string };
  readonly russianJokerNames: { off: string; beatsAll: string; chooser: string };
  readonly wrongSlapNames: { burn: string; pileToNext: string; ban: string };
  readonly on: string;
  readonly off: string;
  readonly slapRuleNames: Record<SlapRule, string>;

  readonly howToTitle: string;
  readonly howToHint: string;
  readonly howToClassic: readonly string[];
  readonly howToRussian: readonly string[];
  readonly page: (n: number, of: number) => string;
  /** The page listing this game's own rules (slaps on, penalty, jokers). */
  readonly activeRulesTitle: string;
  readonly slapRuleHelp: Record<SlapRule, string>;
  readonly penaltyHelp: (cards: number) => string;
  readonly pileToNextHelp: string;
  readonly banHelp: (cards: number) => string;
  readonly tensStopHelp: string;
  /** How to play: the page for two people on one PSP (the view draws the PSP beside it). */
  readonly howToTwoPlayers: string;
  /** Appended to it on the desktop (native/desktop/sdl_keys.c). */
  readonly desktopKeys: string;
  readonly slapInHelp: (on: boolean) => string;
  readonly russianJokerHelp: { off: string; beatsAll: string; chooser: string };

  readonly you: string;
  /** Two people: the seat names of the left (D-pad side) and right (face-button side) player. */
  readonly leftPlayer: string;
  readonly rightPlayer: string;
  readonly padTurn: (name: string, key: string) => string;
  readonly padTake: (name: string, key: string) => string;
  readonly padChoose: (name: string, moveKeys: string, confirmKey: string) => string;
  readonly tooLateFor: (name: string) => string;
  readonly slapBanned: (name: string, isYou: boolean, cards: number) => string;
  readonly stillBanned: (name: string, isYou: boolean, cards: number) => string;
  readonly wrongSlapClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly tenStops: (name: string, isYou: boolean) => string;
  readonly cpuNames: readonly string[];
  readonly cards: (n: number) => string;
  readonly controlPlay: string;
  readonly controlSlap: string;
  readonly yourTurn: string;
  readonly notYourTurn: string;
  readonly takePile: string;
  readonly waitFor: (name: string) => string;
  readonly quitConfirm: string;
  readonly chooseTaker: string;
  readonly chooseHint: string;
  readonly higher: string;
  readonly equal: string;
  readonly lower: string;
  readonly challenge: (name: string, isYou: boolean, chances: number) => string;
  readonly slapClaim: (pattern: string, name: string, isYou: boolean, cards: number) => string;
  readonly challengeClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly lastCardClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly lowerClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly jokerClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly choiceClaim: (chooser: string, chooserIsYou: boolean, name: string, isYou: boolean, cards: number) => string;
  readonly wrongSlap: (name: string, isYou: boolean, burned: number) => string;
  readonly barred: (name: string, isYou: boolean) => string;
  readonly tooLate: string;
  readonly layCount: (total: number, left: number) => string;
  readonly out: (name: string, isYou: boolean) => string;
  readonly slappedIn: (name: string, isYou: boolean) => string;
  readonly wins: (name: string, isYou: boolean) => string;

  readonly resultsTitle: string;
  readonly byLimit: string;
  readonly ranking: string;
  readonly statCards: string;
  readonly statPiles: string;
  readonly statSlapsWon: string;
  readonly statSlapsLost: string;
  readonly statFastest: string;
  readonly statCardsPlayed: string;
  readonly lifetime: string;
  readonly lifetimeLine: (ruleSet: string, games: number, wins: number) => string;
  readonly twoPlayerLine: (games: number, leftWins: number, rightWins: number) => string;
  readonly ms: (n: number) => string;
  readonly none: string;
  readonly resultsHint: string;
}
