// Русский текст.
import { capitalised } from './capital';
import type { Strings } from './strings';

/** 1 карта, 2 карты, 5 карт, 21 карта, 11 карт. */
function cards(n: number): string {
  const d = n % 10;
  const dd = n % 100;
  if (d === 1 && dd !== 11) return n + ' карта';
  if (d >= 2 && d <= 4 && (dd < 12 || dd > 14)) return n + ' карты';
  return n + ' карт';
}

function chances(n: number): string {
  const d = n % 10;
  if (n === 1) return '1 попытка';
  if (d >= 2 && d <= 4) return n + ' попытки';
  return n + ' попыток';
}

function takes(name: string, isYou: boolean): string {
  return isYou ? 'вы берёте' : name + ' берёт';
}

export const RU: Strings = {
  languageName: 'Русский',
  title: 'Египетский Рэтскрю',
  subtitle: 'Египетский Рэтскрю: хлопни по стопке!',
  menu: { play: 'Играть', options: 'Настройки', howTo: 'Как играть', quit: 'Выход' },
  titleHint: 'Вверх/вниз: выбор   Крест: ОК   Start: выход',
  demo: 'Демо - нажмите любую кнопку',
  savedDataNotice: 'Сохранённые настройки повреждены: нечитаемое заменено на стандартное.',

  optionsTitle: 'Настройки',
  optionsHint: 'Вверх/вниз: пункт   Влево/вправо, Крест: изменить   Круг: назад',
  opt: {
    ruleSet: 'Правила',
    players: 'Игроки',
    humans: 'Людей',
    difficulty: 'Компьютер',
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
  },
  ruleSetNames: { classic: 'Классика', russian: 'Русские' },
  difficultyNames: { easy: 'Легко', medium: 'Средне', hard: 'Трудно' },
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
  howToHint: 'Влево/вправо: страница   Круг: назад',
  howToClassic: [
    'Соберите все карты. У каждого стопка рубашкой вверх. По очереди игроки кладут верхнюю карту в общую стопку.\n\nКвадрат: сыграть карту (в свой ход)\nКрест: хлопнуть по стопке\nStart: выход (нажать дважды)',
    'Валет, дама, король или туз - вызов: следующий игрок должен ответить картинкой или тузом за 1, 2, 3 или 4 карты. Не ответил - стопку берёт тот, кто положил последнюю картинку.',
    'Хлопайте Крестом, когда в стопке узор хлопка: первый хлопок забирает всю стопку. Ошибочный хлопок сжигает карты под стопку. Игрок без карт может вернуться хлопком.',
  ],
  howToRussian: [
    'Первым избавьтесь от всех карт. По очереди игроки кладут верхнюю карту в стопку. Хлопков нет.\n\nКвадрат: сыграть карту\nStart: выход (нажать дважды)',
    'Карта старше или равна лежащей под ней - ход переходит дальше. Карта младше - её игрок забирает всю стопку.',
    'Туз, король или дама на младшую карту: следующий кладёт 4, 3 или 2 карты, сравниваются только две последние. Джокеры (настройка) бьют всё или дают выбрать, кто заберёт стопку (крестовина, Крест).',
  ],
  page: (n, of) => n + ' / ' + of,
  activeRulesTitle: 'В этой игре',
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
  penaltyHelp: (n) => (n === 0 ? 'Ошибочный хлопок без штрафа.' : 'Ошибочный хлопок сжигает ' + cards(n) + '.'),
  pileToNextHelp: 'Ошибочный хлопок отдаёт стопку следующему игроку.',
  banHelp: (n) => 'Ошибочный хлопок: нельзя хлопать следующие ' + cards(n) + '.',
  tensStopHelp: 'Десятка в ответ на вызов снимает его: стопку никто не берёт.',
  howToTwoPlayers:
    'Двое на одной PSP: в настройках «Людей: 2».\n\nЛевый игрок: крестовина влево - ход, L - хлопок.\nПравый игрок: Квадрат - ход, R - хлопок.\n\nВ меню управляют оба. Start ставит паузу для обоих.',
  desktopKeys: 'Клавиатура: левый F - ход, Q - хлопок; правый J - ход, P - хлопок. Первый геймпад - левого игрока, второй - правого.',
  slapInHelp: (on) => (on ? 'Кончились карты? Вернитесь хлопком.' : 'Без карт - выбываете.'),
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
  slapBanned: (name, isYou, n) => (isYou ? 'Ошибочный хлопок' : name + ': ошибочный хлопок') + ', запрет на ' + cards(n),
  stillBanned: (name, isYou, n) => (isYou ? 'Вам' : name) + ' нельзя хлопать ещё ' + cards(n),
  wrongSlapClaim: (name, isYou, n) => 'Ошибка! ' + capitalised(takes(name, isYou)) + ' ' + cards(n),
  tenStops: (name, isYou) => 'Десятка! ' + (isYou ? 'Вы снимаете' : name + ' снимает') + ' вызов',
  cpuNames: ['Даша', 'Алекс', 'Макс', 'Ким', 'Сэм'],
  cards,
  controlPlay: 'Ход',
  controlSlap: 'Хлопок',
  yourTurn: 'Ваш ход: Квадрат',
  notYourTurn: 'Сейчас не ваш ход',
  takePile: 'Квадрат: забрать стопку',
  waitFor: (name) => 'Ходит ' + name,
  quitConfirm: 'Нажмите Start ещё раз для выхода',
  chooseTaker: 'Джокер! Кто заберёт стопку?',
  chooseHint: 'Влево/вправо: выбор   Крест: ОК',
  higher: 'Старше',
  equal: 'Равна',
  lower: 'Младше',
  challenge: (name, isYou, n) => 'Вызов! ' + (isYou ? 'У вас ' : 'У ' + name + ': ') + chances(n),
  slapClaim: (pattern, name, isYou, n) => pattern + '! ' + capitalised(takes(name, isYou)) + ' ' + cards(n),
  challengeClaim: (name, isYou, n) => 'Вызов выигран: ' + takes(name, isYou) + ' ' + cards(n),
  lastCardClaim: (name, isYou, n) => 'Последняя стопка: ' + takes(name, isYou) + ' ' + cards(n),
  lowerClaim: (name, isYou, n) => 'Младше! ' + capitalised(takes(name, isYou)) + ' ' + cards(n),
  jokerClaim: (name, isYou, n) => 'Джокер! ' + capitalised(takes(name, isYou)) + ' ' + cards(n),
  choiceClaim: (_chooser, _chooserIsYou, name, isYou, n) => 'Джокер: ' + takes(name, isYou) + ' ' + cards(n),
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
  statPiles: 'Взято стопок',
  statSlapsWon: 'Хлопков удачных',
  statSlapsLost: 'Хлопков неудачных',
  statFastest: 'Ваш быстрейший хлопок',
  statCardsPlayed: 'Сыграно карт',
  lifetime: 'Все игры',
  lifetimeLine: (ruleSet, games, wins) => ruleSet + ': сыграно ' + games + ', побед ' + wins,
  twoPlayerLine: (games, left, right) => 'Вдвоём: сыграно ' + games + '; побед левого ' + left + ', правого ' + right,
  ms: (n) => n + ' мс',
  none: '-',
  resultsHint: 'Крест: ещё раз   Круг: в меню',
};
