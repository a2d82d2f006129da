// How to play, built for the player's own options: what the game is and its
// buttons, then (classic) the challenge counts, each slap pattern that is on
// shown as its record's pile (src/rules/slap-rules.ts), what a wrong or late slap costs and slapping back
// in; (Russian) higher and lower, the penalty lays and the jokers as set;
// last, two people on one PSP (with the host's keys and controllers, when it
// has them: its capabilities).
// Every picture is a pile the rules themselves judge as its caption says
// (test/game/howto.test.ts checks them with src/rules).
import { CARD_BACK } from '../assets/atlas';
import { DEFAULT_CAPABILITIES, type Capabilities } from '../contract';
import { SLAP_RULES, SLAP_RULE_TABLE, slapRuleAvailable } from '../rules';
import { makeCard } from '../rules/cards';
import type { GameOptions, SlapRule } from '../rules/types';
import type { Strings } from './i18n/strings';
import { PAD_LEFT, PAD_RIGHT, PADS, padNames } from './pads';
import type { HowToExample, HowToPage } from './screen';

const CLUBS = 0;
const DIAMONDS = 1;
const HEARTS = 2;
const SPADES = 3;
const JOKER = 52;
const c = makeCard;

/** The mark of a Russian picture whose top card's player takes the pile (src/app/screen.ts HowToExample). */
const TAKES = 3;

const ex = (cards: number[], caption: string, mark = 0, burned = 0): HowToExample => ({ cards, caption, mark, burned });

function page(title: string, text: string, examples: HowToExample[], across: boolean): HowToPage {
  return { title, text, examples, across, psp: false };
}

/**
 * Two people: on the PSP its buttons beside a drawing of it, then any
 * controllers; elsewhere (a computer's keys, issue 20: such a host never
 * shows a PSP glyph; a touch screen, whose players hold no PSP) no
 * drawing, and the keys, controllers and touch screen this host has (its
 * capabilities).
 */
function twoPeople(t: Strings, caps: Capabilities): HowToPage {
  const more = [caps.keys ? t.twoPlayerKeys(caps.keys) : '', caps.pads >= 2 ? t.twoPlayerPads : '', caps.touch.length > 0 ? t.twoPlayerTouch : ''].filter(
    (s) => s !== '',
  );
  if ((t.machine ?? 'psp') !== 'psp') {
    return { title: t.howPages.twoPeople, text: [t.howToTwoPeopleHere, ...more].join('\n\n'), examples: [], across: false, psp: false };
  }
  const text = more.length > 0 ? t.howToTwoPlayers + '\n' + more.join(' ') : t.howToTwoPlayers;
  return { title: t.howPages.twoPeople, text, examples: [], across: false, psp: true };
}

/**
 * The first page's line of buttons: one person's, or with two people at
 * the table each one's own (src/app/pads.ts, named as this host's players
 * know them: the PSP's, or the keys of host.caps).
 */
function controls(t: Strings, people: number, slapping: boolean): string {
  if (people < 2) return t.howControls(slapping);
  return t.howControlsTwo(padNames(PADS[PAD_LEFT]!, t.keys), padNames(PADS[PAD_RIGHT]!, t.keys), slapping);
}

/** What a wrong slap costs under the wrong-slap rule, and the cards it burns. */
function wrongSlapCost(options: GameOptions, t: Strings): { caption: string; burned: number } {
  if (options.wrongSlap === 'pay') return { caption: t.payHelp, burned: 0 };
  if (options.wrongSlap === 'pileToNext') return { caption: t.pileToNextHelp, burned: 0 };
  if (options.wrongSlap === 'ban') return { caption: t.banHelp(options.banCards), burned: 0 };
  return { caption: t.penaltyHelp(options.wrongSlapPenalty), burned: options.wrongSlapPenalty };
}

/** Slap pictures a page: three rows fit the panel. */
const SLAPS_A_PAGE = 3;

