// The shape of a language table: every language has the same keys. Lines
// that depend on who did what are small functions so that each language can
// use its own grammar (English "you take" / "Dana takes", Russian plurals).
import type { Difficulty } from '../../ai';
import type { KeyNames, SaveProblem } from '../../contract';
import type { RuleSet, SlapRule } from '../../rules/types';
import type { ResultCause } from '../game-stats';

/** A person's buttons at the table as the hints name them (src/app/pads.ts padNames). */
export interface PadNames {
  readonly play: string;
  readonly slap: string;
}

/** The buttons by what the player presses: the PSP's names, or the host's keys (host.caps.keys). */
export interface ButtonNames {
  readonly cross: string;
  readonly circle: string;
  readonly square: string;
  readonly triangle: string;
  readonly start: string;
}

/** ... and {confirm} in menu footers: Cross, or every key that presses it in menus ("S/Enter", host.caps.keys). */
export interface HintNames extends ButtonNames {
  readonly confirm: string;
}

/**
 * What the players hold, as lines that name the machine say it (src/app/i18n/index.ts
 * machineOf reads it from host.caps): the PSP's own buttons, a computer's
 * keyboard, or a touch screen. The script never learns the platform; this
 * is only which words fit what the players have in their hands.
 */
export type Machine = 'psp' | 'keyboard' | 'touch';

/**
 * A language table. Hints name buttons as {cross}, {circle}, {square},
 * {triangle} and {start}, and what confirms in a menu as {confirm};
 * stringsFor() (./index.ts) fills them in with the PSP's button names or
 * the host's keys.
 */
export interface Strings {
  readonly languageName: string;
  /** This language's names of the PSP buttons. */
  readonly buttons: ButtonNames;
  /** The table's legend shows the PSP button glyphs (false: the desktop's key names). */
  readonly glyphs?: boolean;
  /** The host's keys (host.caps.keys) where hints name keys; null or absent where they draw the PSP's glyphs. */
  readonly keys?: KeyNames | null;
  /** What the players hold (set by stringsFor; absent in a raw table: the PSP). */
  readonly machine?: Machine;
  readonly title: string;
  /** The line under the (English) logo: in Russian it also names the game. */
  readonly subtitle: string;
  /** The title's rows; `online` only where the host reaches a rooms server or PSPs close by (host.caps.network, host.caps.nearby). */
  readonly menu: { play: string; online: string; options: string; howTo: string; stats: string; watch: string; quit: string };
  /** The banner over a CPU-only game the player chose to watch. */
  readonly watching: string;
  readonly titleHint: string;
  readonly demo: string;
  readonly savedDataNotice: string;
  /** The host could not hand over the saved settings: why, in saveProblems' words. */
  readonly cannotRead: (why: string) => string;
  /** Saving failed; the game goes on with the settings in memory. */
  readonly cannotSave: (why: string) => string;
  /** The problems host.problem() names (src/app/notice.ts), in a word or two each. */
  readonly saveProblems: Readonly<Record<SaveProblem, string>>;

  readonly optionsTitle: string;
  readonly optionsHint: string;
  /** The options' groups, in the order the rows come (src/app/options.ts OptionDef.group). */
  readonly optionGroups: readonly string[];
  /** What each option does, one line under the list for the selected row (slap rules: slapRuleHelp). */
  readonly optionHelp: {
    readonly ruleSet: string;
    readonly players: string;
    /** Two people on what this host's players hold: one PSP, one keyboard, one touch screen. */
    readonly humans: Readonly<Record<Machine, string>>;
    readonly difficulty: string;
    readonly slapTimes: string;
    readonly onlineCpus: string;
    readonly runLength: string;
    readonly runWrap: string;
    readonly wrongSlap: string;
    readonly wrongSlapPenalty: string;
    readonly banCards: string;
    readonly tensStop: string;
    readonly slapIn: string;
    readonly jokers: string;
    readonly russianJokers: string;
    readonly cardLimit: (fewestWins: boolean) => string;
    readonly language: string;
    readonly sound: string;
    readonly music: string;
  };
  /** Option values with their units: "3 players", "2 people", "5,000 cards played". */
  readonly playersCount: (n: number) => string;
  readonly peopleCount: (n: number) => string;
  /** Seats an online room keeps for CPU players: "1 seat", "2 seats". */
  readonly seatsCount: (n: number) => string;
  readonly cardsPlayedCount: (n: number) => string;
  readonly opt: {
    ruleSet: string;
    players: string;
    humans: string;
    difficulty: string;
    slapTimes: string;
    onlineCpus: string;
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
    cardLimit: string;
  };
  readonly ruleSetNames: { classic: string; russian: string };
  readonly difficultyNames: Record<Difficulty, string>;
  /** The Slap times option's values: auto shows them at hard and master. */
  readonly slapTimesNames: { auto: string; on: string; off: string };
  readonly russianJokerNames: { off: string; beatsAll: string; chooser: string };
  readonly wrongSlapNames: { pay: string; burn: string; pileToNext: string; ban: string };
  readonly on: string;
  readonly off: string;
  readonly slapRuleNames: Record<SlapRule, string>;

