// English text.
import type { Strings } from './strings';

function cards(n: number): string {
  return n === 1 ? '1 card' : n + ' cards';
}

function take(name: string, isYou: boolean): string {
  return isYou ? 'you take' : name + ' takes';
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const EN: Strings = {
  languageName: 'English',
  buttons: { cross: 'Cross', circle: 'Circle', square: 'Square', triangle: 'Triangle', start: 'Start' },
  title: 'Egyptian Ratscrew',
  subtitle: 'Slap the pile!',
  menu: { play: 'Play', options: 'Options', howTo: 'How to play', quit: 'Quit' },
  titleHint: 'Up/Down: choose   {cross}: confirm   {start}: quit',
  demo: 'Demo - press any button',
  savedDataNotice: 'Saved settings were damaged: defaults used where unreadable.',

  optionsTitle: 'Options',
  optionsHint: 'Up/Down: move   Left/Right, {cross}: change   {circle}: back',
  opt: {
    ruleSet: 'Rules',
    players: 'Players',
    difficulty: 'CPU players',
    slapRule: 'Slap',
    runLength: 'Run length',
    runWrap: 'Run wraps Q-K-A-2',
    penalty: 'Wrong slap burns',
    slapIn: 'Slap back in',
    jokers: 'Jokers',
    russianJokers: 'Jokers',
    language: 'Language',
    sound: 'Sound',
    music: 'Music',
  },
  ruleSetNames: { classic: 'Classic', russian: 'Russian' },
  difficultyNames: { easy: 'Easy', medium: 'Medium', hard: 'Hard' },
  russianJokerNames: { off: 'Off', beatsAll: 'Beat all', chooser: 'Player chooses' },
  on: 'On',
  off: 'Off',
  slapRuleNames: {
    pair: 'Pair',
    sandwich: 'Sandwich',
    topBottom: 'Top & bottom',
    tens: 'Tens',
    sandwichTens: 'Sandwich tens',
    marriage: 'Marriage',
    divorce: 'Divorce',
    hoagie: 'Hoagie',
    run: 'Run',
    flush: 'Flush',
    joker: 'Joker',
  },

  howToTitle: 'How to play',
  howToHint: 'Left/Right: page   {circle}: back',
  howToClassic: [
    'Win all the cards. Everyone holds a face-down stack. In turn, each player turns their top card onto the pile.\n\nSquare: play your card (on your turn)\nCross: slap the pile\nStart: quit (press twice)',
    'A jack, queen, king or ace is a challenge: the next player must answer with a face card or ace within 1, 2, 3 or 4 cards. If they fail, whoever played the last face card wins the pile.',
    'Slap the pile with Cross when it shows a slap pattern - the first slap takes the whole pile. A wrong slap burns cards under the pile. Players without cards may slap back in.',
  ],
  howToRussian: [
    'Be the first to get rid of all your cards. In turn, each player lays their top card on the pile. No slapping.\n\nSquare: play your card\nStart: quit (press twice)',
    'A card higher than or equal to the one under it passes the turn. A lower card: its player takes the whole pile.',
    'Ace, king or queen on a lower card: the next player lays 4, 3 or 2 cards; only the last two are compared. Jokers (option) beat everything, or let their player choose who takes the pile (D-pad, Cross).',
  ],
  page: (n, of) => n + ' / ' + of,
  activeRulesTitle: 'In this game',
  slapRuleHelp: {
    pair: 'Pair: the top two cards have the same rank',
    sandwich: 'Sandwich: the top and third card have the same rank',
    topBottom: 'Top & bottom: the top card matches the first card of the pile',
    tens: 'Tens: the top two cards add up to 10 (A = 1)',
    sandwichTens: 'Sandwich tens: the top and third card add up to 10',
    marriage: 'Marriage: a queen and a king on top',
    divorce: 'Divorce: a queen and a king with one card between',
    hoagie: 'Hoagie: the top and fourth card have the same rank',
    run: 'Run: the top cards are in sequence, up or down',
    flush: 'Flush: the top four cards have the same suit',
    joker: 'Joker: a joker on top',
  },
  penaltyHelp: (n) => (n === 0 ? 'A wrong slap costs nothing.' : 'A wrong slap burns ' + cards(n) + '.'),
  slapInHelp: (on) => (on ? 'Out of cards? Slap back in.' : 'Out of cards means out of the game.'),
  russianJokerHelp: {
    off: 'No jokers.',
    beatsAll: 'A joker beats every card; a card played on a joker is lower.',
    chooser: 'Whoever lays a joker names who takes the pile.',
  },

  you: 'You',
  cpuNames: ['Dana', 'Alex', 'Max', 'Kim', 'Sam'],
  cards,
  controlPlay: 'Play',
  controlSlap: 'Slap',
  yourTurn: 'Your turn: {square}',
  notYourTurn: 'Not your turn',
  takePile: '{square}: take the pile',
  waitFor: (name) => name + ' to play',
  quitConfirm: 'Press {start} again to quit',
  chooseTaker: 'Joker! Who takes the pile?',
  chooseHint: 'Left/Right: choose   {cross}: confirm',
  higher: 'Higher',
  equal: 'Equal',
  lower: 'Lower',
  challenge: (name, isYou, chances) =>
    (isYou ? 'Challenge! You have ' : 'Challenge! ' + name + ' has ') + (chances === 1 ? '1 chance' : chances + ' chances'),
  chancesLeft: (name, isYou, left) => (isYou ? 'You have ' : name + ' has ') + (left === 1 ? '1 chance' : left + ' chances') + ' left',
  challengeWon: (name, isYou) => (isYou ? 'You win the challenge!' : name + ' wins the challenge!'),
  lastCardWon: (name, isYou) => (isYou ? 'You played' : name + ' played') + ' the last card: the pile is ' + (isYou ? 'yours' : 'theirs'),
  slapClaim: (pattern, name, isYou, n) => pattern + '! ' + cap(take(name, isYou)) + ' ' + cards(n),
  challengeClaim: (name, isYou, n) => (isYou ? 'You win' : name + ' wins') + ' the challenge: ' + cards(n),
  lastCardClaim: (name, isYou, n) => cap(take(name, isYou)) + ' the last pile: ' + cards(n),
  lowerClaim: (name, isYou, n) => 'Lower! ' + cap(take(name, isYou)) + ' ' + cards(n),
  jokerClaim: (name, isYou, n) => 'Joker! ' + cap(take(name, isYou)) + ' ' + cards(n),
  choiceClaim: (chooser, chooserIsYou, name, isYou, n) =>
    (chooserIsYou ? 'You name ' : chooser + ' names ') + (isYou ? (chooserIsYou ? 'yourself' : 'you') : name) + ': ' + cards(n),
  wrongSlap: (name, isYou, burned) =>
    (isYou ? 'Wrong slap' : name + ': wrong slap') + (burned > 0 ? ': ' + cards(burned) + ' burned' : ''),
  barred: (name, isYou) => (isYou ? 'You' : name) + ' may not slap again',
  tooLate: 'Too late!',
  layCount: (total, left) => 'Lay ' + total + ': ' + left + ' left',
  out: (name, isYou) => (isYou ? 'You are out' : name + ' is out'),
  slappedIn: (name, isYou) => (isYou ? 'You slap' : name + ' slaps') + ' back in!',
  wins: (name, isYou) => (isYou ? 'You win!' : name + ' wins!'),

  resultsTitle: 'Results',
  byLimit: 'Ended by the card limit: most cards wins',
  ranking: 'Ranking',
  statCards: 'Cards',
  statPiles: 'Piles won',
  statSlapsWon: 'Slaps won',
  statSlapsLost: 'Slaps lost',
  statFastest: 'Your fastest slap',
  statCardsPlayed: 'Cards played',
  lifetime: 'All games',
  lifetimeLine: (ruleSet, games, wins) => ruleSet + ': ' + games + ' played, ' + wins + ' won',
  ms: (n) => n + ' ms',
  none: '-',
  resultsHint: '{cross}: play again   {circle}: title',
};