/** The pages for a game with these options, on this host, for `people` at the table (1 or 2). */
export function howToPages(options: GameOptions, t: Strings, caps: Capabilities = DEFAULT_CAPABILITIES, people = 1): HowToPage[] {
  const P = t.howPages;
  if (options.ruleSet === 'russian') {
    const pages = [
      page(P.goal, t.howGoalRussian + '\n' + controls(t, people, false), [ex([CARD_BACK], t.exampleStack), ex([c(6, CLUBS), c(10, HEARTS), c(2, SPADES)], t.examplePile)], true),
      page(
        P.compare,
        t.howCompare,
        [
          ex([c(6, CLUBS), c(9, HEARTS)], t.higherCaption),
          ex([c(9, DIAMONDS), c(9, SPADES)], t.equalCaption),
          ex([c(9, HEARTS), c(5, CLUBS)], t.lowerCaption, TAKES),
        ],
        false,
      ),
      page(
        P.lays,
        t.howLays,
        [12, 13, 14].map((rank) => ex([c(5, DIAMONDS), c(rank, SPADES)], t.layCaption(rank, rank - 10))),
        false,
      ),
    ];
    if (options.russianJokers === 'beatsAll') {
      pages.push(
        page(P.jokers, t.russianJokerHelp.beatsAll, [ex([c(14, SPADES), JOKER], t.jokerBeatsCaption), ex([JOKER, c(7, HEARTS)], t.jokerLowerCaption, TAKES)], false),
      );
    } else if (options.russianJokers === 'chooser') {
      pages.push(page(P.jokers, t.russianJokerHelp.chooser, [ex([c(10, CLUBS), JOKER], t.jokerChooseCaption)], false));
    } else {
      pages.push(page(P.jokers, t.russianJokerHelp.off, [], false));
    }
    pages.push(twoPeople(t, caps));
    return pages;
  }
  const pages = [
    page(P.goal, t.howGoalClassic + '\n' + controls(t, people, true), [ex([CARD_BACK], t.exampleStack), ex([c(6, CLUBS), c(10, HEARTS), c(2, SPADES)], t.examplePile)], true),
    page(
      P.challenges,
      options.tensStop ? t.howChallenges + ' ' + t.tensStopHelp : t.howChallenges,
      [11, 12, 13, 14].map((rank) => ex([c(rank, [CLUBS, HEARTS, DIAMONDS, SPADES][rank - 11]!)], t.chanceCaption(rank, rank - 10))),
      true,
    ),
  ];
  const slaps: SlapRule[] = SLAP_RULES.filter((rule) => options.slapRules[rule] && slapRuleAvailable(rule, options));
  for (let i = 0; i < slaps.length; i += SLAPS_A_PAGE) {
    const title = slaps.length > SLAPS_A_PAGE ? P.slaps + ' ' + t.page(i / SLAPS_A_PAGE + 1, Math.ceil(slaps.length / SLAPS_A_PAGE)) : P.slaps;
    pages.push(
      page(
        title,
        t.howSlaps,
        slaps.slice(i, i + SLAPS_A_PAGE).map((rule) => ex(SLAP_RULE_TABLE[rule].example(options), t.slapRuleHelp[rule], 1)),
        false,
      ),
    );
  }
  const cost = wrongSlapCost(options, t);
  pages.push(
    page(
      P.costs,
      t.howCosts,
      [
        ex([c(4, CLUBS), c(9, DIAMONDS), c(12, HEARTS)], cost.caption, 2, cost.burned),
        ex([], t.lateCaption, 2),
        ex([c(10, SPADES), c(10, HEARTS)], t.tieCaption, 1),
      ],
      false,
    ),
  );
  const slapIn = [ex([], t.slapInHelp(options.slapIn), 0)];
  if (options.slapIn && slaps.length > 0) {
    slapIn[0] = ex(SLAP_RULE_TABLE[slaps[0]!].example(options), t.slapInHelp(true), 1);
    slapIn.push(ex([c(3, CLUBS), c(8, HEARTS)], t.barredHelp, 2));
  }
  pages.push(page(P.slapIn, t.howSlapIn, slapIn, false));
  pages.push(page(P.cpus, t.howCpus, [], false));
  pages.push(twoPeople(t, caps));
  return pages;
}
