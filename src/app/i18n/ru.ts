// Русский текст.
import { ruCount, ruPlural } from './plural';
import { capitalised } from './capital';
import type { Strings } from './strings';

/** Counted cards as a subject or after a colon: 1 карта, 2 карты, 5 карт, 21 карта, 11 карт. */
function cards(n: number): string {
  return ruCount(n, 'карта', 'карты', 'карт');
}

/** Counted cards as the object of a verb (берёт, сжигает): 1 карту, 21 карту, 2 карты, 11 карт. */
function cardsTaken(n: number): string {
  return ruCount(n, 'карту', 'карты', 'карт');
}

function chances(n: number): string {
  return ruCount(n, 'попытка', 'попытки', 'попыток');
}

function takes(name: string, isYou: boolean): string {
  return isYou ? 'вы берёте' : name + ' берёт';
}

export const RU: Strings = {
  languageName: 'Русский',
  buttons: { cross: 'Крест', circle: 'Круг', square: 'Квадрат', triangle: 'Треугольник', start: 'Start' },
  title: 'Египетский Рэтскрю',
  subtitle: 'Египетский Рэтскрю: хлопни по стопке!',
  menu: { play: 'Играть', options: 'Настройки', howTo: 'Как играть', stats: 'Статистика', watch: 'Смотреть игру', quit: 'Выход' },
  watching: 'Играет компьютер - любая кнопка для выхода',
  titleHint: 'Вверх/вниз: выбор   {cross}: ОК   {start}: выход',
  demo: 'Демо - нажмите любую кнопку',
  savedDataNotice: 'Сохранённые настройки повреждены: нечитаемое заменено на стандартное.',

  optionsTitle: 'Настройки',
  optionsHint: 'Вверх/вниз: пункт   Влево/вправо, {cross}: изменить   {circle}: назад',
  opt: {
    ruleSet: 'Правила',
    players: 'Игроки',
    humans: 'Людей',
    difficulty: 'Компьютер',
    slapTimes: 'Время хлопков',
    slapRule: 'Хлопок',
    runLength: 'Длина ряда',
    runWrap: 'Ряд Д-К-Т-2',
    penalty: 'Штраф за ошибку',
    wrongSlap: 'Ошибочный хлопок',
    banCards: 'Запрет хлопать на',
    tensStop: 'Десятка снимает вызов',
    slapIn: 'Возврат хлопком',
    jokers: 'Джокеры',
    russianJokers: 'Джокеры',
    language: 'Язык',
    sound: 'Звук',
    music: 'Музыка',
    cardLimit: 'Лимит карт (побеждает больше карт)',
  },
  ruleSetNames: { classic: 'Классика', russian: 'Русские' },
  difficultyNames: { easy: 'Легко', medium: 'Средне', hard: 'Трудно', master: 'Мастер' },
  slapTimesNames: { auto: 'Трудно и Мастер', on: 'Всегда', off: 'Никогда' },
  russianJokerNames: { off: 'Нет', beatsAll: 'Бьёт всё', chooser: 'Выбор игрока' },
  wrongSlapNames: { burn: 'Сжигает карты', pileToNext: 'Стопка соседу', ban: 'Запрет' },
  on: 'Да',
  off: 'Нет',
  slapRuleNames: {
    pair: 'Пара',
    sandwich: 'Сэндвич',
    topBottom: 'Верх и низ',
    tens: 'Десятка',
    sandwichTens: 'Сэндвич-десятка',
    marriage: 'Свадьба',
    divorce: 'Развод',
    hoagie: 'Хоги',
    run: 'Ряд',
    flush: 'Масть',
    joker: 'Джокер',
  },

  howToTitle: 'Как играть',
  howToHint: 'Влево/вправо: страница   {circle}: назад',
  howPages: {
    goal: 'Игра',
    challenges: 'Вызовы',
    slaps: 'Хлопки',
    costs: 'Ошибочные и поздние хлопки',
    slapIn: 'Без карт',
    compare: 'Старше или младше',
    lays: 'Штрафные карты',
    jokers: 'Джокеры',
    twoPeople: 'Вдвоём',
    cpus: 'Компьютер',
  },
  page: (n, of) => n + ' / ' + of,
  howGoalClassic:
    'Соберите все карты. У каждого стопка рубашкой вверх; по очереди игроки кладут верхнюю карту в общую стопку.\n{square}: сыграть карту (в свой ход)   {cross}: хлопнуть   {start}: пауза',
  howGoalRussian:
    'Первым избавьтесь от всех карт. По очереди игроки кладут верхнюю карту в общую стопку. Хлопков нет.\n{square}: сыграть карту (в свой ход)   {start}: пауза',
  exampleStack: 'Ваша стопка',
  examplePile: 'Общая стопка',
  howChallenges:
    'Валет, дама, король или туз - вызов: следующий игрок должен за несколько карт тоже выложить картинку или туза. Выложил - вызов переходит дальше; нет - стопку берёт тот, кто начал вызов.',
  chanceCaption: (rank, n) => ['Валет', 'Дама', 'Король', 'Туз'][rank - 11] + ': ' + chances(n),
  howSlaps: 'Хлопайте ({cross}), как только в стопке одна из этих фигур. Первый хлопок забирает всю стопку.',
  howCosts: 'Считается только первый хлопок. Хлопок, когда в стопке нет ни одной фигуры, - ошибочный.',
  lateCaption: 'Поздно: другой игрок хлопнул первым и забрал стопку. Поздний хлопок ничего не стоит.',
  tieCaption: 'Хлопки в один момент: выигрывает ближайший по часовой стрелке после положившего верхнюю карту.',
  howSlapIn: 'Игрок, у которого кончились карты, ещё не выбыл.',
  howCpus:
    'Компьютер видит то же, что и вы, и тогда же: карта летит рубашкой вверх и переворачивается, ложась на стопку, и все часы идут с этого мига. Каждая гонка — одна реакция компьютера, как у человека: на пару около 900 мс на уровне «Легко», 570 мс — «Средне», 400 мс — «Трудно» и 350 мс — «Мастер», уровень для самых быстрых.\n\nХлопок, до которого меньше 150 мс, уже не остановить, даже если стопка изменилась, — ни компьютеру, ни вам. Пауза не даёт времени никому: после неё компьютер, видевший стопку, хлопает сразу.\n\n«Время хлопков» в настройках показывает после каждой гонки, кто и когда нажал: Вы 312 мс · Макс 298 мс.',
  howCompare: 'Каждая карта сравнивается с картой под ней (двойка младше всех, туз старше всех).',
  higherCaption: 'Старше: ход переходит дальше',
  equalCaption: 'Равна: ход переходит дальше',
  lowerCaption: 'Младше: её игрок забирает всю стопку',
  howLays:
    'Дама, король или туз на младшую карту: следующий игрок кладёт подряд 2, 3 или 4 карты. С картой под ней сравнивается только последняя из них.',
  layCaption: (rank, n) => ['Дама', 'Король', 'Туз'][rank - 12] + ' на младшую карту: следующий кладёт ' + n,
  jokerBeatsCaption: 'Джокер старше любой карты, даже туза',
  jokerLowerCaption: 'Любая карта на джокере младше: её игрок берёт стопку',
  jokerChooseCaption: 'Положивший джокера выбирает, кто заберёт стопку (влево/вправо, {cross})',
  slapRuleHelp: {
    pair: 'Пара: две верхние карты одного достоинства',
    sandwich: 'Сэндвич: верхняя и третья карты одного достоинства',
    topBottom: 'Верх и низ: верхняя карта как первая в стопке',
    tens: 'Десятка: две верхние карты дают в сумме 10 (туз = 1)',
    sandwichTens: 'Сэндвич-десятка: верхняя и третья дают 10',
    marriage: 'Свадьба: дама и король сверху',
    divorce: 'Развод: дама и король через одну карту',
    hoagie: 'Хоги: верхняя и четвёртая карты одного достоинства',
    run: 'Ряд: верхние карты идут подряд, вверх или вниз',
    flush: 'Масть: четыре верхние карты одной масти',
    joker: 'Джокер: сверху джокер',
  },
  penaltyHelp: (n) => (n === 0 ? 'Ошибочный хлопок без штрафа.' : 'Ошибочный хлопок сжигает ' + cardsTaken(n) + '.'),
  slapInHelp: (on) =>
    on
      ? 'Кончились карты? Следите за стопкой: первый верный хлопок по фигуре забирает стопку и возвращает вас в игру.'
      : 'Без карт - выбываете: возврат хлопком выключен.',
  barredHelp: 'Ошибочный хлопок без карт лишает права хлопать до конца игры.',
  pileToNextHelp: 'Ошибочный хлопок отдаёт стопку следующему игроку.',
  banHelp: (n) => 'Ошибочный хлопок: нельзя хлопать следующие ' + cards(n) + '.',
  tensStopHelp: 'Десятка в ответ на вызов снимает его: стопку никто не берёт.',
  howToTwoPlayers:
    'Двое на одной PSP: в настройках «Людей: 2».\n\nЛевый игрок: крестовина влево - ход, L - хлопок.\nПравый игрок: Квадрат - ход, R - хлопок.\n\nВ меню управляют оба. Start ставит паузу для обоих.',
  desktopKeys: 'Клавиатура: левый F - ход, Q - хлопок; правый J - ход, P - хлопок. Первый геймпад - левого игрока, второй - правого.',
  russianJokerHelp: {
    off: 'Без джокеров.',
    beatsAll: 'Джокер бьёт любую карту; карта на джокере - младше.',
    chooser: 'Положивший джокера выбирает, кто заберёт стопку.',
  },

  you: 'Вы',
  leftPlayer: 'Левый',
  rightPlayer: 'Правый',
  padTurn: (name, key) => 'Ходит ' + name + ': ' + key,
  padTake: (name, key) => name + ': ' + key + ' - забрать стопку',
  padChoose: (name, moveKeys, key) => 'Выбирает ' + name + ': ' + moveKeys + ', ' + key,
  tooLateFor: (name) => name + ': поздно!',
  slapBanned: (name, isYou, n) => (isYou ? 'Ошибочный хлопок' : name + ': ошибочный хлопок') + ', запрет на ' + cardsTaken(n),
  stillBanned: (name, isYou, n) => (isYou ? 'Вам' : name) + ' нельзя хлопать ещё ' + cardsTaken(n),
  wrongSlapClaim: (name, isYou, n) => 'Ошибка! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  tenStops: (name, isYou) => 'Десятка! ' + (isYou ? 'Вы снимаете' : name + ' снимает') + ' вызов',
  cpuNames: ['Даша', 'Алекс', 'Макс', 'Ким', 'Сэм'],
  cards,
  controlPlay: 'Ход',
  controlSlap: 'Хлопок',
  yourTurn: 'Ваш ход: {square}',
  notYourTurn: 'Сейчас не ваш ход',
  takePile: '{square}: забрать стопку',
  waitFor: (name) => 'Ходит ' + name,
  quitConfirm: 'Нажмите {start} ещё раз для выхода',
  chooseTaker: 'Джокер! Кто заберёт стопку?',
  chooseHint: 'Влево/вправо: выбор   {cross}: ОК',
  higher: 'Старше',
  equal: 'Равна',
  lower: 'Младше',
  challenge: (name, isYou, n) => 'Вызов! ' + (isYou ? 'У вас ' : 'У ' + name + ': ') + chances(n),
  chancesLeft: (name, isYou, left) => (isYou ? 'У вас ' : 'У ' + name + ' ') + (ruPlural(left) === 'one' ? 'осталась ' : 'осталось ') + chances(left),
  challengeWon: (name, isYou) => (isYou ? 'Вы выиграли вызов!' : name + ' выигрывает вызов!'),
  lastCardWon: (name, isYou) => 'Последняя карта: стопку ' + (isYou ? 'берёте вы' : 'берёт ' + name),
  slapClaim: (pattern, name, isYou, n) => pattern + '! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  challengeClaim: (name, isYou, n) => 'Вызов выигран: ' + takes(name, isYou) + ' ' + cardsTaken(n),
  lastCardClaim: (name, isYou, n) => 'Последняя стопка: ' + takes(name, isYou) + ' ' + cardsTaken(n),
  lowerClaim: (name, isYou, n) => 'Младше! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  jokerClaim: (name, isYou, n) => 'Джокер! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  choiceClaim: (_chooser, _chooserIsYou, name, isYou, n) => 'Джокер: ' + takes(name, isYou) + ' ' + cardsTaken(n),
  wrongSlap: (name, isYou, burned) =>
    (isYou ? 'Ошибочный хлопок' : name + ': ошибочный хлопок') + (burned > 0 ? ', сожжено: ' + cards(burned) : ''),
  barred: (name, isYou) => (isYou ? 'Вам' : name) + ' больше нельзя хлопать',
  tooLate: 'Поздно!',
  layCount: (total, left) => 'Штраф ' + total + ': осталось ' + left,
  out: (name, isYou) => (isYou ? 'Вы выбыли' : name + ' выбывает'),
  slappedIn: (name, isYou) => (isYou ? 'Вы вернулись' : name + ' возвращается') + ' в игру!',
  wins: (name, isYou) => (isYou ? 'Вы победили!' : name + ' побеждает!'),

  resultsTitle: 'Итоги',
  byLimit: 'Игра остановлена по лимиту: побеждает тот, у кого больше карт',
  ranking: 'Места',
  statCards: 'Карты',
  statPiles: 'Выиграно стопок',
  statSlapsWon: 'Хлопков удачных',
  statPilesTaken: 'Взято стопок',
  statWrongSlaps: 'Ошибочных хлопков',
  statFastest: 'Ваш быстрейший хлопок',
  statCardsPlayed: 'Сыграно карт',
  lifetime: 'Все игры',
  lifetimeLine: (ruleSet, games, wins) => ruleSet + ': сыграно ' + games + ', побед ' + wins,
  twoPlayerLine: (games, left, right) => 'Вдвоём: сыграно ' + games + '; побед левого ' + left + ', правого ' + right,
  ms: (n) => n + ' мс',
  none: '-',
  resultsHint: '{cross}: ещё раз   {circle}: в меню',

  pauseTitle: 'Пауза',
  pauseItems: { resume: 'Продолжить', howTo: 'Как играть', endGame: 'Закончить игру' },
  pauseHint: '{cross}: выбор   {circle}: продолжить   {start}: закончить',

  statsTitle: 'Статистика',
  statsRows: {
    games: 'Сыграно игр',
    wins: 'Выиграно игр',
    winRate: 'Доля побед',
    pilesWon: 'Выиграно стопок',
    pilesTaken: 'Пришлось взять стопок',
    slapsWon: 'Хлопков, забравших стопку',
    racesLost: 'Опоздавших хлопков',
    wrongSlaps: 'Ошибочных хлопков',
    fastest: 'Самый быстрый удачный хлопок',
    median: 'Медиана удачного хлопка',
    challengesWon: 'Выиграно вызовов',
    longest: 'Самая долгая игра (карт сыграно)',
  },
  statsNote: 'Только ваша игра, все игры с последнего сброса. Прерванные игры считаются сыгранными.',
  statsHint: '{circle}: назад   {triangle}: сбросить',
  resetQuestion: 'Сбросить всю статистику?',
  resetHint: '{cross}: сбросить   {circle}: оставить',
  percent: (n) => n + '%',
};