  readonly howToTitle: string;
  readonly howToHint: string;
  /** Page titles of How to play. */
  readonly howPages: {
    goal: string;
    challenges: string;
    slaps: string;
    costs: string;
    slapIn: string;
    compare: string;
    lays: string;
    jokers: string;
    twoPeople: string;
    cpus: string;
  };
  readonly page: (n: number, of: number) => string;
  readonly howGoalClassic: string;
  readonly howGoalRussian: string;
  /** The first page's buttons for one person (slapping: a classic game). */
  readonly howControls: (slapping: boolean) => string;
  /** ... for two people: each one's play and slap (src/app/pads.ts padNames). */
  readonly howControlsTwo: (left: PadNames, right: PadNames, slapping: boolean) => string;
  readonly exampleStack: string;
  readonly examplePile: string;
  readonly howChallenges: string;
  /** Under a face card: its challenge count ("Queen: 2 chances"). */
  readonly chanceCaption: (rank: number, chances: number) => string;
  readonly howSlaps: string;
  readonly howCosts: string;
  readonly lateCaption: string;
  readonly tieCaption: string;
  readonly howSlapIn: string;
  /** How the CPU players react: one clock, their speed at each level, commitment, the pause, slap times (docs/ai.md). */
  readonly howCpus: string;
  readonly howCompare: string;
  readonly higherCaption: string;
  readonly equalCaption: string;
  readonly lowerCaption: string;
  readonly howLays: string;
  /** Under a card that starts a penalty lay ("Ace on a lower card: the next player lays 4"). */
  readonly layCaption: (rank: number, cards: number) => string;
  readonly jokerBeatsCaption: string;
  readonly jokerLowerCaption: string;
  /** Under the chooser's picture: the buttons that name the taker (the page's text says what a joker does). */
  readonly jokerChooseCaption: string;
  readonly slapRuleHelp: Record<SlapRule, string>;
  readonly penaltyHelp: (cards: number) => string;
  readonly pileToNextHelp: string;
  /** How to play's wrong slap under the default rule: a card to the player whose card was slapped. */
  readonly payHelp: string;
  readonly banHelp: (cards: number) => string;
  readonly tensStopHelp: string;
  /** How to play: the page for two people on one PSP (the view draws the PSP beside it). */
  readonly howToTwoPlayers: string;
  /** The same page where the hints name a computer's keys (no PSP drawn): what the keys, controllers and touch lines below it need. */
  readonly howToTwoPeopleHere: string;
  /** Appended to it where the host has a keyboard (host.caps.keys: the desktop's native/desktop/sdl_keys.c). */
  readonly twoPlayerKeys: (keys: KeyNames) => string;
  /** ... and where it maps two game controllers (host.caps.pads). */
  readonly twoPlayerPads: string;
  /** ... and where it has a touch screen (host.caps.touch: the web page on a phone or tablet, web/src/input/touch.ts). */
  readonly twoPlayerTouch: string;
  readonly slapInHelp: (on: boolean) => string;
  /** What happens to an out player's wrong slap. */
  readonly barredHelp: string;
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
  /** The legend while a person names a joker's taker: Left/Right choose, Cross confirms. */
  readonly controlChoose: string;
  readonly controlConfirm: string;
  readonly yourTurn: string;
  readonly notYourTurn: string;
  readonly takePile: string;
  readonly waitFor: (name: string) => string;
  /** The title's Start (or Quit): leaving the game; on the PSP to its menu, elsewhere closing the window or ending the page's game. */
  readonly quitQuestion: { readonly psp: string; readonly elsewhere: string };
  readonly quitAnswers: string;
  /** The pause menu's End game asks once. */
  readonly endQuestion: string;
  readonly endAnswers: string;
  readonly chooseTaker: string;
  readonly chooseHint: string;
  readonly higher: string;
  readonly equal: string;
  readonly lower: string;
  readonly challenge: (name: string, isYou: boolean, chances: number) => string;
  /** The running challenge after an answer that was no face card. */
  readonly chancesLeft: (name: string, isYou: boolean, left: number) => string;
  /** The challenge is won; the pile waits for its winner to take it. */
  readonly challengeWon: (name: string, isYou: boolean) => string;
  /** Nobody holds cards any more: the last player to play wins the pile. */
  readonly lastCardWon: (name: string, isYou: boolean) => string;
  readonly slapClaim: (pattern: string, name: string, isYou: boolean, cards: number) => string;
  readonly challengeClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly lastCardClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly lowerClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly jokerClaim: (name: string, isYou: boolean, cards: number) => string;
  readonly choiceClaim: (chooser: string, chooserIsYou: boolean, name: string, isYou: boolean, cards: number) => string;
  readonly wrongSlap: (name: string, isYou: boolean, burned: number) => string;
  /** A slap before anyone could see the card (in its flight or just after it landed), a wrong slap whatever the card: the burn rule's line. */
  readonly falseStart: (name: string, isYou: boolean, burned: number) => string;
  /** Put before the other wrong-slap rules' lines (barred, banned) when the wrong slap was a false start. */
  readonly falseStartLead: string;
  /** Wrong slap "pile to next" after a false start: who takes the pile. */
  readonly falseStartClaim: (name: string, isYou: boolean, cards: number) => string;
  /** A wrong slap (or a false start, `early`) that paid `cards` to the player whose card was slapped. */
  readonly wrongSlapPaid: (name: string, isYou: boolean, early: boolean, payee: string, payeeIsYou: boolean, cards: number) => string;
  /** A false start in the slap-times line, in place of a time ("You 312 ms · Kim: false start"). */
  readonly falseStartTime: (name: string) => string;
  readonly barred: (name: string, isYou: boolean) => string;
  readonly tooLate: string;
  readonly layCount: (total: number, left: number) => string;
  readonly out: (name: string, isYou: boolean) => string;
  readonly slappedIn: (name: string, isYou: boolean) => string;
  readonly wins: (name: string, isYou: boolean) => string;
  /** Under a won game's celebration: what skips it. */
  readonly skipToResults: string;

