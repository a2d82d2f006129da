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

/**
 * The names the table gives players (the CPU players, the two people's
 * seats) as Russian lines need them: "У Даши 2 попытки", "Максу нельзя
 * хлопать". The tables below take their names from here, so a new name
 * cannot come without its cases.
 */
interface RuName {
  readonly nominative: string;
  readonly genitive: string;
  readonly dative: string;
}

const ruName = (nominative: string, genitive: string, dative: string): RuName => ({ nominative, genitive, dative });
const CPU_NAMES: readonly RuName[] = [
  ruName('Даша', 'Даши', 'Даше'),
  ruName('Алекс', 'Алекса', 'Алексу'),
  ruName('Макс', 'Макса', 'Максу'),
  ruName('Ким', 'Кима', 'Киму'),
  ruName('Сэм', 'Сэма', 'Сэму'),
];
const LEFT = ruName('Левый', 'Левого', 'Левому');
const RIGHT = ruName('Правый', 'Правого', 'Правому');
const NAMES: readonly RuName[] = [...CPU_NAMES, LEFT, RIGHT];

/** A name the lines are handed (always a nominative from above), in the case asked for; a name it does not know stays as it is. */
function inCase(name: string, grammaticalCase: 'genitive' | 'dative'): string {
  for (const n of NAMES) if (n.nominative === name) return n[grammaticalCase];
  return name;
}

function takes(name: string, isYou: boolean): string {
  return isYou ? 'вы берёте' : name + ' берёт';
}

