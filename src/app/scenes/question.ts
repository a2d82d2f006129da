// A yes/no question over a scene: the title's "Quit to the PSP menu?" and
// the pause menu's "End this game?". Each button keeps one meaning (issue
// 20): Cross says yes, Circle says no; the question's owner says what Start
// does there (on the title it is the button that asked: again, it quits).
// Any other button leaves the question up, so a stray press answers nothing.
// A tap beside the question's panel says no, as a tap beside any dialog
// closes it; a tap on it answers nothing (a stray tap never quits).
import { BTN_CIRCLE, BTN_CROSS } from '../../contract';
import { onQuestion } from '../../view/render';
import { wasPressed, type Buttons } from '../input';

/** 'yes': Cross (or a button of `alsoYes`); 'no': Circle, or a tap beside the question; null: not answered this frame. */
export function answer(b: Buttons, alsoYes = 0): 'yes' | 'no' | null {
  if (wasPressed(b, BTN_CROSS | alsoYes)) return 'yes';
  if (wasPressed(b, BTN_CIRCLE) || (b.tapped && !onQuestion(b.tapX, b.tapY))) return 'no';
  return null;
}