  readonly resultsTitle: string;
  /**
   * How the game ended, with the rule set's own ranking where it is by cards
   * (src/app/game-stats.ts); `people`: how many people played, who ended it
   * ('ended': the one person, or the two).
   */
  readonly resultCause: (cause: ResultCause, ruleSet: RuleSet, people: number) => string;
  readonly ranking: string;
  readonly statCards: string;
  readonly statPiles: string;
  readonly statSlapsWon: string;
  /** Russian: piles a player had to take (bad for them). */
  readonly statPilesTaken: string;
  readonly statWrongSlaps: string;
  readonly statFastest: string;
  /** The results' fastest slap with two people at the table: either one's, not "yours". */
  readonly statFastestPeople: string;
  readonly statCardsPlayed: string;
  readonly lifetime: string;
  readonly lifetimeLine: (ruleSet: string, games: number, wins: number) => string;
  readonly twoPlayerLine: (games: number, leftWins: number, rightWins: number) => string;
  readonly ms: (n: number) => string;
  readonly none: string;
  readonly resultsHint: string;
  /** The results' title line of a game ended from the pause menu (nobody won it). */
  readonly gameEnded: string;

  readonly pauseTitle: string;
  readonly pauseItems: { resume: string; howTo: string; endGame: string };
  readonly pauseHint: string;
  /** Every person at the table is out for good: keep watching (faster), or end the game. */
  readonly outTitle: string;
  readonly outItems: { watch: string; end: string };
  readonly outHint: string;
  /**
   * Why: `barred`, out of cards they slapped wrongly (slapping back in on);
   * else out of cards with slapping back in off. `both`: two people.
   */
  readonly outWhy: (barred: boolean, both: boolean) => string;
  /** Resuming from the pause: the 3-2-1 says what it counts to ("Play resumes in 3"). */
  readonly resumesIn: (n: number) => string;
  /** The banner while the people watch the CPUs finish at three times the pace. */
  readonly watchingFaster: string;

  readonly statsTitle: string;
  /** Row labels of the Statistics screen: each says exactly what it counts. */
  readonly statsRows: {
    games: string;
    wins: string;
    winRate: string;
    pilesWon: string;
    pilesTaken: string;
    slapsWon: string;
    racesLost: string;
    wrongSlaps: string;
    fastest: string;
    median: string;
    challengesWon: string;
    longest: string;
  };
  readonly statsNote: string;
  readonly statsHint: string;
  readonly resetQuestion: string;
  readonly resetHint: string;
  readonly percent: (n: number) => string;