export const RU: Strings = {
  languageName: 'Русский',
  buttons: { cross: 'Крест', circle: 'Круг', square: 'Квадрат', triangle: 'Треугольник', start: 'Start' },
  title: 'Египетский Рэтскрю',
  subtitle: 'Египетский Рэтскрю: хлопни по стопке!',
  menu: { play: 'Играть', online: 'По сети', options: 'Настройки', howTo: 'Как играть', stats: 'Статистика', watch: 'Смотреть игру', quit: 'Выход' },
  watching: 'Играет компьютер - любая кнопка для выхода',
  titleHint: 'Вверх/вниз: выбор   {confirm}: ОК   {start}: выход',
  demo: 'Демо - нажмите любую кнопку',
  savedDataNotice: 'Сохранённые настройки повреждены: нечитаемое заменено на стандартное.',
  cannotRead: (why) => `Сохранение не прочитано (${why}): настройки по умолчанию.`,
  cannotSave: (why) => `Не сохранено (${why}). Игра идёт с этими настройками.`,
  saveProblems: {
    damaged: 'повреждено',
    'too-large': 'слишком большой файл',
    unreadable: 'нет доступа',
    'no-folder': 'нет папки',
    'read-only': 'только чтение',
    full: 'нет места',
    failed: 'ошибка записи',
  },

  optionsTitle: 'Настройки',
  optionsHint: 'Вверх/вниз: пункт   Влево/вправо, {confirm}: изменить   {circle}/{start}: назад',
  optionGroups: ['Игра', 'Хлопки', 'Ошибочный хлопок', 'Другие правила', 'Язык и звук'],
  optionHelp: {
    ruleSet: 'Классика: хлопайте по комбинациям и соберите все карты. Русские: без хлопков; побеждает тот, кто первым избавится от карт.',
    players: 'Сколько игроков за столом: вы (или вы вдвоём) и компьютер.',
    humans: {
      psp: 'Двое могут играть на одной PSP, у каждого свои кнопки (их показывает «Как играть»).',
      keyboard: 'Двое могут играть за одной клавиатурой, у каждого свои клавиши, или с двумя геймпадами (их показывает «Как играть»).',
      touch: 'Двое могут играть на одном экране, у каждого своя половина (как — показывает «Как играть»).',
    },
    difficulty: 'Насколько быстро и точно хлопает компьютер («Мастер» — для самых быстрых).',
    onlineCpus: 'Места для компьютера. Места, которые к началу игры никто не занял, тоже займёт компьютер.',
    slapTimes:
      'После каждого хлопка: кто нажал и через сколько мс после того, как легла карта. «Трудно и Мастер»: только когда компьютер играет на уровне «Трудно» или «Мастер».',
    runLength: 'Сколько карт подряд составляют последовательность.',
    runWrap: 'Вкл.: последовательность может идти от короля через туза к двойке (Д-К-Т-2).',
    wrongSlap: 'Чем платит ошибочный хлопок: картой тому, чью карту хлопнули, картами под стопку, стопкой следующему игроку или запретом хлопать.',
    wrongSlapPenalty: 'Сколько карт ошибочный хлопок кладёт рубашкой вверх под стопку.',
    banCards: 'После ошибочного хлопка нельзя хлопать, пока не сыграно столько карт.',
    tensStop: 'Вкл.: десятка в ответ на вызов останавливает его, стопку никто не получает.',
    slapIn: 'Вкл.: без карт ещё можно хлопнуть по комбинации, забрать стопку и вернуться в игру.',
    jokers: 'Вкл.: в колоде два джокера, и можно включить хлопок по джокеру.',
    russianJokers: 'Старше всех: джокер бьёт любую карту. Выбор игрока: положивший джокера решает, кто заберёт стопку.',
    cardLimit: (fewestWins) =>
      'Игра останавливается, когда сыграно столько карт; тогда побеждает тот, у кого ' + (fewestWins ? 'меньше карт.' : 'больше карт.'),
    language: 'Язык всех меню, сообщений и страниц «Как играть».',
    sound: 'Звуки: карты, хлопки и мелодии.',
    music: 'Мелодия в меню и за столом.',
  },
  playersCount: (n) => ruCount(n, 'игрок', 'игрока', 'игроков'),
  peopleCount: (n) => ruCount(n, 'человек', 'человека', 'человек'),
  seatsCount: (n) => ruCount(n, 'место', 'места', 'мест'),
  cardsPlayedCount: (n) => {
    const c = ruPlural(n);
    return String(n).replace(/\B(?=(\d{3})+$)/g, ' ') + (c === 'one' ? ' сыгранная карта' : c === 'few' ? ' сыгранные карты' : ' сыгранных карт');
  },
  opt: {
    ruleSet: 'Правила',
    players: 'Игроки',
    humans: 'Людей',
    difficulty: 'Компьютер',
    slapTimes: 'Время хлопков',
    onlineCpus: 'Мест компьютеру',
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
    cardLimit: 'Лимит карт',
  },
  ruleSetNames: { classic: 'Классика', russian: 'Русские' },
  difficultyNames: { easy: 'Легко', medium: 'Средне', hard: 'Трудно', master: 'Мастер' },
  slapTimesNames: { auto: 'Трудно и Мастер', on: 'Всегда', off: 'Никогда' },
  russianJokerNames: { off: 'Нет', beatsAll: 'Бьёт всё', chooser: 'Выбор игрока' },
  wrongSlapNames: { pay: 'Отдаёт карту', burn: 'Сжигает карты', pileToNext: 'Стопка соседу', ban: 'Запрет' },
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
  howToHint: 'Влево/вправо: страница   {circle}/{start}: назад',
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
  howGoalClassic: 'Соберите все карты. У каждого стопка рубашкой вверх; по очереди игроки кладут верхнюю карту в общую стопку.',
  howGoalRussian: 'Первым избавьтесь от всех карт. По очереди игроки кладут верхнюю карту в общую стопку. Хлопков нет.',
  howControls: (slapping) => '{square}: сыграть карту (в свой ход)   ' + (slapping ? '{cross}: хлопнуть   ' : '') + '{start}: пауза',
  howControlsTwo: (left, right, slapping) =>
    slapping
      ? `Левый: ${left.play} - ход, ${left.slap} - хлопок   Правый: ${right.play} - ход, ${right.slap} - хлопок   {start}: пауза`
      : `Левый: ${left.play} - ход   Правый: ${right.play} - ход   {start}: пауза`,
  exampleStack: 'Ваша стопка',
  examplePile: 'Общая стопка',
  howChallenges:
    'Валет, дама, король или туз - вызов: следующий игрок должен за несколько карт тоже выложить картинку или туза. Выложил - вызов переходит дальше; нет - стопку берёт тот, кто начал вызов.',
  chanceCaption: (rank, n) => ['Валет', 'Дама', 'Король', 'Туз'][rank - 11] + ': ' + chances(n),
  howSlaps: 'Хлопайте ({cross}), как только в стопке одна из этих фигур. Первый хлопок забирает всю стопку.',
  howCosts:
    'Считается только первый хлопок. Хлопок, когда в стопке нет ни одной фигуры, - ошибочный, как и фальстарт: хлопок раньше, чем карта открылась, или в первые 100 мс после этого.',
  lateCaption: 'Поздно: другой игрок хлопнул первым и забрал стопку. Поздний хлопок ничего не стоит.',
  tieCaption: 'Хлопки в один момент: выигрывает ближайший по часовой стрелке после положившего верхнюю карту.',
  howSlapIn: 'Игрок, у которого кончились карты, ещё не выбыл.',
  howCpus:
    'Компьютер видит то же, что и вы, и тогда же: карта летит рубашкой вверх и переворачивается, ложась на стопку, и все часы идут с этого мига. На пару ему нужно около 900 мс на уровне «Легко», 570 мс — «Средне», 400 мс — «Трудно» и 350 мс — «Мастер», уровень для самых быстрых.\n\nСколько бы компьютеров ни сидело за столом, они играют как один игрок, с одной реакцией на стопку: если пропускают пару, то все вместе.\n\nХлопок, до которого меньше 150 мс, уже не остановить, даже если стопка изменилась, — ни компьютеру, ни вам; пришёлся на полёт карты — это фальстарт. Пауза не даёт времени никому: после неё компьютер, видевший стопку, хлопает сразу.\n\n«Время хлопков» в настройках показывает после каждой гонки, кто и когда нажал: Вы 312 мс · Макс 298 мс.',
  howCompare: 'Каждая карта сравнивается с картой под ней (двойка младше всех, туз старше всех).',
  higherCaption: 'Старше: ход переходит дальше',
  equalCaption: 'Равна: ход переходит дальше',
  lowerCaption: 'Младше: её игрок забирает всю стопку',
  howLays:
    'Дама, король или туз на младшую карту: следующий игрок кладёт подряд 2, 3 или 4 карты. С картой под ней сравнивается только последняя из них.',
  layCaption: (rank, n) => ['Дама', 'Король', 'Туз'][rank - 12] + ' на младшую карту: следующий кладёт ' + n,
  jokerBeatsCaption: 'Джокер старше любой карты, даже туза',
  jokerLowerCaption: 'Любая карта на джокере младше: её игрок берёт стопку',
  jokerChooseCaption: 'Влево/вправо: кто заберёт   {confirm}: подтвердить',
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
  payHelp: 'Ошибочный хлопок отдаёт 1 карту тому, чью карту хлопнули.',
  banHelp: (n) => 'Ошибочный хлопок: нельзя хлопать следующие ' + cards(n) + '.',
  tensStopHelp: 'Десятка в ответ на вызов снимает его: стопку никто не берёт.',
  howToTwoPlayers:
    'Двое на одной PSP: в настройках «Людей: 2».\n\nЛевый игрок: крестовина влево - ход, L - хлопок.\nПравый игрок: Квадрат - ход, R - хлопок.\n\nВ меню управляют оба. Start ставит паузу для обоих.',
  howToTwoPeopleHere: 'Двое за одним экраном: в настройках «Людей: 2».\n\nВ меню управляют оба. {start} ставит паузу для обоих.',
  twoPlayerKeys: (k) => `Клавиатура: левый ${k.leftPlay} - ход, ${k.leftSlap} - хлопок; правый ${k.rightPlay} - ход, ${k.rightSlap} - хлопок.`,
  twoPlayerPads: 'Первый геймпад - левого игрока, второй - правого.',
  twoPlayerTouch: 'Сенсорный экран: у каждого своя половина; внизу - ход, вверху - хлопок.',
  russianJokerHelp: {
    off: 'Без джокеров.',
    beatsAll: 'Джокер бьёт любую карту; карта на джокере - младше.',
    chooser: 'Положивший джокера выбирает, кто заберёт стопку.',
  },

  you: 'Вы',
  leftPlayer: LEFT.nominative,
  rightPlayer: RIGHT.nominative,
  padTurn: (name, key) => 'Ходит ' + name + ': ' + key,
  padTake: (name, key) => name + ': ' + key + ' - забрать стопку',
  padChoose: (name, moveKeys, key) => 'Выбирает ' + name + ': ' + moveKeys + ', ' + key,
  tooLateFor: (name) => name + ': поздно!',
  slapBanned: (name, isYou, n) => (isYou ? 'Ошибочный хлопок' : name + ': ошибочный хлопок') + ', запрет на ' + cardsTaken(n),
  stillBanned: (name, isYou, n) => (isYou ? 'Вам' : inCase(name, 'dative')) + ' нельзя хлопать ещё ' + cardsTaken(n),
  wrongSlapClaim: (name, isYou, n) => 'Ошибка! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  tenStops: (name, isYou) => 'Десятка! ' + (isYou ? 'Вы снимаете' : name + ' снимает') + ' вызов',
  cpuNames: CPU_NAMES.map((n) => n.nominative),
  cards,
  controlPlay: 'Ход',
  controlSlap: 'Хлопок',
  controlChoose: 'Выбор',
  controlConfirm: 'ОК',
  yourTurn: 'Ваш ход: {square}',
  notYourTurn: 'Сейчас не ваш ход',
  takePile: '{square}: забрать стопку',
  waitFor: (name) => 'Ходит ' + name,
  quitQuestion: { psp: 'Выйти в меню PSP?', elsewhere: 'Выйти из игры?' },
  quitAnswers: '{start} или {confirm}: выйти   {circle}: остаться',
  endQuestion: 'Закончить эту игру?',
  endAnswers: '{confirm}: закончить (итоги)   {circle}: назад   {start}: играть дальше',
  chooseTaker: 'Джокер! Кто заберёт стопку?',
  chooseHint: 'Влево/вправо: выбор   {confirm}: ОК',
  higher: 'Старше',
  equal: 'Равна',
  lower: 'Младше',
  challenge: (name, isYou, n) => 'Вызов! ' + (isYou ? 'У вас ' : 'У ' + inCase(name, 'genitive') + ' ') + chances(n),
  chancesLeft: (name, isYou, left) =>
    (isYou ? 'У вас ' : 'У ' + inCase(name, 'genitive') + ' ') + (ruPlural(left) === 'one' ? 'осталась ' : 'осталось ') + chances(left),
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
  falseStart: (name, isYou, burned) =>
    (isYou ? 'Фальстарт' : name + ': фальстарт') + (burned > 0 ? ', сожжено: ' + cards(burned) : ''),
  falseStartLead: 'Фальстарт! ',
  falseStartClaim: (name, isYou, n) => 'Фальстарт! ' + capitalised(takes(name, isYou)) + ' ' + cardsTaken(n),
  falseStartTime: (name) => name + ': фальстарт',
  wrongSlapPaid: (name, isYou, early, payee, payeeIsYou, n) =>
    (early ? (isYou ? 'Фальстарт' : name + ': фальстарт') : isYou ? 'Ошибочный хлопок' : name + ': ошибочный хлопок') +
    ', ' +
    (payeeIsYou ? 'вы получаете ' : payee + ' получает ') +
    cardsTaken(n),
  barred: (name, isYou) => (isYou ? 'Вам' : inCase(name, 'dative')) + ' больше нельзя хлопать',
  tooLate: 'Поздно!',
  layCount: (total, left) => 'Штраф ' + total + ': осталось ' + left,
  out: (name, isYou) => (isYou ? 'Вы выбыли' : name + ' выбывает'),
  slappedIn: (name, isYou) => (isYou ? 'Вы вернулись' : name + ' возвращается') + ' в игру!',
  wins: (name, isYou) => (isYou ? 'Вы победили!' : name + ' побеждает!'),
  skipToResults: 'Любая кнопка: итоги',

  resultsTitle: 'Итоги',
  resultCause: (cause, ruleSet, people) => {
    const ranked = ruleSet === 'russian' ? 'побеждает тот, у кого меньше карт' : 'побеждает тот, у кого больше карт';
    switch (cause) {
      case 'allCards':
        return ruleSet === 'russian' ? 'Победа: на руках не осталось ни одной карты' : 'Победа: все карты у одного игрока';
      case 'cardLimit':
        return 'Игра остановлена по лимиту карт: ' + ranked;
      case 'repeat':
        return 'Повтор позиции (игра шла бы без конца): ' + ranked;
      case 'ended':
        return (people === 2 ? 'Игроки закончили игру досрочно: ' : 'Вы закончили игру досрочно: ') + ranked;
    }
  },
  ranking: 'Места',
  statCards: 'Карты',
  statPiles: 'Выиграно стопок',
  statSlapsWon: 'Хлопков удачных',
  statPilesTaken: 'Взято стопок',
  statWrongSlaps: 'Ошибочных хлопков',
  statFastest: 'Ваш быстрейший хлопок',
  statFastestPeople: 'Быстрейший хлопок из вас двоих',
  statCardsPlayed: 'Сыграно карт',
  lifetime: 'Все игры',
  lifetimeLine: (ruleSet, games, wins) => ruleSet + ': сыграно ' + games + ', побед ' + wins,
  twoPlayerLine: (games, left, right) => 'Вдвоём: сыграно ' + games + '; побед левого ' + left + ', правого ' + right,
  ms: (n) => n + ' мс',
  none: '-',
  resultsHint: '{confirm}: ещё раз   {circle}/{start}: в меню',
  gameEnded: 'Игра окончена',

  pauseTitle: 'Пауза',
  pauseItems: { resume: 'Продолжить', howTo: 'Как играть', endGame: 'Закончить игру' },
  pauseHint: '{confirm}: выбор   {circle}/{start}: продолжить',
  outTitle: 'Вы выбыли из игры',
  outItems: { watch: 'Смотреть втрое быстрее', end: 'Закончить игру' },
  outHint: '{confirm}: выбор   {circle}/{start}: смотреть дальше',
  outWhy: (barred, both) =>
    barred
      ? (both ? 'Без карт вы оба хлопнули ошибочно' : 'Без карт вы хлопнули ошибочно') + ': хлопать больше нельзя.'
      : (both ? 'У вас обоих кончились карты' : 'У вас кончились карты') + ', а возврат хлопком выключен.',
  resumesIn: (n) => 'Игра продолжится через ' + n,
  watchingFaster: 'Компьютеры доигрывают втрое быстрее - {start}: пауза',

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
  statsHint: '{circle}/{start}: назад   {triangle}: сбросить',
  resetQuestion: 'Сбросить всю статистику?',
  resetHint: '{confirm}: сбросить   {circle}: оставить',
  percent: (n) => n + '%',

  online: {
    title: 'По сети',
    rows: { create: 'Создать комнату', join: 'Войти по коду', hostNearby: 'Комната рядом: создать', joinNearby: 'Комната рядом: войти', name: 'Ваше имя', back: 'Назад' },
    about: 'Играйте с людьми где угодно: один создаёт комнату и даёт остальным её код или ссылку. Каждую гонку хлопков решает реакция самих игроков.',
    aboutNearby: 'Играйте с PSP поблизости, без точки доступа: один создаёт комнату и даёт остальным её код. Каждую гонку хлопков решает реакция самих игроков.',
    aboutBoth: 'Играйте с людьми где угодно или с PSP поблизости без точки доступа: один открывает комнату и даёт остальным её код.',
    hint: 'Вверх/вниз: выбор   {confirm}: подтвердить   {circle}: назад',
    noName: 'ещё не выбрано',
    createTitle: 'Новая комната',
    nearbyCreateTitle: 'Комната рядом',
    nearbyCreateHelp: 'Открывает комнату на этой PSP: вы получите код для PSP поблизости и начнёте игру, когда все соберутся.',
    createRow: 'Создать комнату',
    createHelp: 'Открывает комнату: вы получите код и ссылку для остальных и начнёте игру, когда все соберутся.',
    playersHelp: 'Сколько мест за столом: для вас, для тех, кто войдёт в комнату, и для компьютера.',
    createHint: 'Вверх/вниз: выбор   Влево/вправо, {confirm}: изменить   {start}: создать   {circle}: назад',
    nameTitle: 'Ваше имя',
    nameHelp: 'Его увидят остальные за столом. Оно сохранится на следующий раз.',
    codeTitle: 'Войти в комнату',
    codeHelp: 'Код комнаты: 7 букв и цифр от того, кто её создал.',
    nearbyCodeTitle: 'Войти в комнату рядом',
    nearbyCodeHelp: 'Код комнаты: 7 букв и цифр от PSP поблизости, которая её создала.',
    entryHint: 'Крестовина: выбор   {cross}: добавить   {circle}: стереть (или назад)   {start}: готово',
    entryKeysHint: 'Наберите на клавиатуре   Enter: готово   Backspace: стереть (или назад)',
    space: 'Пробел',
    waitHint: '{circle}: назад',
    opening: 'Открываем комнату...',
    joining: 'Входим в комнату...',
    lobbyTitle: (code) => 'Комната ' + code,
    nearbyShareCode: 'Дайте этот код PSP поблизости: его вводят в «Комната рядом: войти».',
    shareCode: 'Дайте остальным этот код.',
    shareLink: (link) => 'Или ссылку (она и в адресной строке): ' + link,
    openSeat: 'свободно: компьютер, если никто не придёт',
    cpuMark: 'компьютер',
    youMark: 'вы',
    creatorMark: 'создатель',
    awayMark: 'нет связи',
    setupLine: (ruleSet, players, difficulty) => ruleSet + ' · ' + players + (difficulty === null ? '' : ' · компьютер: ' + difficulty),
    startHint: '{confirm}: начать игру   {circle}: выйти',
    waitStartHint: (creator) => 'Игру начнёт ' + creator + '   {circle}: выйти',
    leaveQuestion: 'Выйти из игры?',
    leaveAnswers: '{confirm}: выйти (ваше место доиграет)   {circle}: остаться',
    rematchHint: '{confirm}: реванш   {circle}: выйти',
    waitRematchHint: (creator) => 'Реванш может начать ' + creator + '   {circle}: выйти',
    away: (names) => names + ': нет связи, карты играются сами',
    reconnecting: 'Связь прервалась: подключаемся снова...',
    missedGames: (games, winner, isYou) => (games > 1 ? `Пока вас не было, сыграно игр: ${games}` : isYou ? 'Пока вас не было, вы выиграли свою игру' : `Пока вас не было, игра окончена: победитель — ${winner}`),
    notFound: 'Комнаты с таким кодом нет.',
    started: 'В этой комнате игра уже идёт.',
    full: 'В этой комнате нет мест.',
    unreachable: 'Сервер комнат недоступен.',
    nearbyUnreachable: 'Комната рядом не ответила: включён ли WLAN, рядом ли её PSP?',
    nearbyNotOpened: 'Комнату рядом не открыть: включён ли переключатель WLAN?',
    hostLeft: 'PSP, создавшая комнату, вышла из неё: игра окончена.',
    hostAway: 'PSP с комнатой не на связи: ждём её...',
    leaveHint: '{circle}: выйти',
    hostGone: 'PSP с комнатой не вернулась: игра окончена.',
    hostWoke: 'Ваша PSP спала: остальные снова ищут комнату.',
    hostSlept: 'Ваша PSP спала слишком долго: комната закрыта.',
    tooMany: 'Слишком много попыток: подождите минуту.',
    lost: 'Связь с комнатой потеряна: для вас игра окончена.',
    serverStopping: 'Сервер комнат перезапустился: игра окончена.',
  },
};
