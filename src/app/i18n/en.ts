// English text.
import { capitalised } from './capital';
import type { Strings } from './strings';

function cards(n: number): string {
  return n === 1 ? '1 card' : n + ' cards';
}

function take(name: string, isYou: boolean): string {
  return isYou ? 'you take' : name + ' takes';
}

export const EN: Strings = {
  languageName: 'English',
  buttons: { cross: 'Cross', circle: 'Circle', square: 'Square', triangle: 'Triangle', start: 'Start' },
  title: 'Egyptian Ratscrew',
  subtitle: 'Slap the pile!',
  menu: { play: 'Play', options: 'Options', howTo: 'How to play', stats: 'Statistics', watch: 'Watch CPUs', quit: 'Quit' },
  watching: 'Watching CPUs - press any button to leave',
  titleHint: 'Up/Down: choose   {confirm}: confirm   {start}: quit',
  demo: 'Demo - press any button',
  savedDataNotice: 'Saved settings were damaged: defaults used where unreadable.',
  cannotRead: (why) => `Saved settings could not be read (${why}): defaults used.`,
  cannotSave: (why) => `Could not save (${why}). Playing on with these settings.`,
  saveProblems: {
    damaged: 'damaged',
    'too-large': 'file too large',
    unreadable: 'no access',
    'no-folder': 'no save folder',
    'read-only': 'read-only',
    full: 'storage full',
    failed: 'write error',
  },

  optionsTitle: 'Options',
  optionsHint: 'Up/Down: move   Left/Right, {confirm}: change   {circle}/{start}: back',
  optionGroups: ['Game', 'Slap rules', 'Wrong slaps', 'More rules', 'Language and sound'],
  optionHelp: {
    ruleSet: 'Classic: slap the patterns and win every card. Russian: no slapping; the first to run out of cards wins.',
    players: 'How many sit at the table: you (or two of you) and the CPU players.',
    humans: {
      psp: 'Two people can share this PSP, each with their own buttons (How to play shows them).',
      keyboard: 'Two people can share this keyboard, each with their own keys, or play with two controllers (How to play shows them).',
      touch: 'Two people can share this screen, each with their own half of it (How to play shows how).',
    },
    difficulty: 'How quick and how sure the CPU players are when they slap (Master: for the quickest players).',
    slapTimes: 'After each slap race, who pressed and how many ms after the card landed. Hard and Master: only while the CPU players are on Hard or Master.',
    runLength: 'How many cards in sequence make a run.',
    runWrap: 'On: a run may go on from the king over the ace to the two (Q-K-A-2).',
    wrongSlap: 'What a slap on no pattern costs: a card to the player whose card you slapped, cards burned under the pile, the pile to the next player, or a ban.',
    wrongSlapPenalty: 'How many cards a wrong slap puts face down under the pile.',
    banCards: 'After a wrong slap, no slapping until this many cards have been played.',
    tensStop: 'On: a 10 answering a challenge stops it, and nobody wins the pile.',
    slapIn: 'On: out of cards, you can still slap a pattern to win the pile and come back in.',
    jokers: 'On: two jokers join the deck, and the Joker slap can be turned on.',
    russianJokers: 'Beat all: a joker beats every card. Player chooses: whoever lays a joker names who takes the pile.',
    cardLimit: (fewestWins) =>
      'A game stops after this many cards have been played; then ' + (fewestWins ? 'the fewest cards wins.' : 'the most cards wins.'),
    language: 'The language of every menu, message and page of How to play.',
    sound: 'The sound effects: cards, slaps and jingles.',
    music: 'The theme tune behind the menus and the table.',
  },
  playersCount: (n) => n + ' players',
  peopleCount: (n) => (n === 1 ? '1 person' : n + ' people'),
  cardsPlayedCount: (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ',') + ' cards played',
  opt: {
    ruleSet: 'Rules',
    players: 'Players',
    humans: 'People',
    difficulty: 'CPU players',
    slapTimes: 'Slap times',
    slapRule: 'Slap',
    runLength: 'Run length',
    runWrap: 'Run wraps Q-K-A-2',
    penalty: 'Wrong slap burns',
    wrongSlap: 'Wrong slap',
    banCards: 'No slapping for',
    tensStop: 'Tens stop challenges',
    slapIn: 'Slap back in',
    jokers: 'Jokers',
    russianJokers: 'Jokers',
    language: 'Language',
    sound: 'Sound',
    music: 'Music',
    cardLimit: 'Card limit',
  },
  ruleSetNames: { classic: 'Classic', russian: 'Russian' },
  difficultyNames: { easy: 'Easy', medium: 'Medium', hard: 'Hard', master: 'Master' },
  slapTimesNames: { auto: 'Hard and Master', on: 'Always', off: 'Never' },
  russianJokerNames: { off: 'Off', beatsAll: 'Beat all', chooser: 'Player chooses' },
  wrongSlapNames: { pay: 'Pays a card', burn: 'Burns cards', pileToNext: 'Pile to next', ban: 'Ban' },
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
  howToHint: 'Left/Right: page   {circle}/{start}: back',
  howPages: {
    goal: 'The game',
    challenges: 'Challenges',
    slaps: 'Slaps',
    costs: 'Wrong and late slaps',
    slapIn: 'Out of cards',
    compare: 'Higher or lower',
    lays: 'Penalty lays',
    jokers: 'Jokers',
    twoPeople: 'Two people',
    cpus: 'The CPU players',
  },
  page: (n, of) => n + ' / ' + of,
  howGoalClassic: 'Win all the cards. Each player holds a face-down stack; in turn, each turns their top card onto the pile in the middle.',
  howGoalRussian: 'Be the first to get rid of all your cards. In turn, each player lays their top card on the pile. There is no slapping.',
  howControls: (slapping) => '{square}: play your card (on your turn)   ' + (slapping ? '{cross}: slap the pile   ' : '') + '{start}: pause',
  howControlsTwo: (left, right, slapping) =>
    slapping
      ? `Left: ${left.play} plays, ${left.slap} slaps   Right: ${right.play} plays, ${right.slap} slaps   {start}: pause`
      : `Left: ${left.play} plays   Right: ${right.play} plays   {start}: pause`,
  exampleStack: 'Your stack',
  examplePile: 'The pile',
  howChallenges:
    'A jack, queen, king or ace starts a challenge: the next player must play another one within a few cards. If they do, the challenge passes on; if not, the player who started it wins the pile.',
  chanceCaption: (rank, n) => ['Jack', 'Queen', 'King', 'Ace'][rank - 11] + ': ' + (n === 1 ? '1 chance' : n + ' chances'),
  howSlaps: 'Slap with {cross} the moment the pile shows one of these. The first slap takes the whole pile.',
  howCosts:
    'Only the first slap counts. Slapping when the pile shows none of the slaps above is a wrong slap, and so is a false start: a slap before the card has turned face up, or within 100 ms of it.',
  lateCaption: 'Too late: another player slapped first and took the pile. A late slap costs nothing.',
  tieCaption: 'Slaps at the same moment: the first player clockwise after whoever played the top card wins.',
  howSlapIn: 'A player who runs out of cards is not out yet.',
  howCpus:
    'The CPU players see what you see, when you see it: a card flies face down and turns as it lands, and every clock starts then. A pair takes them about 900 ms on Easy, 570 ms on Medium, 400 ms on Hard and 350 ms on Master, a level for the quickest players.\n\nHowever many sit at the table, they race as one player, with one reaction to each pile: when they miss a pair, they all miss it.\n\nA slap due within 150 ms goes ahead even if the pile changes, theirs as yours; made while a card flies, it is a false start. A pause gives nobody time: after it, a CPU that saw the pile slaps at once.\n\nSlap times in Options shows who pressed when after each race: You 312 ms · Kim 298 ms.',
  howCompare: 'Each card is compared with the card under it (2 lowest, ace highest).',
  higherCaption: 'Higher: the turn passes on',
  equalCaption: 'Equal: the turn passes on',
  lowerCaption: 'Lower: its player takes the whole pile',
  howLays:
    'A queen, king or ace on a lower card makes the next player lay 2, 3 or 4 cards in a row. Only the last card of the lay is compared with the card under it.',
  layCaption: (rank, n) => ['Queen', 'King', 'Ace'][rank - 12] + ' on a lower card: the next player lays ' + n,
  jokerBeatsCaption: 'A joker beats every card, even an ace',
  jokerLowerCaption: 'Any card on a joker is lower: its player takes the pile',
  jokerChooseCaption: 'Left/Right: the player who takes it   {confirm}: confirm',
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
  slapInHelp: (on) =>
    on
      ? 'Out of cards? Keep watching: the first right slap on a slap pattern takes the pile and brings you back in.'
      : 'Out of cards means out of the game: slapping back in is off.',
  barredHelp: 'A wrong slap while out of cards bars you from slapping for the rest of the game.',
  pileToNextHelp: 'A wrong slap gives the pile to the next player.',
  payHelp: 'A wrong slap pays 1 card to the player whose card you slapped.',
  banHelp: (n) => 'A wrong slap: no slapping for the next ' + cards(n) + '.',
  tensStopHelp: 'A 10 answering a challenge stops it: nobody wins the pile.',
  howToTwoPlayers:
    'Two people on one PSP: set People to 2 in Options.\n\nLeft player: D-pad Left plays, L slaps.\nRight player: Square plays, R slaps.\n\nIn menus both can move and confirm. Start pauses for both.',
  howToTwoPeopleHere: 'Two people at one screen: set People to 2 in Options.\n\nIn menus both can move and confirm. {start} pauses for both.',
  twoPlayerKeys: (k) => `Keyboard: left ${k.leftPlay} plays, ${k.leftSlap} slaps; right ${k.rightPlay} plays, ${k.rightSlap} slaps.`,
  twoPlayerPads: 'Controllers: the first is the left player\'s, the second the right\'s.',
  twoPlayerTouch: 'Touch screen: each half is one player\'s; tap its lower part to play, its upper part to slap.',
  russianJokerHelp: {
    off: 'No jokers.',
    beatsAll: 'A joker beats every card; a card played on a joker is lower.',
    chooser: 'Whoever lays a joker names who takes the pile.',
  },

  you: 'You',
  leftPlayer: 'Left',
  rightPlayer: 'Right',
  padTurn: (name, key) => name + ' to play: ' + key,
  padTake: (name, key) => name + ': ' + key + ' takes the pile',
  padChoose: (name, moveKeys, key) => name + ' chooses: ' + moveKeys + ', ' + key,
  tooLateFor: (name) => name + ': too late!',
  slapBanned: (name, isYou, n) => (isYou ? 'Wrong slap' : name + ': wrong slap') + ': no slapping for ' + cards(n),
  stillBanned: (name, isYou, n) => (isYou ? 'You' : name) + ' may not slap for ' + cards(n) + ' more',
  wrongSlapClaim: (name, isYou, n) => 'Wrong slap! ' + capitalised(take(name, isYou)) + ' ' + cards(n),
  tenStops: (name, isYou) => 'Ten! ' + (isYou ? 'You stop' : name + ' stops') + ' the challenge',
  cpuNames: ['Dana', 'Alex', 'Max', 'Kim', 'Sam'],
  cards,
  controlPlay: 'Play',
  controlSlap: 'Slap',
  controlChoose: 'Choose',
  controlConfirm: 'OK',
  yourTurn: 'Your turn: {square}',
  notYourTurn: 'Not your turn',
  takePile: '{square}: take the pile',
  waitFor: (name) => name + ' to play',
  quitQuestion: { psp: 'Quit to the PSP menu?', elsewhere: 'Quit the game?' },
  quitAnswers: '{start} or {confirm}: quit   {circle}: stay',
  endQuestion: 'End this game?',
  endAnswers: '{confirm}: end it (results)   {circle}: back   {start}: continue playing',
  chooseTaker: 'Joker! Who takes the pile?',
  chooseHint: 'Left/Right: choose   {confirm}: confirm',
  higher: 'Higher',
  equal: 'Equal',
  lower: 'Lower',
  challenge: (name, isYou, chances) =>
    (isYou ? 'Challenge! You have ' : 'Challenge! ' + name + ' has ') + (chances === 1 ? '1 chance' : chances + ' chances'),
  chancesLeft: (name, isYou, left) => (isYou ? 'You have ' : name + ' has ') + (left === 1 ? '1 chance' : left + ' chances') + ' left',
  challengeWon: (name, isYou) => (isYou ? 'You win the challenge!' : name + ' wins the challenge!'),
  lastCardWon: (name, isYou) => (isYou ? 'You played' : name + ' played') + ' the last card: the pile is ' + (isYou ? 'yours' : 'theirs'),
  slapClaim: (pattern, name, isYou, n) => pattern + '! ' + capitalised(take(name, isYou)) + ' ' + cards(n),
  challengeClaim: (name, isYou, n) => (isYou ? 'You win' : name + ' wins') + ' the challenge: ' + cards(n),
  lastCardClaim: (name, isYou, n) => capitalised(take(name, isYou)) + ' the last pile: ' + cards(n),
  lowerClaim: (name, isYou, n) => 'Lower! ' + capitalised(take(name, isYou)) + ' ' + cards(n),
  jokerClaim: (name, isYou, n) => 'Joker! ' + capitalised(take(name, isYou)) + ' ' + cards(n),
  choiceClaim: (chooser, chooserIsYou, name, isYou, n) =>
    (chooserIsYou ? 'You name ' : chooser + ' names ') + (isYou ? (chooserIsYou ? 'yourself' : 'you') : name) + ': ' + cards(n),
  wrongSlap: (name, isYou, burned) =>
    (isYou ? 'Wrong slap' : name + ': wrong slap') + (burned > 0 ? ': ' + cards(burned) + ' burned' : ''),
  falseStart: (name, isYou, burned) =>
    (isYou ? 'False start' : name + ': false start') + (burned > 0 ? ': ' + cards(burned) + ' burned' : ''),
  falseStartLead: 'False start! ',
  falseStartClaim: (name, isYou, n) => 'False start! ' + capitalised(take(name, isYou)) + ' ' + cards(n),
  falseStartTime: (name) => name + ': false start',
  wrongSlapPaid: (name, isYou, early, payee, payeeIsYou, n) =>
    (early ? (isYou ? 'False start' : name + ': false start') : isYou ? 'Wrong slap' : name + ': wrong slap') +
    ': ' +
    (payeeIsYou ? 'you get ' : payee + ' gets ') +
    cards(n),
  barred: (name, isYou) => (isYou ? 'You' : name) + ' may not slap again',
  tooLate: 'Too late!',
  layCount: (total, left) => 'Lay ' + total + ': ' + left + ' left',
  out: (name, isYou) => (isYou ? 'You are out' : name + ' is out'),
  slappedIn: (name, isYou) => (isYou ? 'You slap' : name + ' slaps') + ' back in!',
  wins: (name, isYou) => (isYou ? 'You win!' : name + ' wins!'),
  skipToResults: 'Any button: the results',

  resultsTitle: 'Results',
  resultCause: (cause, ruleSet, people) => {
    const ranked = ruleSet === 'russian' ? 'fewest cards wins' : 'most cards wins';
    switch (cause) {
      case 'allCards':
        return ruleSet === 'russian' ? 'Won by playing out every card' : 'Won by taking every card';
      case 'cardLimit':
        return 'The card limit was reached: ' + ranked;
      case 'repeat':
        return 'The same position came round again, so it would never end: ' + ranked;
      case 'ended':
        return (people === 2 ? 'The players ended it early: ' : 'You ended it early: ') + ranked;
    }
  },
  ranking: 'Ranking',
  statCards: 'Cards',
  statPiles: 'Piles won',
  statSlapsWon: 'Slaps won',
  statPilesTaken: 'Piles taken',
  statWrongSlaps: 'Wrong slaps',
  statFastest: 'Your fastest slap',
  statCardsPlayed: 'Cards played',
  lifetime: 'All games',
  lifetimeLine: (ruleSet, games, wins) => ruleSet + ': ' + games + ' played, ' + wins + ' won',
  twoPlayerLine: (games, left, right) => 'Two people: ' + games + ' played; Left won ' + left + ', Right won ' + right,
  ms: (n) => n + ' ms',
  none: '-',
  resultsHint: '{confirm}: play again   {circle}/{start}: title',
  gameEnded: 'Game ended',

  pauseTitle: 'Paused',
  pauseItems: { resume: 'Continue', howTo: 'How to play', endGame: 'End game' },
  pauseHint: '{confirm}: choose   {circle}/{start}: continue',
  outTitle: 'Out of the game',
  outItems: { watch: 'Keep watching (3x faster)', end: 'End the game' },
  outHint: '{confirm}: choose   {circle}/{start}: keep watching',
  outWhy: (barred, both) =>
    barred
      ? (both ? 'Out of cards, you both slapped wrongly' : 'Out of cards, you slapped wrongly') + ': no more slapping this game.'
      : (both ? 'You both have no cards left' : 'You have no cards left') + ', and Slap back in is off.',
  resumesIn: (n) => 'Play resumes in ' + n,
  watchingFaster: 'Watching the CPUs finish, 3x faster - {start}: pause',

  statsTitle: 'Statistics',
  statsRows: {
    games: 'Games played',
    wins: 'Games won',
    winRate: 'Win rate',
    pilesWon: 'Piles you won',
    pilesTaken: 'Piles you had to take',
    slapsWon: 'Slaps that took the pile',
    racesLost: 'Slap races lost (too late)',
    wrongSlaps: 'Wrong slaps',
    fastest: 'Fastest winning slap',
    median: 'Median winning slap',
    challengesWon: 'Challenges you won',
    longest: 'Longest game (cards played)',
  },
  statsNote: 'Your own play, all games since the last reset. Ended games count as played.',
  statsHint: '{circle}/{start}: back   {triangle}: reset',
  resetQuestion: 'Reset all statistics?',
  resetHint: '{confirm}: reset   {circle}: keep them',
  percent: (n) => n + '%',
};