  /** The online rooms' screens (src/app/scenes/online.ts and the scenes it leads to; docs/network.md). */
  readonly online: OnlineStrings;
}

/** The online rooms' words: the Online menu, Create, the name and code entry, the lobby, the table's lines, the results. */
export interface OnlineStrings {
  readonly title: string;
  readonly rows: { readonly create: string; readonly join: string; readonly hostNearby: string; readonly joinNearby: string; readonly name: string; readonly back: string };
  /** What Online is, under its menu: with a rooms server, with PSPs close by (ad hoc), with both. */
  readonly about: string;
  readonly aboutNearby: string;
  readonly aboutBoth: string;
  readonly hint: string;
  /** Where a name has not been chosen yet. */
  readonly noName: string;

  readonly createTitle: string;
  /** The Create screen of a nearby room (this PSP hosts it), and its first row's help. */
  readonly nearbyCreateTitle: string;
  readonly nearbyCreateHelp: string;
  /** The Create screen's first row, and its help. */
  readonly createRow: string;
  readonly createHelp: string;
  /** The Players row's help in Create: the room's seats are for whoever joins, and CPU players. */
  readonly playersHelp: string;
  readonly createHint: string;

  readonly nameTitle: string;
  readonly nameHelp: string;
  readonly codeTitle: string;
  readonly codeHelp: string;
  /** The code of a nearby room, from the PSP hosting it. */
  readonly nearbyCodeTitle: string;
  readonly nearbyCodeHelp: string;
  /** The letter picker's hint: the D-pad and buttons (PSP, pads, touch), or a keyboard's typing. */
  readonly entryHint: string;
  readonly entryKeysHint: string;
  /** The picker's space cell and its switch to the other alphabet (shown on it: the alphabet it goes to). */
  readonly space: string;

  /** Under "Opening the room..." and "Joining the room...". */
  readonly waitHint: string;
  readonly opening: string;
  readonly joining: string;
  readonly lobbyTitle: (code: string) => string;
  readonly shareCode: string;
  /** A nearby room's lobby: who gets the code, and where they write it. */
  readonly nearbyShareCode: string;
  /** The link's line, with the link. */
  readonly shareLink: (link: string) => string;
  /** A seat nobody has taken yet: a CPU player if nobody comes by the start. */
  readonly openSeat: string;
  readonly cpuMark: string;
  readonly youMark: string;
  readonly creatorMark: string;
  readonly awayMark: string;
  /** The room's game in one line: "Classic · 4 players · CPU Medium"; the CPU players' level null where no CPU plays or may play ("Classic · 2 players"). */
  readonly setupLine: (ruleSet: string, players: string, difficulty: string | null) => string;
  readonly startHint: string;
  readonly waitStartHint: (creator: string) => string;

  readonly leaveQuestion: string;
  readonly leaveAnswers: string;
  readonly rematchHint: string;
  readonly waitRematchHint: (creator: string) => string;
  /** Seats whose players dropped (names joined), played for them meanwhile; and this player's own dropped connection. */
  readonly away: (names: string) => string;
  readonly reconnecting: string;
  /** Back after a drop in a later game (a rematch begun meanwhile): the games that ended while away, the last one's winner (or this player). */
  readonly missedGames: (games: number, winner: string, isYou: boolean) => string;

  /** Why the player is back at the Online menu or the title: one line each. */
  readonly notFound: string;
  readonly started: string;
  readonly full: string;
  readonly unreachable: string;
  /** A nearby room that could not be reached (ad hoc off, no such room close by), or not opened on this PSP. */
  readonly nearbyUnreachable: string;
  readonly nearbyNotOpened: string;
  /** The PSP hosting the nearby room left it: the game is over. */
  readonly hostLeft: string;
  /** A nearby room's joiner: the host's PSP went silent (asleep, out of range) and is being looked for (over the table, in the lobby); it never came back. */
  readonly hostAway: string;
  /** After that line (or the online one, reconnecting) in the lobby: Circle still leaves. */
  readonly leaveHint: string;
  readonly hostGone: string;
  /** The hosting PSP woke: its PSPs are finding the room again; it slept too long and its room ended. */
  readonly hostWoke: string;
  readonly hostSlept: string;
  readonly tooMany: string;
  readonly lost: string;
  readonly serverStopping: string;
}
